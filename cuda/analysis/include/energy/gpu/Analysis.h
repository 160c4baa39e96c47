// Analysis: runs every analysis of one kernel launch in order (vectors, similarity matrix,
// divergence, group synchronisation, clusters, classification) and keeps the results together
// for the writers.
#pragma once

#include "energy/gpu/Classification.h"
#include "energy/gpu/Distance.h"
#include "energy/gpu/Divergence.h"
#include "energy/gpu/GroupSync.h"
#include "energy/gpu/KMeans.h"
#include "energy/gpu/Kernel.h"
#include "energy/gpu/SimilarityMatrix.h"

#include <Eigen/Dense>
#include <vector>

namespace energy::gpu {

struct AnalysisOptions {
  VectorOptions Vectors;
  size_t MaxMatrixBehaviours = 2048;
  ClusterOptions Clusters;
  Thresholds Limits;
};

struct Transition {
  uint32_t From, To;
  uint64_t Count;
  double Probability; // Count / executions of From
};

struct KernelAnalysis {
  Kernel K;
  std::vector<uint64_t> BlockExecutions;
  std::vector<Transition> Transitions;
  std::vector<double> ExitProbability; // per block: share of its executions that end the thread
  Eigen::MatrixXd Vectors;
  SimilarityResult Similarity;
  DivergenceSummary Divergence;
  GroupSyncSummary Warps, ThreadBlocks;
  Clustering Clusters;
  ClassificationResult Classification;
};

KernelAnalysis analyseKernel(Kernel K, const AnalysisOptions &Options);

} // namespace energy::gpu
