// GroupSync: per-group composition of behaviours and the figures of its synchronisation matrix.
#include "energy/gpu/GroupSync.h"

#include <algorithm>
#include <cmath>

namespace energy::gpu {
namespace {
// Without the behaviour matrix, groups with more distinct behaviours than this are not compared
// pair by pair (their mean distance is reported as unknown) to bound the time.
constexpr size_t MaxDirectBehaviours = 128;
} // namespace

const char *groupKindName(GroupKind G) { return G == GroupKind::Warp ? "warp" : "thread_block"; }

uint64_t groupCount(const Kernel &K, GroupKind G) {
  return G == GroupKind::Warp ? K.warps() : K.Grid.count();
}

std::pair<uint64_t, uint64_t> groupThreads(const Kernel &K, GroupKind G, uint64_t Index) {
  uint64_t PerBlock = K.Block.count();
  if (G == GroupKind::ThreadBlock)
    return {Index * PerBlock, PerBlock};
  uint64_t Block = Index / K.warpsPerBlock(), InBlock = Index % K.warpsPerBlock();
  uint64_t First = Block * PerBlock + InBlock * K.WarpSize;
  return {First, std::min<uint64_t>(K.WarpSize, PerBlock - InBlock * K.WarpSize)};
}

GroupSyncSummary analyseGroups(const Kernel &K, GroupKind G, const Eigen::MatrixXd &Vectors,
                               const SimilarityResult &S, Metric M) {
  GroupSyncSummary Out;
  Out.Kind = G;
  Out.Groups = groupCount(K, G);
  Out.PerGroup.reserve(Out.Groups);
  double PairsAll = 0, SyncAll = 0, DistAll = 0, PairsMeasured = 0;
  std::vector<uint32_t> Members;
  for (uint64_t Index = 0; Index < Out.Groups; ++Index) {
    auto [First, Count] = groupThreads(K, G, Index);
    Members.assign(K.ThreadBehaviour.begin() + First, K.ThreadBehaviour.begin() + First + Count);
    std::sort(Members.begin(), Members.end());
    GroupStats Stats;
    Stats.Group = Index;
    Stats.Threads = uint32_t(Count);
    for (size_t I = 0; I < Members.size();) {
      size_t J = I;
      while (J < Members.size() && Members[J] == Members[I])
        ++J;
      Stats.Composition.emplace_back(Members[I], uint32_t(J - I));
      I = J;
    }
    Stats.Distinct = uint32_t(Stats.Composition.size());
    double Pairs = double(Count) * double(Count - 1) / 2, Same = 0, Dist = 0;
    for (const auto &[B, N] : Stats.Composition)
      Same += double(N) * double(N - 1) / 2;
    bool Comparable = S.Computed || Stats.Distinct <= MaxDirectBehaviours;
    const auto &Comp = Stats.Composition;
    for (size_t A = 0; Comparable && A < Comp.size(); ++A) {
      double Row = 0;
      if (S.Computed) {
        // Column A of the symmetric matrix is contiguous and the composition is sorted, so this
        // walks down it in order: the inner loop of the whole analysis at scale.
        const double *Column = S.Distances.data() + size_t(Comp[A].first) * S.Distances.rows();
        for (size_t C = A + 1; C < Comp.size(); ++C)
          Row += Column[Comp[C].first] * Comp[C].second;
      } else {
        for (size_t C = A + 1; C < Comp.size(); ++C)
          Row +=
              distance(Vectors.row(Comp[A].first), Vectors.row(Comp[C].first), M) * Comp[C].second;
      }
      Dist += Row * Comp[A].second;
    }
    Stats.SyncRatio = Pairs > 0 ? Same / Pairs : 1.0;
    Stats.MeanDistance = !Comparable ? std::nan("") : Pairs > 0 ? Dist / Pairs : 0.0;
    if (Stats.Distinct > 1)
      ++Out.MixedGroups;
    PairsAll += Pairs;
    SyncAll += Same;
    if (Comparable) {
      DistAll += Dist;
      PairsMeasured += Pairs;
    }
    Out.PerGroup.push_back(std::move(Stats));
  }
  Out.SyncRatio = PairsAll > 0 ? SyncAll / PairsAll : 1.0;
  Out.MeanDistance = PairsMeasured > 0 ? DistAll / PairsMeasured : 0.0;
  return Out;
}

Eigen::MatrixXd syncMatrix(const Kernel &K, GroupKind G, uint64_t Index,
                           const Eigen::MatrixXd &Vectors, Metric M) {
  auto [First, Count] = groupThreads(K, G, Index);
  Eigen::MatrixXd D = Eigen::MatrixXd::Zero(Count, Count);
  for (uint64_t I = 0; I < Count; ++I)
    for (uint64_t J = I + 1; J < Count; ++J)
      D(I, J) = D(J, I) = distance(Vectors.row(K.ThreadBehaviour[First + I]),
                                   Vectors.row(K.ThreadBehaviour[First + J]), M);
  return D;
}

} // namespace energy::gpu
