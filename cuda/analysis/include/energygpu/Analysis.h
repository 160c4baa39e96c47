// Analysis: runs every analysis of one kernel launch in order (vectors, similarity matrix,
// divergence, group synchronisation, clusters, classification) and keeps the results together
// for the writers.
#pragma once

#include "energygpu/Classification.h"
#include "energygpu/Distance.h"
#include "energygpu/Divergence.h"
#include "energygpu/GroupSync.h"
#include "energygpu/KMeans.h"
#include "energygpu/Kernel.h"
#include "energygpu/SimilarityMatrix.h"

#include <Eigen/Dense>
#include <vector>

namespace energygpu {

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

} // namespace energygpu
