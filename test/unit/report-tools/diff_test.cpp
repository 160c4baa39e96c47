//===- diff_test.cpp - energy-report diff: identity, medians, gates -------===//
#include "energy/report/diff_output.h"
#include "energy/report/report_diff.h"

#include "report_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace energy::report;
using energy::report::test::addRegion;

namespace {

/// kernel() with two loops, and main().
Report program(uint64_t LineShift, uint64_t InnerFlops, double LoopSeconds) {
  Report R;
  auto Kernel = addRegion(R, "kernel", "function", 10 + LineShift,
                          std::nullopt, 0, 0.001, 0.004);
  addRegion(R, "kernel:loop@app.c:" + std::to_string(20 + LineShift), "loop",
            20 + LineShift, Kernel, InnerFlops, LoopSeconds, 0.5);
  addRegion(R, "kernel:loop@app.c:" + std::to_string(14 + LineShift), "loop",
            14 + LineShift, Kernel, 100, 0.002, 0.01);
  addRegion(R, "main", "function", 40 + LineShift, std::nullopt, 0, 0.001,
            0.004);
  return R;
}

const RegionDiff &regionNamed(const ReportDiff &D, const std::string &Key) {
  for (const RegionDiff &R : D.regions)
    if (R.key.name == Key)
      return R;
  throw std::runtime_error("no region " + Key);
}

} // namespace

TEST(RegionKeys, LoopsAreRankedByLineWithinTheirFunction) {
  auto Keys = regionKeys(program(0, 1000, 0.1));
  EXPECT_EQ(Keys[0].name, "kernel");
  EXPECT_EQ(Keys[1].name, "kernel:loop#2");
  EXPECT_EQ(Keys[2].name, "kernel:loop#1");
  EXPECT_EQ(Keys[3].file, "/src/app.c");
}

TEST(RegionKeys, SurviveLineShifts) {
  EXPECT_EQ(regionKeys(program(0, 1000, 0.1)),
            regionKeys(program(7, 1000, 0.1)));
}

TEST(DiffReports, MatchesShiftedRegionsWithoutChange) {
  ReportDiff D = diffReports({program(0, 1000, 0.1)}, {program(5, 1000, 0.1)},
                             nullptr);
  ASSERT_EQ(D.regions.size(), 5u); // the program total and four regions
  EXPECT_EQ(D.regions.front().key.name, ProgramTotalName);
  for (const RegionDiff &R : D.regions) {
    EXPECT_TRUE(R.inBase && R.inNew) << R.key.name;
    EXPECT_EQ(R.metric(DiffMetric::Flops).relative(), 0.0) << R.key.name;
  }
  Thresholds T;
  T.fill(0.0);
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Flops}, T).empty());
}

TEST(DiffReports, ComparesMediansOfEachSide) {
  ReportDiff D = diffReports(
      {program(0, 1000, 0.10), program(0, 1000, 0.30), program(0, 1000, 0.11)},
      {program(0, 1000, 0.12), program(0, 1000, 0.13)}, nullptr);
  const MetricChange &Time =
      regionNamed(D, "kernel:loop#2").metric(DiffMetric::Time);
  EXPECT_DOUBLE_EQ(*Time.base, 0.11);  // odd count: the middle value
  EXPECT_DOUBLE_EQ(*Time.now, 0.125);  // even count: mean of the middle two
  EXPECT_EQ(D.baseReports, 3u);
  EXPECT_EQ(D.newReports, 2u);
}

TEST(DiffReports, MeasuredEnergyIsAbsentWithoutAMeter) {
  ReportDiff D = diffReports({program(0, 1, 0.1)}, {program(0, 1, 0.1)},
                             nullptr);
  EXPECT_FALSE(D.regions[1].metric(DiffMetric::MeasuredEnergy).base);
  EXPECT_FALSE(D.regions[1].metric(DiffMetric::DynamicEnergy).base);
}

TEST(DiffReports, ListsAddedAndRemovedRegions) {
  Report Old = program(0, 1000, 0.1), New = program(0, 1000, 0.1);
  addRegion(Old, "legacy", "function", 90, std::nullopt, 5, 0.001, 0.001);
  addRegion(New, "fresh", "function", 95, std::nullopt, 5, 0.001, 0.001);
  ReportDiff D = diffReports({Old}, {New}, nullptr);
  EXPECT_FALSE(regionNamed(D, "legacy").inNew);
  EXPECT_FALSE(regionNamed(D, "fresh").inBase);
  EXPECT_EQ(formatChange(regionNamed(D, "fresh").metric(DiffMetric::Flops)),
            "new");
  EXPECT_EQ(formatChange(regionNamed(D, "legacy").metric(DiffMetric::Flops)),
            "gone");
}

TEST(Regressions, BeyondThresholdOnlyAndOnlyForGatedMetrics) {
  ReportDiff D = diffReports({program(0, 1000, 0.1)},
                             {program(0, 1100, 0.1)}, nullptr);
  Thresholds T;
  T.fill(0.05);
  auto Found = findRegressions(D, {DiffMetric::Flops}, T);
  ASSERT_EQ(Found.size(), 2u); // the loop (+10%) and the total (+9.9%)
  EXPECT_EQ(Found[0].region->key.name, ProgramTotalName);
  EXPECT_NEAR(Found[1].relative, 0.10, 1e-12);
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Time}, T).empty());
  T[static_cast<size_t>(DiffMetric::Flops)] = 0.10;
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Flops}, T).empty());
}

TEST(Regressions, FromZeroIsARegressionAndDecreasesNeverAre) {
  EXPECT_TRUE(isRegression({0.0, 1.0}, 0.5));
  EXPECT_TRUE(std::isinf(*MetricChange{0.0, 1.0}.relative()));
  EXPECT_FALSE(isRegression({0.0, 0.0}, 0.0));
  EXPECT_FALSE(isRegression({2.0, 1.0}, 0.0));
  EXPECT_FALSE(isRegression({std::nullopt, 1.0}, 0.0));
}

TEST(Thresholds, OneForAllOrPerMetric) {
  Thresholds T;
  T.fill(0.05);
  EXPECT_FALSE(parseThresholds("2.5%", T));
  EXPECT_DOUBLE_EQ(T[static_cast<size_t>(DiffMetric::Time)], 0.025);
  EXPECT_FALSE(parseThresholds("energy=1%,time=10%", T));
  EXPECT_DOUBLE_EQ(T[static_cast<size_t>(DiffMetric::Energy)], 0.01);
  EXPECT_DOUBLE_EQ(T[static_cast<size_t>(DiffMetric::Time)], 0.10);
  EXPECT_DOUBLE_EQ(T[static_cast<size_t>(DiffMetric::Flops)], 0.025);
}

TEST(Thresholds, BadSpecificationsAreNamed) {
  Thresholds T{};
  EXPECT_EQ(*parseThresholds("5", T), "threshold '5' is neither N% nor METRIC=N%");
  EXPECT_NE(parseThresholds("watts=5%", T)->find("unknown metric 'watts'"),
            std::string::npos);
  EXPECT_NE(parseThresholds("time=-1%", T)->find("not a non-negative"),
            std::string::npos);
  EXPECT_TRUE(parseThresholds("time=5%x", T).has_value());
  EXPECT_TRUE(parseThresholds("", T).has_value());
}

TEST(MetricLists, ParseNamesAndNone) {
  std::vector<DiffMetric> L;
  EXPECT_FALSE(parseMetricList("flops,energy,flops", L));
  EXPECT_EQ(L, (std::vector<DiffMetric>{DiffMetric::Flops, DiffMetric::Energy}));
  EXPECT_FALSE(parseMetricList("none", L));
  EXPECT_TRUE(L.empty());
  EXPECT_TRUE(parseMetricList("flops,,time", L).has_value());
}

TEST(Determinism, OnlyCountsAndTheirEnergyAreDeterministic) {
  EXPECT_TRUE(isDeterministic(DiffMetric::Flops));
  EXPECT_TRUE(isDeterministic(DiffMetric::DynamicEnergy));
  EXPECT_FALSE(isDeterministic(DiffMetric::Energy));
  EXPECT_FALSE(isDeterministic(DiffMetric::Time));
  EXPECT_FALSE(isDeterministic(DiffMetric::MeasuredEnergy));
}
