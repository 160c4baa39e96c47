// Divergence: branch efficiency and warp execution efficiency as Nsight Compute defines them.
//   branch efficiency = uniform branches / executed branches, where a branch (BRA, BRX, JMP,
//     JMX, RET, EXIT, BRK, CONT) is divergent when its active threads do not all go the same way;
//   warp execution efficiency = mean active threads per executed warp instruction / warp size;
//   the predicated-on variant counts only threads whose predicate is true.
// For traces these are measured from the active masks. For inputs with only per-thread counts
// they are estimated: a warp issues a block as often as its busiest lane runs it, and a branch
// block diverges as often as its lanes' successor counts differ.
#pragma once

#include "energy/gpu/Kernel.h"

namespace energy::gpu {

struct DivergenceSummary {
  bool Measured = false;
  uint64_t Warps = 0, DivergentWarps = 0;
  WarpCounts Total;
  double BranchEfficiency = 1; // 1 when no branch executed
  double WarpExecutionEfficiency = 1;
  double PredicatedOnEfficiency = -1; // -1 when not measured
};

// Fills K.WarpStats from the per-thread behaviours when the input had no masks.
void estimateWarpCounts(Kernel &K);
DivergenceSummary summarizeDivergence(const Kernel &K);
double branchEfficiency(const WarpCounts &W);
double warpExecutionEfficiency(const WarpCounts &W, uint32_t WarpSize);

} // namespace energy::gpu
