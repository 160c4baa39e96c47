//===- apportion_test.cpp - Integer shares that add up exactly ------------===//
#include "energy/report/apportion.h"

#include <gtest/gtest.h>

#include <numeric>

using energy::report::apportion;

namespace {

uint64_t sum(const std::vector<uint64_t> &V) {
  return std::accumulate(V.begin(), V.end(), uint64_t{0});
}

} // namespace

TEST(Apportion, ThirdsAddUpToTheTotal) {
  std::vector<double> Weights{1.0, 1.0, 1.0};
  auto Shares = apportion(100, Weights);
  EXPECT_EQ(Shares, (std::vector<uint64_t>{34, 33, 33}));
}

TEST(Apportion, LeftoverUnitsGoToTheLargestRemainders) {
  // Quotas 1.4, 2.6, 6.0: floors 1, 2, 6 and the one unit left goes to 2.6.
  std::vector<double> Weights{0.14, 0.26, 0.6};
  EXPECT_EQ(apportion(10, Weights), (std::vector<uint64_t>{1, 3, 6}));
}

TEST(Apportion, RoundingEachShareAloneWouldNotAddUp) {
  // Seven equal paths of 1000 nJ / 7 each: rounded alone, 143 x 7 = 1001.
  std::vector<double> Weights(7, 0.25);
  auto Shares = apportion(1000, Weights);
  EXPECT_EQ(sum(Shares), 1000u);
  for (uint64_t S : Shares)
    EXPECT_TRUE(S == 142 || S == 143);
}

TEST(Apportion, IntegerWeightsThatAddUpAreKeptExactly) {
  // Counts near 2^62 lose their last bits in a double; the integer version
  // must give every weight back unchanged.
  std::vector<uint64_t> Weights{(1ull << 62) + 1, 3, (1ull << 60) + 7};
  uint64_t Total = (1ull << 62) + 1 + 3 + (1ull << 60) + 7;
  EXPECT_EQ(apportion(Total, Weights), Weights);
}

TEST(Apportion, IntegerWeightsScaleToAnotherTotal) {
  std::vector<uint64_t> Weights{1, 1, 2};
  EXPECT_EQ(apportion(8, Weights), (std::vector<uint64_t>{2, 2, 4}));
  EXPECT_EQ(sum(apportion(7, Weights)), 7u);
}

TEST(Apportion, AllZeroWeightsSplitEqually) {
  std::vector<double> Weights{0.0, 0.0, 0.0};
  EXPECT_EQ(apportion(5, Weights), (std::vector<uint64_t>{2, 2, 1}));
  std::vector<uint64_t> Counts{0, 0};
  EXPECT_EQ(apportion(3, Counts), (std::vector<uint64_t>{2, 1}));
}

TEST(Apportion, NothingToSplitAmongNobody) {
  EXPECT_TRUE(apportion(0, std::vector<double>{}).empty());
}
