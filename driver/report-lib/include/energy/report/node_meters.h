//===- energy/report/node_meters.h - A node's meters counted once per job --===//
//
// The ranks of a job that share a node read the same meters (the RAPL
// packages, psys, NVML GPUs), so each rank's report holds the node's whole
// measured energy over the rank's run, and summing the ranks counts a node
// once per rank on it. A job report counts each node once instead: the
// node's energy is the largest measured total among its ranks (the ranks
// run together, so the longest run saw the most of the node's energy), and
// each rank gets the part of it in proportion to its CPU time (the CPU time
// of its threads, MPI's polling included: what the node's processors spent
// on it). Every measured figure of the rank (its regions' `measured` and
// `measured_idle`, its totals) is scaled by its share over its own total.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_NODE_METERS_H
#define ENERGY_REPORT_NODE_METERS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

/// What one rank's report says of its node's meters.
struct RankMeter {
  uint64_t rank = 0;
  std::string node;
  double measuredJoules = 0.0;              // totals.energy_j.measured
  std::optional<double> measuredIdleJoules; // totals.energy_j.measured_idle
  double cpuSeconds = 0.0;                  // its threads' CPU time
};

/// The meter reading of a rank's report (one with `job.rank` and a measured
/// total); none for a report of no rank, a job report, or one without meter.
std::optional<RankMeter> rankMeter(const nlohmann::json &Doc);

/// Each rank's factor: its share of its node's energy over its own measured
/// total. Ranks whose total is 0 keep theirs (factor 1).
std::map<uint64_t, double> nodeShareFactors(const std::vector<RankMeter> &Ranks);

/// Scales the measured energies of a merged job report so that each node's
/// meters count once: every region's `by_rank` entries of the ranks in
/// `Ranks` by their factor, the region's own figures by the same amounts,
/// and the totals.
void countNodeMetersOnce(nlohmann::json &JobReport, const std::vector<RankMeter> &Ranks);

} // namespace energy::report

#endif
