//===- RegionCounts.h - Exact per-region counts from block counts ---------===//
//
// A region's self counts are the sum, over the blocks it owns, of the block's
// execution count times its static cost vector, plus the amounts of the
// dynamic counters (run-time memcpy lengths, executed lanes of masked
// operations) attributed to its blocks. Computed once, at report time.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_REGIONCOUNTS_H
#define ENERGY_RT_REGIONCOUNTS_H

#include "ModuleRecord.h"

#include "energy/model/activity.h"

#include <vector>

namespace energy::rt {

struct RegionCountsResult {
  std::vector<model::Activity> Regions; /// one per region of the module
  std::vector<uint64_t> Blocks;         /// one execution count per block
  /// Per region, the count of its entry block (energy_region.entry_block):
  /// its calls, exact; -1 where the region has no such block.
  std::vector<int64_t> Entries;
  uint64_t InvalidEntries = 0; /// table entries naming a region, block or
                               /// kind that does not exist (left out)
};

/// Adds N executions of a block (or of a line's part of one) costing C.
void addExecutions(model::Activity &A, const energy_cost &C, uint64_t N) noexcept;

/// Self counts of every region of `M`, from its merged counters.
RegionCountsResult regionCounts(const ModuleRecord &M);

/// What all of `M`'s blocks did according to one thread's counter array
/// (num_counters + num_dynamic slots), regions not told apart.
model::Activity moduleActivity(const ModuleRecord &M, const uint64_t *Counters) noexcept;

} // namespace energy::rt

#endif
