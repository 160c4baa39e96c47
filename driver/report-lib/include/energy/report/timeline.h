//===- energy/report/timeline.h - A report's real-time timeline -----------===//
//
// The optional `timeline` section of a report (docs/formats/timeline.md):
// what the 20 ms sampler saw in each interval. Read and validated here, into
// Report::timeline by the report reader, and for the timelines outside a
// report's own (energy-stat's output, a merged report's processes): for
// `energy-report timeline` (power over time), `explain` (hardware counters
// per region, summed over the intervals each region was on top of a
// thread's stack) and `export`.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_TIMELINE_H
#define ENERGY_REPORT_TIMELINE_H

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

struct TimelineMeter {
  std::string name;
  std::string domain;
};

struct TimelineThreadEntry {
  uint64_t thread = 0;
  std::optional<uint64_t> region;
  std::vector<std::optional<double>> counters; // one per event
};

struct TimelineInterval {
  double start = 0.0;
  double end = 0.0;
  std::vector<std::optional<double>> energy; // one per meter
  std::vector<TimelineThreadEntry> threads;
};

struct Timeline {
  double period = 0.0;
  /// `start_epoch_s`: UNIX time of t = 0, which lines up several processes.
  std::optional<double> startEpochSeconds;
  /// `threads`: the Linux thread id behind each thread slot.
  std::map<uint64_t, uint64_t> threadIds;
  std::vector<std::string> events;
  std::vector<TimelineMeter> meters;
  std::vector<TimelineInterval> intervals;
};

/// Validates a `timeline` object; `Origin` names it in errors. Throws
/// ReportError for another format or version, or a missing or mistyped key.
Timeline parseTimeline(const nlohmann::json &Doc, const std::string &Origin);

/// A region's hardware counters, summed over the timeline.
struct RegionCounters {
  /// Seconds of thread-intervals in which the region was on top.
  double seconds = 0.0;
  /// Sum per event over the intervals where the event counted.
  std::map<std::string, double> values;
  /// Events that never counted for this region (null in every interval).
  std::vector<std::string> uncounted;
};

/// Counters per region id: each thread's deltas go to the region on top of
/// its stack at the interval's end (the sampler's attribution).
std::map<uint64_t, RegionCounters> regionCounters(const Timeline &T);

} // namespace energy::report

#endif
