//===- energy/train/statistics.h - Rank correlation and PCA ---------------===//
//
// The statistics behind feature selection: Spearman's rank correlation (ties
// get their mean rank) and principal component analysis of the scaled
// features (eigen-decomposition of the covariance matrix).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_STATISTICS_H
#define ENERGY_TRAIN_STATISTICS_H

#include <Eigen/Dense>

namespace energy::train {

/// Ranks 1..n, ties sharing their mean rank.
Eigen::VectorXd ranks(const Eigen::VectorXd &V);
/// Pearson correlation; 0 when either side is constant.
double pearson(const Eigen::VectorXd &A, const Eigen::VectorXd &B);
double spearman(const Eigen::VectorXd &A, const Eigen::VectorXd &B);

struct Pca {
  Eigen::VectorXd explainedRatio; ///< per component, descending, sums to 1
  Eigen::MatrixXd loadings;       ///< features x components (unit columns)
};

Pca principalComponents(const Eigen::MatrixXd &X);

} // namespace energy::train

#endif
