//===- linear_test.cpp - The linear learners recover known coefficients ---===//
#include "test_helpers.h"

#include "energy/train/learner.h"
#include "energy/train/linear.h"

#include <gtest/gtest.h>

using namespace energy::train;

namespace {

const Eigen::VectorXd TrueCoef = (Eigen::VectorXd(5) << 12.0, -7.5, 3.0, 0.0, 25.0).finished();
constexpr double TrueIntercept = 63.2;

void expectNear(const LinearFit &F, double Tolerance) {
  for (Eigen::Index I = 0; I < TrueCoef.size(); ++I)
    EXPECT_NEAR(F.coef(I), TrueCoef(I), Tolerance) << "coefficient " << I;
  EXPECT_NEAR(F.intercept, TrueIntercept, Tolerance);
}

} // namespace

TEST(Linear, OlsRecoversExactCoefficientsWithoutNoise) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.0, 200, 10);
  expectNear(fitOls(D.x, D.power), 1e-9);
}

TEST(Linear, OlsRidgeLassoRecoverCoefficientsUnderNoise) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 1.0, 4000, 10);
  expectNear(fitOls(D.x, D.power), 0.25);
  expectNear(fitRidge(D.x, D.power, 1e-3), 0.25);
  expectNear(fitLasso(D.x, D.power, 1e-4), 0.25);
}

TEST(Linear, RidgeShrinksTowardsZeroAsAlphaGrows) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.5, 500, 10);
  double Small = fitRidge(D.x, D.power, 1e-3).coef.norm();
  double Large = fitRidge(D.x, D.power, 1e3).coef.norm();
  EXPECT_LT(Large, Small / 2);
}

TEST(Linear, LassoZeroesIrrelevantFeatures) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.5, 2000, 10);
  LinearFit F = fitLasso(D.x, D.power, 0.05);
  EXPECT_EQ(F.coef(3), 0.0);
  EXPECT_NEAR(F.coef(4), 25.0, 1.0);
}

TEST(Linear, LassoMatchesOlsWhenAlphaIsZero) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 1.0, 300, 10);
  LinearFit Ols = fitOls(D.x, D.power), Lasso = fitLasso(D.x, D.power, 0.0);
  EXPECT_LT((Ols.coef - Lasso.coef).norm(), 1e-4);
}

TEST(Linear, OlsHandlesCollinearColumns) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.0, 100, 10);
  Eigen::MatrixXd X(D.x.rows(), 6);
  X << D.x, D.x.col(0); // a duplicated column: rank deficient
  LinearFit F = fitOls(X, D.power);
  EXPECT_LT((F.predict(X) - D.power).cwiseAbs().maxCoeff(), 1e-8);
  EXPECT_NEAR(F.coef(0) + F.coef(5), 12.0, 1e-8);
}

TEST(Linear, ChosenRidgeAlphaIsSmallForCleanData) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.1, 500, 10);
  EXPECT_LE(chooseAlpha(LearnerKind::Ridge, D.x, D.power), 1.0);
  LearnerOptions O;
  O.kind = LearnerKind::Ridge;
  auto R = trainRegressor(O, D.x, D.power);
  const auto &Fit = static_cast<const LinearRegressor &>(*R).fit();
  EXPECT_NEAR(Fit.coef(4), 25.0, 0.5);
}

TEST(Ensemble, ForestAndBoostingLearnANonlinearFunction) {
  Dataset D = test::linearDataset(TrueCoef, TrueIntercept, 0.0, 1000, 10);
  for (Eigen::Index R = 0; R < D.x.rows(); ++R)
    D.power(R) = 50 + 40 * (D.x(R, 0) > 0.5 ? 1.0 : 0.0) + 10 * D.x(R, 1);
  for (LearnerKind K : {LearnerKind::Forest, LearnerKind::Boosted}) {
    LearnerOptions O;
    O.kind = K;
    O.ensemble.trees = 100;
    auto Model = trainRegressor(O, D.x, D.power);
    double Mae = (Model->predict(D.x) - D.power).cwiseAbs().mean();
    EXPECT_LT(Mae, 2.0) << learnerName(K);
  }
}

namespace {

/// y = 100 x on N distinct, evenly spaced x: a tree grown until pure fits
/// every row of its bootstrap sample exactly.
Eigen::VectorXd evenlySpaced(Eigen::Index N) { return Eigen::VectorXd::LinSpaced(N, 0.0, 1.0); }

TEST(Forest, GrowsTreesUntilTheirLeavesArePure) {
  Eigen::MatrixXd X = evenlySpaced(20000);
  Eigen::VectorXd Y = 100 * X.col(0);
  EnsembleParams P;
  Ensemble F = Ensemble::train(X, Y, P);
  // A row outside a tree's sample takes a neighbour's value (0.005 away); a
  // depth limit of 10 (1,024 leaves of about 20 rows) would miss by 0.025.
  double Mae = (F.predict(X) - Y).cwiseAbs().mean();
  EXPECT_LT(Mae, 0.01);
}

TEST(Forest, EachTreeSeesABootstrapSample) {
  // Neighbours 1 apart: xgboost scores splits in single precision, so rows
  // much closer in y than |y - mean| * 1e-3 or so may share a leaf.
  Eigen::MatrixXd X = evenlySpaced(1001);
  Eigen::VectorXd Y = 1000 * X.col(0);
  EnsembleParams P;
  P.trees = 1;
  Ensemble Tree = Ensemble::train(X, Y, P);
  // N draws with replacement hold 1 - 1/e = 63.2% of the rows; those the
  // tree fits exactly.
  double Exact = ((Tree.predict(X) - Y).array().abs() < 1e-3).cast<double>().mean();
  EXPECT_GT(Exact, 0.60);
  EXPECT_LT(Exact, 0.66);
}

} // namespace
