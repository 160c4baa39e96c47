//===- selection.cpp - Ranking and choosing features ----------------------===//
#include "energy/train/selection.h"
#include "energy/train/ensemble.h"
#include "energy/train/error.h"
#include "energy/train/statistics.h"

#include <algorithm>
#include <cmath>

namespace energy::train {

const char *rankingMethodName(RankingMethod M) {
  switch (M) {
  case RankingMethod::Spearman:
    return "spearman";
  case RankingMethod::Pca:
    return "pca";
  case RankingMethod::Forest:
    return "forest";
  }
  return "spearman";
}

RankingMethod parseRankingMethod(const std::string &Name) {
  for (RankingMethod M : {RankingMethod::Spearman, RankingMethod::Pca, RankingMethod::Forest})
    if (Name == rankingMethodName(M))
      return M;
  throw TrainError("unknown ranking '" + Name + "'; use spearman, pca or forest");
}

namespace {

Eigen::VectorXd spearmanScores(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y) {
  Eigen::VectorXd S(X.cols());
  for (Eigen::Index C = 0; C < X.cols(); ++C)
    S(C) = std::abs(spearman(X.col(C), Y));
  return S;
}

/// A feature matters to PCA as much as it loads on the components that
/// explain the variance: sum over components of ratio x |loading|.
Eigen::VectorXd pcaScores(const Eigen::MatrixXd &X) {
  Pca P = principalComponents(X);
  return P.loadings.cwiseAbs() * P.explainedRatio;
}

Eigen::VectorXd forestScores(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y) {
  EnsembleParams Params;
  Params.forest = true;
  Params.trees = 100;
  Eigen::VectorXd Gain = Ensemble::train(X, Y, Params).gainImportance(X.cols());
  double Total = Gain.sum();
  return Total > 0 ? Eigen::VectorXd(Gain / Total) : Gain;
}

} // namespace

Ranking rankFeatures(RankingMethod Method, const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                     const std::vector<std::string> &Names) {
  Eigen::VectorXd S = Method == RankingMethod::Spearman ? spearmanScores(X, Y)
                      : Method == RankingMethod::Pca    ? pcaScores(X)
                                                        : forestScores(X, Y);
  Ranking R;
  R.method = Method;
  for (Eigen::Index C = 0; C < X.cols(); ++C)
    R.scores.push_back({Names[C], S(C)});
  std::stable_sort(R.scores.begin(), R.scores.end(),
                   [](const auto &A, const auto &B) { return A.second > B.second; });
  return R;
}

std::vector<std::string> topFeatures(const Ranking &R, size_t K) {
  size_t N = (K == 0 || K > R.scores.size()) ? R.scores.size() : K;
  std::vector<std::string> Out;
  for (size_t I = 0; I < N; ++I)
    Out.push_back(R.scores[I].first);
  return Out;
}

} // namespace energy::train
