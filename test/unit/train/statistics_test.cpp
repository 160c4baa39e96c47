//===- statistics_test.cpp - Ranks, Spearman, PCA, feature rankings -------===//
#include "energy/train/selection.h"
#include "energy/train/statistics.h"

#include <gtest/gtest.h>

using namespace energy::train;

TEST(Statistics, TiesShareTheirMeanRank) {
  Eigen::VectorXd V(5);
  V << 10, 20, 20, 5, 30;
  Eigen::VectorXd R = ranks(V);
  EXPECT_DOUBLE_EQ(R(0), 2);
  EXPECT_DOUBLE_EQ(R(1), 3.5);
  EXPECT_DOUBLE_EQ(R(2), 3.5);
  EXPECT_DOUBLE_EQ(R(3), 1);
  EXPECT_DOUBLE_EQ(R(4), 5);
}

TEST(Statistics, SpearmanSeesMonotoneRelationsPearsonMisses) {
  Eigen::VectorXd X(6), Y(6);
  X << 1, 2, 3, 4, 5, 6;
  Y = X.array().exp();
  EXPECT_DOUBLE_EQ(spearman(X, Y), 1.0);
  EXPECT_LT(pearson(X, Y), 0.95);
  EXPECT_DOUBLE_EQ(spearman(X, -Y), -1.0);
  // scipy.stats.spearmanr([1,2,3,4,5], [5,6,7,8,7]) = 0.8207826816681233
  Eigen::VectorXd A(5), B(5);
  A << 1, 2, 3, 4, 5;
  B << 5, 6, 7, 8, 7;
  EXPECT_NEAR(spearman(A, B), 0.8207826816681233, 1e-12);
}

TEST(Statistics, PcaFindsTheDominantDirection) {
  Eigen::MatrixXd X(4, 2);
  X << 0, 0, 1, 1, 2, 2, 3, 3; // all variance along (1, 1)
  Pca P = principalComponents(X);
  EXPECT_NEAR(P.explainedRatio(0), 1.0, 1e-12);
  EXPECT_NEAR(std::abs(P.loadings(0, 0)), std::sqrt(0.5), 1e-9);
  EXPECT_NEAR(std::abs(P.loadings(1, 0)), std::sqrt(0.5), 1e-9);
}

TEST(Selection, EveryRankingPutsTheDrivingFeatureFirst) {
  const int N = 300;
  Eigen::MatrixXd X(N, 3);
  Eigen::VectorXd Y(N);
  for (int R = 0; R < N; ++R) {
    X(R, 0) = ((R * 37) % 101) / 100.0;     // noise
    X(R, 1) = R / double(N);                // drives power
    X(R, 2) = ((R * 53) % 97) / 96.0 * 0.1; // small noise
    Y(R) = 40 + 100 * X(R, 1) * X(R, 1);
  }
  for (RankingMethod M : {RankingMethod::Spearman, RankingMethod::Forest}) {
    Ranking Rank = rankFeatures(M, X, Y, {"noise", "driver", "small"});
    EXPECT_EQ(Rank.scores[0].first, "driver") << rankingMethodName(M);
  }
  Ranking Pca = rankFeatures(RankingMethod::Pca, X, Y, {"noise", "driver", "small"});
  EXPECT_EQ(Pca.scores.back().first, "small");
  EXPECT_EQ(topFeatures(Pca, 2).size(), 2u);
  EXPECT_EQ(topFeatures(Pca, 0).size(), 3u);
}
