//===- energy/train/selection.h - Ranking and choosing features -----------===//
//
// The paper's three rankings: |Spearman correlation| with power, PCA (each
// feature's loadings weighted by the variance their components explain), and
// random-forest importance (total gain in an xgboost forest). The top k of a
// ranking are kept (the paper keeps 22).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_SELECTION_H
#define ENERGY_TRAIN_SELECTION_H

#include <Eigen/Dense>

#include <string>
#include <utility>
#include <vector>

namespace energy::train {

enum class RankingMethod { Spearman, Pca, Forest };

const char *rankingMethodName(RankingMethod M);
RankingMethod parseRankingMethod(const std::string &Name);

struct Ranking {
  RankingMethod method = RankingMethod::Spearman;
  /// (feature, score), best first; scores are comparable within a ranking.
  std::vector<std::pair<std::string, double>> scores;
};

/// Ranks the features (columns of the 0..1 scaled X) by their link to power Y.
Ranking rankFeatures(RankingMethod Method, const Eigen::MatrixXd &ScaledX, const Eigen::VectorXd &Y,
                     const std::vector<std::string> &Names);

/// The first K names of a ranking (all when K is 0 or too large).
std::vector<std::string> topFeatures(const Ranking &R, size_t K);

} // namespace energy::train

#endif
