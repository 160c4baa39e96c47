//===- mann_whitney_test.cpp - The rank test behind diff's gates ----------===//
//
// Expected values: U counted by hand, exact p-values by enumerating every
// split of the pooled values (C(m + n, n) of them), the tied case from the
// tie-corrected normal approximation worked by hand.
//
//===----------------------------------------------------------------------===//
#include "energy/report/rank_test.h"

#include <gtest/gtest.h>

using namespace energy::report;

TEST(MannWhitney, CompleteSeparationOfThreeRunsIsOneInTwenty) {
  RankTestResult R = mannWhitneyGreater({1, 2, 3}, {4, 5, 6});
  EXPECT_DOUBLE_EQ(R.u, 9.0);
  EXPECT_TRUE(R.exact);
  EXPECT_NEAR(R.pValue, 1.0 / 20, 1e-12);
}

TEST(MannWhitney, CompleteSeparationOfFiveRunsIsOneIn252) {
  RankTestResult R = mannWhitneyGreater({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10});
  EXPECT_DOUBLE_EQ(R.u, 25.0);
  EXPECT_NEAR(R.pValue, 1.0 / 252, 1e-12);
}

TEST(MannWhitney, InterleavedRunsAreNotSignificant) {
  RankTestResult R = mannWhitneyGreater({1, 3, 5, 7, 9}, {2, 4, 6, 8, 10});
  EXPECT_DOUBLE_EQ(R.u, 15.0);
  EXPECT_NEAR(R.pValue, 87.0 / 252, 1e-12); // enumerated: 0.345
}

TEST(MannWhitney, UnequalSizes) {
  RankTestResult R = mannWhitneyGreater({1, 2, 3, 4}, {5, 6, 7});
  EXPECT_DOUBLE_EQ(R.u, 12.0);
  EXPECT_NEAR(R.pValue, 1.0 / 35, 1e-12);
}

TEST(MannWhitney, NewBelowBaseIsCertainlyNotGreater) {
  EXPECT_NEAR(mannWhitneyGreater({6, 7, 8}, {1, 2, 3}).pValue, 1.0, 1e-12);
}

TEST(MannWhitney, TiesUseTheCorrectedNormalApproximation) {
  // Ranks of 1,2,2,2,3,3,3,4: U = 1 + 2 x 3.5 + 4 + 0.5 x 2 = 13; the
  // variance 4 x 4 / 12 x (9 - 48 / 56) = 10.857.
  RankTestResult R = mannWhitneyGreater({1, 2, 2, 3}, {2, 3, 3, 4});
  EXPECT_DOUBLE_EQ(R.u, 13.0);
  EXPECT_FALSE(R.exact);
  EXPECT_NEAR(R.pValue, 0.0860168, 1e-6);
}

TEST(MannWhitney, AllTiedIsNoEvidence) {
  EXPECT_DOUBLE_EQ(mannWhitneyGreater({5, 5}, {5, 5, 5}).pValue, 1.0);
}

TEST(MannWhitney, SmallestPValueOfSampleSizes) {
  EXPECT_DOUBLE_EQ(smallestPValue(1, 1), 0.5);
  EXPECT_NEAR(smallestPValue(3, 3), 0.05, 1e-12);
  EXPECT_NEAR(smallestPValue(5, 5), 1.0 / 252, 1e-12);
  EXPECT_NEAR(smallestPValue(4, 3), 1.0 / 35, 1e-12);
}
