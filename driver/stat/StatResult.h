//===- StatResult.h - What one energy-stat run measured ----------*- C++ -*-===//
//
// Everything the printers need, gathered once after the program ended: each
// event with its status and raw/enabled/running values, each energy meter's
// joules, the sources and why some are missing, times, and the exit status.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_STAT_STATRESULT_H
#define ENERGY_STAT_STATRESULT_H

#include "meters/MeterSet.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace energy::stat {

struct EventResult {
  meters::EventSpec spec;
  meters::CounterStatus status = meters::CounterStatus::Closed;
  meters::CounterValue value;
  bool userOnly = false;
  /// The value as perf prints it: scaled by enabled/running, then by the
  /// PMU's scale (joules for power events); empty when not counted.
  std::optional<double> printable() const;
  /// perf's unit column: msec for the clocks, the PMU unit, or nothing.
  std::string unit() const;
};

struct MeterResult {
  std::string name;
  std::string domain;
  std::string source;
  std::optional<double> joules;
};

struct ExternalResult {
  std::string path;
  std::optional<double> joules;
  std::string detail; // why there is no value
};

struct StatResult {
  std::vector<std::string> command;
  std::vector<EventResult> events;
  std::vector<MeterResult> meters;
  std::vector<size_t> primaryMeters; // indices whose sum is the machine's energy
  std::vector<meters::Source> sources;
  std::optional<ExternalResult> external;
  double elapsedSeconds = 0;
  double userSeconds = 0;
  double systemSeconds = 0;
  int exitStatus = 0;
  nlohmann::json timeline; // with -I: the intervals, docs/formats/timeline.md; null without

  /// The sum of the primary meters, when every one of them was read.
  std::optional<double> totalJoules() const;
};

/// Gathers the result from the meter set after the program ended.
StatResult gatherResult(meters::MeterSet &set, const meters::Reading &final);

} // namespace energy::stat

#endif
