//===- folds_test.cpp - Folds never test on what they trained on ----------===//
#include "test_helpers.h"

#include "energy/train/cross_validation.h"
#include "energy/train/error.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

using namespace energy::train;

TEST(Folds, GroupedFoldsKeepEachProgramInOneFold) {
  Eigen::VectorXd Coef(2);
  Coef << 1, 2;
  Dataset D = test::linearDataset(Coef, 50, 0.1, 70, 7);
  auto Folds = makeFolds(D, FoldScheme::Grouped, 5);
  ASSERT_EQ(Folds.size(), 5u);
  std::set<std::string> Seen;
  size_t Rows = 0;
  for (const auto &F : Folds) {
    std::set<std::string> Here;
    for (size_t R : F)
      Here.insert(D.programs[R]);
    for (const std::string &P : Here)
      EXPECT_TRUE(Seen.insert(P).second) << P << " is in two folds";
    Rows += F.size();
  }
  EXPECT_EQ(Rows, D.rows());
}

TEST(Folds, TimeBlocksAreContiguousInTime) {
  Eigen::VectorXd Coef(1);
  Coef << 1;
  Dataset D = test::linearDataset(Coef, 50, 0.1, 23, 1);
  D.info.kind = RowKind::Series;
  D.timestamp.resize(23);
  for (int R = 0; R < 23; ++R)
    D.timestamp(R) = (R * 7) % 23; // rows out of time order
  auto Folds = makeFolds(D, FoldScheme::Auto, 5);
  ASSERT_EQ(Folds.size(), 5u);
  double LastEnd = -1;
  for (const auto &F : Folds) {
    double Lo = 1e9, Hi = -1;
    for (size_t R : F) {
      Lo = std::min(Lo, D.timestamp(R));
      Hi = std::max(Hi, D.timestamp(R));
    }
    EXPECT_EQ(Hi - Lo + 1, static_cast<double>(F.size())) << "a gap in a block";
    EXPECT_GT(Lo, LastEnd);
    LastEnd = Hi;
  }
}

TEST(Folds, OneProgramOnlyIsAClearError) {
  Eigen::VectorXd Coef(1);
  Coef << 1;
  Dataset D = test::linearDataset(Coef, 50, 0.1, 20, 1);
  try {
    makeFolds(D, FoldScheme::Grouped, 5);
    FAIL() << "one program cannot be cross-validated by program";
  } catch (const TrainError &E) {
    EXPECT_NE(std::string(E.what()).find("one program only"), std::string::npos);
  }
}

TEST(CrossValidation, LinearLearnersReachTheNoiseFloor) {
  Eigen::VectorXd Coef(4);
  Coef << 30, -10, 5, 20;
  Dataset D = test::linearDataset(Coef, 80, 1.0, 400, 20);
  Recipe R;
  R.derive = false;
  for (LearnerKind K : {LearnerKind::Ols, LearnerKind::Ridge, LearnerKind::Lasso}) {
    R.learner.kind = K;
    CvResult Cv = crossValidate(D, R, FoldScheme::Grouped, 5);
    EXPECT_EQ(Cv.folds, 5u);
    // The mean absolute value of N(0, 1) noise is 0.80.
    EXPECT_LT(Cv.errors.mae, 0.9) << learnerName(K);
    EXPECT_GT(Cv.errors.mae, 0.7) << learnerName(K);
    EXPECT_LT(Cv.errors.meanEpsilon, 0.02) << learnerName(K);
  }
}

TEST(CrossValidation, TopKByCvKeepsTheInformativeFeatures) {
  Eigen::VectorXd Coef(6);
  Coef << 40, 30, 0, 0, 0, 0;
  Dataset D = test::linearDataset(Coef, 60, 0.5, 300, 15);
  Recipe R;
  R.derive = false;
  R.learner.kind = LearnerKind::Ols;
  Tuning T;
  T.scheme = FoldScheme::Grouped;
  T.innerFolds = 5;
  for (size_t K : {1, 2, 6}) {
    R.topK = K;
    T.candidates.push_back(R);
  }
  EXPECT_GE(chooseRecipe(D, T).topK, 2u);
}

namespace {

TEST(NestedCrossValidation, NoOuterTestFoldChoosesTheRecipe) {
  // Power unrelated to the counters: whichever k looks best over the outer
  // folds is best by chance, so choosing it there reports that luck as skill;
  // chosen inside each training part, the error is not the lowest one.
  Eigen::VectorXd Coef = Eigen::VectorXd::Zero(8);
  Dataset D = test::linearDataset(Coef, 80, 5.0, 200, 20);
  Tuning T;
  T.scheme = FoldScheme::Grouped;
  double Luckiest = std::numeric_limits<double>::infinity();
  for (size_t K = 1; K <= 8; ++K) {
    Recipe R;
    R.derive = false;
    R.learner.kind = LearnerKind::Ols;
    R.topK = K;
    T.candidates.push_back(R);
    Luckiest = std::min(Luckiest, crossValidate(D, R, FoldScheme::Grouped, 5).errors.mae);
  }
  CvResult Nested = nestedCrossValidate(D, T, FoldScheme::Grouped, 5);
  EXPECT_EQ(Nested.choices.size(), 5u);
  EXPECT_GT(Nested.errors.mae, Luckiest + 1e-6);
}

} // namespace
