// Summary: the analysis in words, for people: which threads run which blocks, how each divergent
// warp splits ("warp 3: 4 of 32 threads take the body, 28 exit early; branch efficiency 50%"),
// the clusters and the classification with the figure that decided it.
#pragma once

#include "energy/gpu/Analysis.h"

#include <string>
#include <utility>
#include <vector>

namespace energy::gpu {

struct ThreadRanges {
  std::vector<std::pair<uint64_t, uint64_t>> Ranges; // inclusive, at most the cap
  uint64_t Total = 0;                                // ranges in all, even beyond the cap
};

// The threads of each behaviour as ranges of consecutive ids, keeping at most MAXRANGES each.
std::vector<ThreadRanges> behaviourThreadRanges(const Kernel &K, size_t MaxRanges);
// "0-99, 128-131" (and "... (N ranges in all)" when capped).
std::string describeRanges(const ThreadRanges &R);
// The blocks a behaviour runs: "B0 B1x10 B2".
std::string describeBehaviour(const Kernel &K, const Behaviour &B);
std::vector<std::string> summarize(const KernelAnalysis &A, size_t MaxWarps = 8);

} // namespace energy::gpu
