//===- explain_test.cpp - Cause analysis by the paper's feature groups ----===//
#include "test_helpers.h"

#include "energy/train/explain.h"
#include "energy/train/fit.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace energy::train;

namespace {

LearnedModel rescaledPaperModel() {
  LearnedModel P = LearnedModel::load(std::string(ENERGY_SOURCE_DIR) + "/models/paper-2012.json");
  Dataset D;
  D.features = P.inputs;
  D.x.resize(2, 22);
  D.x.row(0).setZero();
  D.x.row(1).setConstant(1e8); // counters 0..1e8 scale to 0..1
  D.power = Eigen::VectorXd::Constant(2, 50);
  D.seconds = Eigen::VectorXd::Ones(2);
  D.programs = {"a", "b"};
  P.setScalingFrom(D);
  return P;
}

} // namespace

TEST(Explain, FeaturesFallIntoThePapersGroups) {
  EXPECT_EQ(featureGroup("ref-cycles"), FeatureGroup::Clock);
  EXPECT_EQ(featureGroup("cpu-clock"), FeatureGroup::Clock);
  EXPECT_EQ(featureGroup("branch-load-misses"), FeatureGroup::Branch);
  EXPECT_EQ(featureGroup("dTLB-loads"), FeatureGroup::Cache);
  EXPECT_EQ(featureGroup("LLC-stores"), FeatureGroup::Cache);
  EXPECT_EQ(featureGroup("cache-mpki"), FeatureGroup::Cache);
  EXPECT_EQ(featureGroup("migrations"), FeatureGroup::Switches);
  EXPECT_EQ(featureGroup("instructions"), FeatureGroup::Instructions);
  EXPECT_EQ(featureGroup("page-faults"), FeatureGroup::Other);
}

TEST(Explain, LinearContributionsAreCoefficientTimesScaledValue) {
  LearnedModel P = rescaledPaperModel();
  FeatureValues X;
  for (const std::string &F : P.inputs)
    X[F] = 0;
  X["migrations"] = 5e7;   // scaled 0.5, class 2 (cache-misses 0)
  X["instructions"] = 1e8; // scaled 1
  energy::model::LearnedModel Predictor = P.predictor();
  Explanation E = explain(P, Predictor, X, 1.0);
  EXPECT_EQ(E.modelClass, 1);
  EXPECT_NEAR(E.baseWatts, 63.2, 1e-9);
  EXPECT_NEAR(E.groupWatts[size_t(FeatureGroup::Switches)], 21.51 * 0.5, 1e-9);
  EXPECT_NEAR(E.groupWatts[size_t(FeatureGroup::Instructions)], -1.93, 1e-9);
  EXPECT_NEAR(E.groupWatts[size_t(FeatureGroup::Clock)], 0.0, 1e-9);
  EXPECT_EQ(E.featureWatts.front().first, "migrations");
  double Sum = std::accumulate(E.groupWatts.begin(), E.groupWatts.end(), E.baseWatts);
  EXPECT_NEAR(Sum, E.watts, 1e-9);
  EXPECT_NEAR(E.watts, Predictor.predictWatts(X, 1.0), 1e-9);
}

TEST(Explain, TreeContributionsSumToThePrediction) {
  Eigen::VectorXd Coef(3);
  Coef << 30, 10, 5;
  Dataset D = test::linearDataset(Coef, 40, 0.2, 300, 30);
  D.features = {"cycles", "branch-misses", "cs"};
  Recipe R;
  R.learner.kind = LearnerKind::Boosted;
  R.learner.ensemble.trees = 50;
  R.derive = false;
  LearnedModel M = fitModel(D, R, "boosted");
  FeatureValues X = rowValues(D, 3);
  Explanation E = explain(M, M.predictor(), X, 1.0);
  double Sum = std::accumulate(E.groupWatts.begin(), E.groupWatts.end(), E.baseWatts);
  EXPECT_NEAR(Sum, E.watts, 1e-3);
  EXPECT_EQ(E.featureWatts.size(), 3u);
  EXPECT_TRUE(E.toJson().contains("groups"));
}
