// Summary: plain-language description of behaviours, divergent warps, clusters and verdicts.
#include "energy/gpu/Summary.h"

#include "energy/gpu/Divergence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace energy::gpu {
namespace {

std::string percent(double X) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.0f%%", 100 * X);
  return Buf;
}

std::string blockName(const Kernel &K, uint32_t B) {
  return "B" + std::to_string(B) + " (" + K.Blocks[B].Label + ")";
}

bool subsetOf(const Behaviour &Small, const Behaviour &Big) {
  bool Strict = false;
  for (size_t I = 0; I < Small.BlockCounts.size(); ++I) {
    if (Small.BlockCounts[I] && !Big.BlockCounts[I])
      return false;
    if (!Small.BlockCounts[I] && Big.BlockCounts[I])
      Strict = true;
  }
  return Strict;
}

// The block a behaviour's threads exit from: an exit-capable block none of whose successors the
// behaviour runs; failing that, its last exit-capable block, or its last block.
uint32_t exitBlock(const Kernel &K, const Behaviour &B) {
  uint32_t LastExit = UINT32_MAX, Last = 0;
  for (uint32_t I = 0; I < B.BlockCounts.size(); ++I) {
    if (!B.BlockCounts[I])
      continue;
    Last = I;
    if (!K.Blocks[I].EndsInExit)
      continue;
    LastExit = I;
    bool Leaves = true;
    for (uint32_t S : K.Blocks[I].Successors)
      Leaves = Leaves && !B.BlockCounts[S];
    if (Leaves)
      return I;
  }
  return LastExit != UINT32_MAX ? LastExit : Last;
}

std::string extraBlocks(const Kernel &K, const Behaviour &Big, const Behaviour &Small) {
  std::string S;
  for (uint32_t I = 0; I < Big.BlockCounts.size(); ++I)
    if (Big.BlockCounts[I] && !Small.BlockCounts[I])
      S += (S.empty() ? "" : ", ") + blockName(K, I);
  return S;
}

std::string describeWarp(const KernelAnalysis &A, const GroupStats &G) {
  const Kernel &K = A.K;
  auto Comp = G.Composition;
  std::sort(Comp.begin(), Comp.end(), [&](const auto &X, const auto &Y) {
    return K.instructionsOf(K.Behaviours[X.first]) > K.instructionsOf(K.Behaviours[Y.first]);
  });
  auto [First, Count] = groupThreads(K, GroupKind::Warp, G.Group);
  std::string S = "warp " + std::to_string(G.Group) + " (threads " + std::to_string(First) + "-" +
                  std::to_string(First + Count - 1) + "): ";
  std::string Of = " of " + std::to_string(G.Threads) + " threads";
  if (Comp.size() == 2 && subsetOf(K.Behaviours[Comp[1].first], K.Behaviours[Comp[0].first])) {
    const Behaviour &Long = K.Behaviours[Comp[0].first], &Short = K.Behaviours[Comp[1].first];
    S += std::to_string(Comp[0].second) + Of + " take the body " + extraBlocks(K, Long, Short) +
         ", " + std::to_string(Comp[1].second) + " exit early in " +
         blockName(K, exitBlock(K, Short));
  } else {
    for (size_t I = 0; I < Comp.size(); ++I)
      S += (I ? ", " : "") + std::to_string(Comp[I].second) + (I ? "" : Of) + " run " +
           describeBehaviour(K, K.Behaviours[Comp[I].first]);
  }
  const WarpCounts &W = K.WarpStats[G.Group];
  return S + "; branch efficiency " + percent(branchEfficiency(W)) +
         ", warp execution efficiency " + percent(warpExecutionEfficiency(W, K.WarpSize));
}

} // namespace

std::vector<ThreadRanges> behaviourThreadRanges(const Kernel &K, size_t MaxRanges) {
  std::vector<ThreadRanges> Out(K.Behaviours.size());
  std::vector<uint64_t> Last(K.Behaviours.size(), UINT64_MAX);
  for (uint64_t T = 0; T < K.ThreadBehaviour.size(); ++T) {
    uint32_t B = K.ThreadBehaviour[T];
    ThreadRanges &R = Out[B];
    if (Last[B] != UINT64_MAX && Last[B] + 1 == T) {
      if (R.Ranges.size() == R.Total && R.Total <= MaxRanges)
        R.Ranges.back().second = T;
    } else {
      ++R.Total;
      if (R.Ranges.size() < MaxRanges)
        R.Ranges.emplace_back(T, T);
    }
    Last[B] = T;
  }
  return Out;
}

std::string describeRanges(const ThreadRanges &R) {
  std::string S;
  for (const auto &[A, B] : R.Ranges)
    S += (S.empty() ? "" : ", ") +
         (A == B ? std::to_string(A) : std::to_string(A) + "-" + std::to_string(B));
  if (R.Total > R.Ranges.size())
    S += ", ... (" + std::to_string(R.Total) + " ranges in all)";
  return S;
}

std::string describeBehaviour(const Kernel &, const Behaviour &B) {
  std::string S;
  for (uint32_t I = 0; I < B.BlockCounts.size(); ++I)
    if (B.BlockCounts[I])
      S += (S.empty() ? "B" : " B") + std::to_string(I) +
           (B.BlockCounts[I] > 1 ? "x" + std::to_string(B.BlockCounts[I]) : "");
  return S.empty() ? "no block" : S;
}

std::vector<std::string> summarize(const KernelAnalysis &A, size_t MaxWarps) {
  const Kernel &K = A.K;
  std::vector<std::string> Lines;
  char Buf[512];
  std::snprintf(Buf, sizeof Buf,
                "kernel %s (launch %u, %s): grid %ux%ux%u, block %ux%ux%u: %llu threads in %llu "
                "warps; %zu basic blocks, %zu distinct behaviours",
                demangle(K.Name).c_str(), K.Launch, sourceKindName(K.Source), K.Grid.X, K.Grid.Y,
                K.Grid.Z, K.Block.X, K.Block.Y, K.Block.Z, (unsigned long long)K.threads(),
                (unsigned long long)K.warps(), K.Blocks.size(), K.Behaviours.size());
  Lines.push_back(Buf);

  std::vector<size_t> Order(K.Behaviours.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return K.Behaviours[X].FirstThread < K.Behaviours[Y].FirstThread;
  });
  std::vector<ThreadRanges> Ranges = behaviourThreadRanges(K, 4);
  uint64_t MostInstructions = 0;
  for (const Behaviour &B : K.Behaviours)
    MostInstructions = std::max(MostInstructions, K.instructionsOf(B));
  for (size_t I = 0; I < Order.size() && I < 10; ++I) {
    const Behaviour &B = K.Behaviours[Order[I]];
    bool One = B.Threads == 1;
    std::string Ending = std::string(One ? " and exits" : " and exit") +
                         (K.instructionsOf(B) < MostInstructions ? " early in " : " in ");
    Lines.push_back((One ? "thread " : "threads ") + describeRanges(Ranges[Order[I]]) + " (" +
                    std::to_string(B.Threads) + (One ? " thread) runs " : " threads) run ") +
                    describeBehaviour(K, B) + Ending + blockName(K, exitBlock(K, B)));
  }
  if (Order.size() > 10)
    Lines.push_back("... and " + std::to_string(Order.size() - 10) + " more behaviours");

  const DivergenceSummary &D = A.Divergence;
  std::snprintf(Buf, sizeof Buf,
                "divergence (%s): branch efficiency %s (%llu of %llu branches divergent), warp "
                "execution efficiency %s; %llu of %llu warps diverge",
                D.Measured ? "measured from active masks" : "estimated from per-thread counts",
                percent(D.BranchEfficiency).c_str(), (unsigned long long)D.Total.DivergentBranches,
                (unsigned long long)D.Total.Branches, percent(D.WarpExecutionEfficiency).c_str(),
                (unsigned long long)D.DivergentWarps, (unsigned long long)D.Warps);
  Lines.push_back(Buf);
  size_t Shown = 0, Mixed = 0;
  for (const GroupStats &G : A.Warps.PerGroup) {
    if (G.Distinct < 2)
      continue;
    if (Shown++ < MaxWarps)
      Lines.push_back(describeWarp(A, G));
    ++Mixed;
  }
  if (Mixed > MaxWarps)
    Lines.push_back("... and " + std::to_string(Mixed - MaxWarps) +
                    " more warps with mixed behaviours");

  std::string Clusters = "clusters: " + std::to_string(A.Clusters.K) + " (chosen by BIC)";
  for (size_t C = 0; C < A.Clusters.Clusters.size() && C < 10; ++C)
    Clusters += "; cluster " + std::to_string(C) + ": " +
                std::to_string(A.Clusters.Clusters[C].Threads) +
                " threads, representative thread " +
                std::to_string(A.Clusters.Clusters[C].RepresentativeThread);
  Lines.push_back(Clusters);

  auto Verdict = [&](bool Significant, const char *Class) {
    std::string S = std::string(Significant ? "" : "not ") + Class + "-significant";
    std::string Why;
    for (const Statistic &St : A.Classification.Statistics)
      if (St.Significant && St.Definition->Class == Class) {
        std::snprintf(Buf, sizeof Buf, "%s%s %.4g %s %.4g", Why.empty() ? "" : ", ",
                      St.Definition->Name.c_str(), St.Value,
                      St.Definition->Direction == "at_least" ? ">=" : "<=", St.Threshold);
        Why += Buf;
      }
    return Why.empty() ? S : S + " (" + Why + ")";
  };
  Lines.push_back(
      "classification: " + Verdict(A.Classification.DivergenceSignificant, "divergence") + "; " +
      Verdict(A.Classification.BehaviourSignificant, "behaviour"));
  return Lines;
}

} // namespace energy::gpu
