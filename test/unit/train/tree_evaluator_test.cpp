//===- tree_evaluator_test.cpp - The model library's trees agree with xgboost
//
// energy_model evaluates tree ensembles from the xgboost JSON in a model file,
// without xgboost. Here xgboost itself (through energy_train's Ensemble) and
// that evaluator predict the same rows: the shipped nx12 model, and forests
// and boosted trees trained on synthetic data. The rows include values equal
// to split thresholds and missing (NaN) values, where the two could part.
//
//===----------------------------------------------------------------------===//
#include "energy/model/tree_ensemble.h"
#include "energy/train/ensemble.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

using energy::model::TreeEnsemble;
using energy::train::Ensemble;
using energy::train::EnsembleParams;

namespace {

/// Random rows over a little more than 0..1, a few cells set to values the
/// trees split at, and a few missing.
Eigen::MatrixXd probeRows(const nlohmann::json &Booster, Eigen::Index Columns, unsigned Seed) {
  std::mt19937 Rng(Seed);
  std::uniform_real_distribution<double> U(-0.2, 1.2);
  Eigen::MatrixXd X(400, Columns);
  for (Eigen::Index R = 0; R < X.rows(); ++R)
    for (Eigen::Index C = 0; C < Columns; ++C)
      X(R, C) = U(Rng);
  const auto &Trees = Booster["learner"]["gradient_booster"]["model"]["trees"];
  for (Eigen::Index R = 0; R < 100; ++R) {
    const auto &T = Trees[static_cast<size_t>(R) % Trees.size()];
    if (T["left_children"][0].get<int>() < 0)
      continue;
    X(R, T["split_indices"][0].get<Eigen::Index>()) = T["split_conditions"][0].get<double>();
  }
  for (Eigen::Index R = 100; R < 120; ++R)
    X(R, R % Columns) = std::nan("");
  return X;
}

void expectSamePredictions(const nlohmann::json &Booster, Eigen::Index Columns, unsigned Seed) {
  Ensemble Xgb = Ensemble::fromJson(Booster);
  TreeEnsemble Ours =
      TreeEnsemble::fromXgboostJson(Booster, static_cast<size_t>(Columns), "test", "xgboost");
  Eigen::MatrixXd X = probeRows(Booster, Columns, Seed);
  Eigen::VectorXd Expected = Xgb.predict(X);
  for (Eigen::Index R = 0; R < X.rows(); ++R) {
    std::vector<double> Row(static_cast<size_t>(Columns));
    for (Eigen::Index C = 0; C < Columns; ++C)
      Row[static_cast<size_t>(C)] = X(R, C);
    EXPECT_NEAR(Ours.predict(Row), Expected(R), 1e-5) << "row " << R;
  }
}

Eigen::MatrixXd syntheticX(Eigen::Index Rows, Eigen::Index Columns) {
  std::mt19937 Rng(7);
  std::uniform_real_distribution<double> U(0, 1);
  Eigen::MatrixXd X(Rows, Columns);
  for (Eigen::Index R = 0; R < Rows; ++R)
    for (Eigen::Index C = 0; C < Columns; ++C)
      X(R, C) = U(Rng);
  return X;
}

Eigen::VectorXd syntheticPower(const Eigen::MatrixXd &X) {
  Eigen::VectorXd Y(X.rows());
  for (Eigen::Index R = 0; R < X.rows(); ++R)
    Y(R) = 60 + 40 * X(R, 0) + 25 * std::sin(6 * X(R, 1)) + (X(R, 2) > 0.5 ? 15 : 0);
  return Y;
}

/// A forest or boosted trees trained by xgboost on 600 rows of 5 features,
/// as the booster JSON that energy-train writes into a model file.
nlohmann::json trainedOnSyntheticData(bool Forest, int Trees) {
  Eigen::MatrixXd X = syntheticX(600, 5);
  EnsembleParams P;
  P.forest = Forest;
  P.trees = Trees;
  return Ensemble::train(X, syntheticPower(X), P).toJson();
}

} // namespace

TEST(TreeEvaluator, AgreesWithXgboostOnTheShippedNx12Model) {
  std::ifstream In(std::string(ENERGY_SOURCE_DIR) + "/models/nx12.json");
  nlohmann::json Doc = nlohmann::json::parse(In);
  Eigen::Index Columns = static_cast<Eigen::Index>(Doc["features"].size());
  for (const auto &Class : Doc["classes"])
    expectSamePredictions(Class["xgboost"], Columns, 1);
}

TEST(TreeEvaluator, AgreesWithXgboostOnASyntheticForest) {
  expectSamePredictions(trainedOnSyntheticData(/*Forest=*/true, 60), 5, 2);
}

TEST(TreeEvaluator, AgreesWithXgboostOnSyntheticBoostedTrees) {
  expectSamePredictions(trainedOnSyntheticData(/*Forest=*/false, 150), 5, 3);
}
