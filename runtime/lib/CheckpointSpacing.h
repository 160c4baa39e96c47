//===- CheckpointSpacing.h - How far apart checkpoints are ----------------===//
//
// A checkpoint's copy of the process (Checkpoint.h) costs the program two
// things that grow with the memory it has touched: the clone of its page
// tables, and afterwards one write-protect fault for each page it writes
// again (copy-on-write, even once the copy has ended). Measured on the
// development VM (bench/README.md, "Checkpoints"): 0.025 to 0.09 ms per MiB
// for the clone and 0.15 to 0.28 ms per MiB rewritten, quiet to loaded, for
// a program rewriting everything it touched. So unless ENERGY_CHECKPOINT
// chose the period, the default one is stretched to keep that cost under
// CheckpointCostBudget of the time between checkpoints: 10 s up to 2.5 MiB
// of the process's own resident memory, 1024 s for 256 MiB.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CHECKPOINTSPACING_H
#define ENERGY_RT_CHECKPOINTSPACING_H

#include <algorithm>
#include <cstdint>

namespace energy::rt {

/// A checkpoint's cost per MiB of the process's own resident memory (not
/// file-backed), with what the measurement found rounded up: clone and
/// faults, every page rewritten (an upper bound: pages read only, or never
/// touched again, cost the clone alone).
inline constexpr double CheckpointCostNsPerMiB = 400000;
/// The share of the run that default checkpoints may cost: 0.01%.
inline constexpr double CheckpointCostBudget = 1e-4;

/// The nanoseconds from one checkpoint to the next: `PeriodNs` when the user
/// chose it, else at least that and long enough that a process of
/// `ResidentMiB` stays within the budget.
inline uint64_t checkpointSpacingNs(uint64_t PeriodNs, bool Chosen, double ResidentMiB) {
  if (Chosen)
    return PeriodNs;
  double ForMemory = ResidentMiB * CheckpointCostNsPerMiB / CheckpointCostBudget;
  return std::max(PeriodNs, uint64_t(ForMemory));
}

} // namespace energy::rt

#endif
