//===- model_test.cpp - Model files, class split, energy models -----------===//
#include "test_helpers.h"

#include "energy/train/error.h"
#include "energy/train/fit.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace energy::train;

namespace {

/// Counters named like perf events, power linear in them plus a class jump
/// at cache-misses >= 2e7.
Dataset counterDataset(bool ClassJump) {
  Eigen::VectorXd Coef(3);
  Coef << 30, 10, 5;
  Dataset D = test::linearDataset(Coef, 40, 0.2, 300, 30);
  D.features = {"cycles", "instructions", "cache-misses"};
  for (Eigen::Index R = 0; R < D.x.rows(); ++R) {
    D.x(R, 0) *= 1e10;
    D.x(R, 1) *= 2e10;
    D.x(R, 2) *= 4e7;
    if (ClassJump && D.x(R, 2) >= 2e7)
      D.power(R) += 50;
  }
  return D;
}

std::string saveAndReload(const LearnedModel &M, const std::string &Name) {
  std::string Path = test::temporaryDirectory(Name) + "/m.json";
  M.save(Path);
  return Path;
}

} // namespace

TEST(Model, LinearModelRoundTripsThroughItsFile) {
  Dataset D = counterDataset(false);
  Recipe R;
  R.learner.kind = LearnerKind::Ridge;
  LearnedModel M = fitModel(D, R, "ridge-test");
  LearnedModel L = LearnedModel::load(saveAndReload(M, "linear"));
  EXPECT_EQ(L.kind(), "linear");
  EXPECT_EQ(L.features, M.features);
  EXPECT_LT((L.predictWatts(D) - M.predictWatts(D)).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((M.predictWatts(D) - D.power).cwiseAbs().mean(), 0.5);
}

TEST(Model, TreeModelsRoundTripThroughTheirFiles) {
  Dataset D = counterDataset(false);
  for (LearnerKind K : {LearnerKind::Forest, LearnerKind::Boosted}) {
    Recipe R;
    R.learner.kind = K;
    R.learner.ensemble.trees = 50;
    LearnedModel M = fitModel(D, R, "trees");
    LearnedModel L = LearnedModel::load(saveAndReload(M, learnerName(K)));
    EXPECT_EQ(L.kind(), learnerName(K));
    EXPECT_LT((L.predictWatts(D) - M.predictWatts(D)).cwiseAbs().maxCoeff(), 1e-4);
  }
}

TEST(Model, PaperThresholdSplitsIntoTwoClasses) {
  Dataset D = counterDataset(true);
  Recipe R;
  R.learner.kind = LearnerKind::Ols;
  R.derive = false;
  R.splitMode = SplitMode::Threshold;
  LearnedModel M = fitModel(D, R, "split");
  ASSERT_TRUE(M.split.has_value());
  ASSERT_EQ(M.classes.size(), 2u);
  EXPECT_EQ(M.predictor().classOf({{"cache-misses", 3e7}}), 0);
  EXPECT_EQ(M.predictor().classOf({{"cache-misses", 1e7}}), 1);
  EXPECT_LT((M.predictWatts(D) - D.power).cwiseAbs().mean(), 0.5);
  LearnedModel L = LearnedModel::load(saveAndReload(M, "split"));
  EXPECT_LT((L.predictWatts(D) - M.predictWatts(D)).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(Model, StumpLearnsTheThresholdOfTheJump) {
  Dataset D = counterDataset(true);
  double T = learnStumpThreshold(D.x.col(2), D.power, 10);
  EXPECT_NEAR(T, 2e7, 0.1e7);
}

TEST(Model, UnknownVersionAndMissingCountersAreRefused) {
  std::string Dir = test::temporaryDirectory("bad-model");
  test::writeFile(Dir + "/v2.json",
                  R"({"format": "energypass-model", "version": 2, "kind": "linear"})");
  EXPECT_THROW(LearnedModel::load(Dir + "/v2.json"), TrainError);
  test::writeFile(Dir + "/cut.json", R"({"format": "energypass-model", "vers)");
  EXPECT_THROW(LearnedModel::load(Dir + "/cut.json"), TrainError);
  LearnedModel M = fitModel(counterDataset(false), Recipe{}, "m");
  try {
    M.predictor().predictWatts({{"cycles", 1e9}}, 1.0);
    FAIL() << "a sample without the model's counters must be refused";
  } catch (const energy::model::ModelError &E) {
    EXPECT_NE(std::string(E.what()).find("lacks: instructions, cache-misses;"), std::string::npos)
        << E.what();
  }
  Dataset NoMisses = counterDataset(false);
  NoMisses.features[2] = "LLC-loads";
  try {
    M.predictWatts(NoMisses);
    FAIL() << "a dataset without the model's counters must be refused";
  } catch (const TrainError &E) {
    EXPECT_NE(std::string(E.what()).find("needs counter 'cache-misses'"), std::string::npos);
  }
}

TEST(Model, DamagedFieldIsNamedByItsKeyPath) {
  nlohmann::json Doc = fitModel(counterDataset(false), Recipe{}, "damaged").toJson();
  Doc["classes"][0]["coefficients"][1] = "fast";
  std::string Path = test::temporaryDirectory("damaged-model") + "/m.json";
  test::writeFile(Path, Doc.dump());
  try {
    LearnedModel::load(Path);
    FAIL() << "a model with a damaged field must be refused";
  } catch (const TrainError &E) {
    EXPECT_EQ(std::string(E.what()), Path + ": 'classes[0].coefficients[1]' must be a number, "
                                            "found a string; regenerate it with energy-train fit");
  }
}

TEST(Model, PaperModelAppliesOnceRescaled) {
  LearnedModel P = LearnedModel::load(std::string(ENERGY_SOURCE_DIR) + "/models/paper-2012.json");
  ASSERT_EQ(P.features.size(), 22u);
  EXPECT_THROW(P.predictor().predictWatts(FeatureValues{}, 1.0),
               energy::model::ModelError); // no scaling ranges
  // A dataset whose counters span 0..1 makes the scaling the identity.
  Dataset D;
  D.features = P.inputs;
  D.x.resize(2, 22);
  D.x.row(0).setZero();
  D.x.row(1).setOnes();
  D.power = Eigen::VectorXd::Constant(2, 50);
  D.seconds = Eigen::VectorXd::Ones(2);
  D.programs = {"a", "b"};
  P.setScalingFrom(D);
  energy::model::LearnedModel Applied = P.predictor();
  FeatureValues Zero = rowValues(D, 0);
  EXPECT_NEAR(Applied.predictWatts(Zero, 1.0), 63.2,
              1e-9); // cache-misses 0: class 2
  FeatureValues One = rowValues(D, 1);
  One["cache-misses"] = 2e7; // class 1, but scaled far above 1
  double Expected = 109.74;
  const auto &C1 = static_cast<const LinearRegressor &>(*P.classes[0]).fit().coef;
  for (size_t F = 0; F < 22; ++F)
    Expected += C1(static_cast<Eigen::Index>(F)) * (P.features[F] == "cache-misses" ? 2e7 : 1.0);
  EXPECT_NEAR(Applied.predictWatts(One, 1.0), Expected, 1e-6);
}

TEST(Energy, AverageAndRealTimeModels) {
  Dataset D = counterDataset(false);
  energy::model::LearnedModel M = fitModel(D, Recipe{}, "energy").predictor();
  FeatureValues Busy = rowValues(D, 0), Idle = rowValues(D, 1);
  double PBusy = M.predictWatts(Busy, 0.02), PIdle = M.predictWatts(Idle, 0.02);
  energy::model::ModelInputs Run{nullptr, &Busy, 2.0};
  EXPECT_NEAR(M.estimate(Run).total(), PBusy * 2.0, 1e-9);
  // E = sum_j (c.x_j + b) t / N over N = 4 samples of a 0.08 s run.
  double E = M.realTimeJoules({Busy, Busy, Idle, Idle}, 0.08);
  EXPECT_NEAR(E, (2 * PBusy + 2 * PIdle) * 0.08 / 4, 1e-9);
  EXPECT_THROW(M.realTimeJoules({}, 1.0), energy::model::ModelError);
}

TEST(Energy, PreviousSamplesFeedTimeOrderedModels) {
  Dataset D = counterDataset(false);
  D.info.kind = RowKind::Series;
  D.programs.assign(D.rows(), "one-series");
  D.timestamp = Eigen::VectorXd::LinSpaced(static_cast<Eigen::Index>(D.rows()), 0,
                                           static_cast<double>(D.rows() - 1));
  Recipe R;
  R.learner.kind = LearnerKind::Ols;
  LearnedModel M = fitModel(D, R, "lagged");
  ASSERT_NE(std::find(M.features.begin(), M.features.end(), "cycles@previous"), M.features.end());
  // Row 5's prediction in a dataset uses row 4 as its previous sample.
  FeatureValues Row5 = rowValues(D, 5), Row4 = rowValues(D, 4);
  EXPECT_NEAR(M.predictWatts(D)(5), M.predictor().predictWatts(Row5, 1.0, &Row4), 1e-9);
}
