// GroupSync: synchronisation within thread groups (warps and thread blocks). The synchronisation
// matrix of a group is the matrix of basic-block-vector distances between its threads (patent:
// distances between threads of the same thread group); a zero entry means the two threads ran
// the same blocks the same number of times and so can stay in lock-step, anything else means
// they must diverge or wait for each other. Per group we keep the figures that matrix yields:
// distinct behaviours, the mean pairwise distance and the share of synchronous pairs.
#pragma once

#include "energy/gpu/Distance.h"
#include "energy/gpu/SimilarityMatrix.h"

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace energy::gpu {

enum class GroupKind { Warp, ThreadBlock };
const char *groupKindName(GroupKind G);

struct GroupStats {
  uint64_t Group = 0;
  uint32_t Threads = 0, Distinct = 0;
  double MeanDistance = 0; // NaN when the group had too many behaviours to compare
  double SyncRatio = 1;    // share of thread pairs with identical vectors
  std::vector<std::pair<uint32_t, uint32_t>> Composition; // (behaviour, threads)
};

struct GroupSyncSummary {
  GroupKind Kind = GroupKind::Warp;
  uint64_t Groups = 0, MixedGroups = 0;
  double MeanDistance = 0; // over all thread pairs of all groups
  double SyncRatio = 1;
  std::vector<GroupStats> PerGroup;
};

uint64_t groupCount(const Kernel &K, GroupKind G);
// Threads [first, first + count) of group INDEX in global linear ids.
std::pair<uint64_t, uint64_t> groupThreads(const Kernel &K, GroupKind G, uint64_t Index);

GroupSyncSummary analyseGroups(const Kernel &K, GroupKind G, const Eigen::MatrixXd &Vectors,
                               const SimilarityResult &S, Metric M);
// The synchronisation matrix of one group: lanes x lanes distances.
Eigen::MatrixXd syncMatrix(const Kernel &K, GroupKind G, uint64_t Index,
                           const Eigen::MatrixXd &Vectors, Metric M);

} // namespace energy::gpu
