// Divergence: totals of the measured warp counts, and their estimate from per-thread counts.
#include "energy/gpu/Divergence.h"

#include <algorithm>
#include <bit>

namespace energy::gpu {
namespace {

bool isBranchBlock(const BasicBlock &B) {
  static const char *Branches[] = {"bra", "brx", "ret", "exit", "BRA", "BRX",
                                   "JMP", "JMX", "RET", "EXIT", "BRK", "CONT"};
  if (B.EndsInExit || B.Successors.size() >= 2)
    return true;
  for (const char *Name : Branches)
    if (B.Terminator == Name)
      return true;
  return false;
}

// Counts of one warp from the behaviours of its lanes.
WarpCounts estimateWarp(const Kernel &K, const std::vector<uint32_t> &Lanes) {
  WarpCounts W;
  for (const BasicBlock &B : K.Blocks) {
    uint64_t Max = 0, Sum = 0;
    for (uint32_t L : Lanes) {
      uint64_t C = K.Behaviours[L].BlockCounts[B.Id];
      Max = std::max(Max, C);
      Sum += C;
    }
    W.WarpInstructions += Max * B.Instructions;
    W.ActiveThreadInstructions += Sum * B.Instructions;
    if (!isBranchBlock(B) || Max == 0)
      continue;
    W.Branches += Max;
    // A branch diverges at least as often as its lanes' counts of one successor differ.
    uint64_t Spread = 0;
    for (uint32_t S : B.Successors) {
      uint64_t Lo = UINT64_MAX, Hi = 0;
      for (uint32_t L : Lanes)
        if (K.Behaviours[L].BlockCounts[B.Id]) {
          Lo = std::min(Lo, K.Behaviours[L].BlockCounts[S]);
          Hi = std::max(Hi, K.Behaviours[L].BlockCounts[S]);
        }
      if (Hi >= Lo)
        Spread = std::max(Spread, Hi - Lo);
    }
    W.DivergentBranches += std::min(Max, Spread);
  }
  W.PredicatedOnThreadInstructions = W.ActiveThreadInstructions;
  return W;
}

} // namespace

double branchEfficiency(const WarpCounts &W) {
  return W.Branches ? double(W.Branches - W.DivergentBranches) / double(W.Branches) : 1.0;
}

double warpExecutionEfficiency(const WarpCounts &W, uint32_t WarpSize) {
  return W.WarpInstructions
             ? double(W.ActiveThreadInstructions) / (double(W.WarpInstructions) * WarpSize)
             : 1.0;
}

void estimateWarpCounts(Kernel &K) {
  K.WarpStats.assign(K.warps(), WarpCounts());
  uint64_t PerBlock = K.Block.count();
  std::vector<uint32_t> Lanes;
  for (uint64_t W = 0; W < K.warps(); ++W) {
    uint64_t Block = W / K.warpsPerBlock(), InBlock = W % K.warpsPerBlock();
    uint64_t First = Block * PerBlock + InBlock * K.WarpSize;
    uint64_t Last = std::min(First + K.WarpSize, (Block + 1) * PerBlock);
    Lanes.clear();
    for (uint64_t T = First; T < Last; ++T)
      Lanes.push_back(K.ThreadBehaviour[T]);
    std::sort(Lanes.begin(), Lanes.end());
    bool Uniform = Lanes.front() == Lanes.back();
    // Identical lanes never diverge; only the instruction totals need the per-block walk.
    K.WarpStats[W] = estimateWarp(K, Uniform ? std::vector<uint32_t>{Lanes.front()} : Lanes);
    if (Uniform) {
      K.WarpStats[W].ActiveThreadInstructions *= Lanes.size();
      K.WarpStats[W].PredicatedOnThreadInstructions *= Lanes.size();
    }
  }
}

DivergenceSummary summarizeDivergence(const Kernel &K) {
  DivergenceSummary S;
  S.Measured = K.DivergenceMeasured;
  S.Warps = K.WarpStats.size();
  for (const WarpCounts &W : K.WarpStats) {
    S.Total.Branches += W.Branches;
    S.Total.DivergentBranches += W.DivergentBranches;
    S.Total.WarpInstructions += W.WarpInstructions;
    S.Total.ActiveThreadInstructions += W.ActiveThreadInstructions;
    S.Total.PredicatedOnThreadInstructions += W.PredicatedOnThreadInstructions;
    if (W.DivergentBranches)
      ++S.DivergentWarps;
  }
  S.BranchEfficiency = branchEfficiency(S.Total);
  S.WarpExecutionEfficiency = warpExecutionEfficiency(S.Total, K.WarpSize);
  if (S.Measured && S.Total.WarpInstructions)
    S.PredicatedOnEfficiency = double(S.Total.PredicatedOnThreadInstructions) /
                               (double(S.Total.WarpInstructions) * K.WarpSize);
  return S;
}

} // namespace energy::gpu
