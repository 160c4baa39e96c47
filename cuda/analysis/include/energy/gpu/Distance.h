// Distance: the vectors the analyses compare (one row per behaviour: block counts, optionally
// weighted by block size as SimPoint does and optionally normalised to sum 1) and the distance
// metrics between them.
#pragma once

#include "energy/gpu/Kernel.h"

#include <Eigen/Dense>
#include <string>

namespace energy::gpu {

enum class Metric { Euclidean, Manhattan, Cosine };
const char *metricName(Metric M);
// Parses "euclidean", "manhattan" or "cosine"; throws InputError otherwise.
Metric parseMetric(const std::string &Name);

struct VectorOptions {
  Metric Distance = Metric::Euclidean;
  bool WeightBySize = false; // multiply each block count by the block's instructions
  bool Normalize = false;    // divide each vector by its sum (SimPoint's frequency vectors)
};

// Rows: behaviours; columns: blocks.
Eigen::MatrixXd behaviourVectors(const Kernel &K, const VectorOptions &Options);

double distance(const Eigen::Ref<const Eigen::RowVectorXd> &A,
                const Eigen::Ref<const Eigen::RowVectorXd> &B, Metric M);

// All pairwise distances between the rows of V.
Eigen::MatrixXd pairwiseDistances(const Eigen::MatrixXd &V, Metric M);

} // namespace energy::gpu
