//===- metrics_test.cpp - eps per program and MAE, computed by hand -------===//
#include "energy/train/error.h"
#include "energy/train/metrics.h"

#include <gtest/gtest.h>

using namespace energy::train;

TEST(Metrics, EpsilonIsMeanOverProgramsOfMeanOverRows) {
  Eigen::VectorXd Y(4), P(4);
  Y << 100, 100, 50, 200;
  P << 110, 95, 60, 200;
  Errors E = computeErrors(Y, P, {"a", "a", "b", "c"});
  // a: (0.10 + 0.05) / 2 = 0.075; b: 0.2; c: 0.
  ASSERT_EQ(E.programs.size(), 3u);
  EXPECT_NEAR(E.programs[0].epsilon, 0.075, 1e-12);
  EXPECT_NEAR(E.programs[1].epsilon, 0.2, 1e-12);
  EXPECT_NEAR(E.programs[2].epsilon, 0.0, 1e-12);
  EXPECT_NEAR(E.meanEpsilon, (0.075 + 0.2 + 0.0) / 3, 1e-12);
  EXPECT_NEAR(E.maxEpsilon, 0.2, 1e-12);
  EXPECT_NEAR(E.mae, (10 + 5 + 10 + 0) / 4.0, 1e-12);
  EXPECT_NEAR(E.programs[0].measuredWatts, 100, 1e-12);
  EXPECT_NEAR(E.programs[0].predictedWatts, 102.5, 1e-12);
}

TEST(Metrics, UnderAndOverPredictionCountAlike) {
  Eigen::VectorXd Y(2), P(2);
  Y << 80, 80;
  P << 72, 88;
  Errors E = computeErrors(Y, P, {"x", "x"});
  EXPECT_NEAR(E.meanEpsilon, 0.1, 1e-12);
  EXPECT_NEAR(E.mae, 8, 1e-12);
}

TEST(Metrics, MismatchedSizesAreRefused) {
  Eigen::VectorXd Y(2), P(3);
  Y << 1, 2;
  P << 1, 2, 3;
  EXPECT_THROW(computeErrors(Y, P, {"a", "b"}), TrainError);
}
