//===- meters/ExternalMeter.h - A wall meter's power log ----------*- C++ -*-===//
//
// External meters (a wall-socket meter, a PDU, a lab power analyser) log
// power, not energy, on their own clock. Their CSV, one `timestamp,watts` per
// line with the timestamp in UNIX seconds, is joined to a run's timeline
// afterwards: the energy of each interval is the integral of the power
// between the interval's bounds, with power linear between samples (the
// trapezoid rule, cut at the bounds). Intervals the log does not cover get
// no energy: nothing is extrapolated.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_EXTERNALMETER_H
#define ENERGY_METERS_EXTERNALMETER_H

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace energy::meters {

struct PowerSample {
  double time; // UNIX seconds
  double watts;
};

struct PowerLog {
  std::vector<PowerSample> samples; // strictly increasing in time
};

/// Parses the CSV. An optional header line, blank lines and '#' comments are
/// skipped; anything else that is not two numbers, a negative power or a
/// timestamp that goes back is an error naming the line.
bool parsePowerCsv(std::string_view text, PowerLog &log, std::string &error);
bool loadPowerCsv(const std::string &path, PowerLog &log, std::string &error);

/// Joules between t0 and t1 (UNIX seconds), or nothing when the log does not
/// cover the whole of [t0, t1].
std::optional<double> integrateEnergy(const PowerLog &log, double t0, double t1);

/// Joins the log to a timeline (docs/formats/timeline.md, version 1) as one
/// more meter, `name` with domain "external": each interval gets the joules
/// between start_epoch_s + t_start and start_epoch_s + t_end, or null where
/// the log does not cover it. False, with a one-line error, for a document
/// that is not a timeline of a known version.
bool joinExternalMeter(nlohmann::json &timeline, const PowerLog &log, const std::string &name,
                       std::string &error);

} // namespace energy::meters

#endif
