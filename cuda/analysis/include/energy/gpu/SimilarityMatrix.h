// SimilarityMatrix: the thread similarity matrix of patent step 9, computed over distinct
// behaviours (each stands for its multiplicity of threads), and the full thread-by-thread
// matrix, which is only built on request and within a size bound.
#pragma once

#include "energy/gpu/Distance.h"

#include <Eigen/Dense>
#include <string>

namespace energy::gpu {

struct SimilarityResult {
  bool Computed = false;
  std::string OmittedReason;
  Eigen::MatrixXd Distances;  // behaviour x behaviour
  Eigen::MatrixXd Similarity; // 1 - distance / largest distance (cosine: 1 - distance)
  double MaxDistance = 0;
};

SimilarityResult computeSimilarity(const Eigen::MatrixXd &Vectors, Metric M, size_t MaxBehaviours);

// Similarity of threads FIRST..FIRST+COUNT-1, expanded from the behaviour matrix.
Eigen::MatrixXd threadSimilarity(const Kernel &K, const SimilarityResult &S, uint64_t First,
                                 uint64_t Count);

} // namespace energy::gpu
