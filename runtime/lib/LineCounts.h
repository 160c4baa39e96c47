//===- LineCounts.h - Exact per-source-line counts from block counts ------===//
//
// The sibling of RegionCounts.h for the optional line table: a line's counts
// in a region are the sum, over the blocks of the region it appears in, of
// the block's execution count times the part of the block's static cost
// written on that line. Dynamic amounts (run-time memcpy lengths, masked
// lanes) are not split by line. Computed once, at report time: lines cost
// nothing while the program runs.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_LINECOUNTS_H
#define ENERGY_RT_LINECOUNTS_H

#include "ModuleRecord.h"

#include "energy/model/activity.h"

#include <vector>

namespace energy::rt {

struct LineCount {
  uint32_t Region; /// the module's region that owns the line's blocks
  uint32_t File;   /// in the module's table of line files
  uint32_t Line;
  /// The module's inline site the code was inlined at (ENERGY_NO_SITE: it
  /// was not inlined).
  uint32_t InlinedAt;
  model::Activity Counts;
};

/// Every (region, file, line, inline site) of `M` that executed, from its
/// blocks' execution counts (RegionCountsResult::Blocks), in the order the
/// line table first names them; empty for a module without a line table.
std::vector<LineCount> lineCounts(const ModuleRecord &M, const std::vector<uint64_t> &BlockCounts);

} // namespace energy::rt

#endif
