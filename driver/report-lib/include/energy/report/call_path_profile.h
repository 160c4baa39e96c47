//===- energy/report/call_path_profile.h - A report as weighted stacks ----===//
//
// pprof, speedscope and folded stacks (flame.h) want samples: a stack of
// frames and integer values.
// A report gives each region's self energy, time and exact counts, and its
// call tree gives the paths by which regions were reached, with the time
// spent on each path (not energy or counts: those are recorded per region).
// So every region's figures are split among its paths in proportion to their
// self time (by calls when no path has time, equally when none has calls),
// with integer shares that add up exactly (apportion.h). Per metric, the
// samples then add up exactly to the report's total:
// - energy: totals.energy_j, in nanojoules: measured when a meter was
//   present (then with one sample outside any region for the energy the
//   meters counted while no region was on top), modelled otherwise;
// - time: the regions' self times summed, in nanoseconds;
// - flops, bytes (loaded + stored), instructions: totals.counts.
// A region the call tree has no node for (a sampled report's tree has only
// the paths that samples saw, so a short region with exact counts may have
// none; every tree is bounded per thread, docs/formats/report.md), or whose
// nodes hold less self time than the region (entries beyond the bound), gets
// a sample for what the tree lacks, stacked by its region nesting.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_CALL_PATH_PROFILE_H
#define ENERGY_REPORT_CALL_PATH_PROFILE_H

#include "energy/report/report.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace energy::report {

enum class Metric { Energy, Time, Flops, Bytes, Instructions };
inline constexpr size_t MetricCount = 5;

struct MetricInfo {
  const char *name; // pprof sample type
  const char *unit; // pprof unit
};
/// energy nanojoules, time nanoseconds, flops count, bytes bytes,
/// instructions count; indexed by Metric.
const MetricInfo &metricInfo(Metric M);

using MetricValues = std::array<uint64_t, MetricCount>;

/// Where a sample's stack comes from.
enum class StackOrigin {
  CallTree,       // a call path of the report's call tree
  RegionNesting,  // parent links: what the call tree left out
  OutsideRegions, // measured energy while no region was on top (no frames)
};

struct PathSample {
  std::vector<uint64_t> regions; // region ids, root first
  StackOrigin origin = StackOrigin::CallTree;
  MetricValues values{};
};

struct CallPathProfile {
  /// Samples with a non-zero value: call-tree paths in node order, then
  /// what the tree left out in region order, then outside regions.
  std::vector<PathSample> samples;
  /// What the samples add up to, per metric: the report's totals.
  MetricValues totals{};
  bool measuredEnergy = false;
  /// Regions with figures the call tree does not hold (all of them when
  /// the report has no call tree).
  size_t regionsOutsideTree = 0;
};

/// Builds the samples of R, by its call tree when it has one. Throws
/// ReportError when parent links needed for a stack form a cycle.
CallPathProfile callPathProfile(const Report &R);

/// In words, where the energy values come from: "measured by rapl:package-0"
/// or "modelled by default-analytic-v1".
std::string energySource(const Report &R);

} // namespace energy::report

#endif
