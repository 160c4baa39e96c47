//===- diff_test.cpp - energy-report diff: identity, medians, gates -------===//
//
// Gates on measured metrics use runs whose spread is given, so that each
// outcome follows from the rank test's exact p-values (mann_whitney_test.cpp).
//
//===----------------------------------------------------------------------===//
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
  auto Kernel = addRegion(R, "kernel", "function", 10 + LineShift, std::nullopt, 0, 0.001, 0.004);
  addRegion(R, "kernel:loop@app.c:" + std::to_string(20 + LineShift), "loop", 20 + LineShift,
            Kernel, InnerFlops, LoopSeconds, 0.5);
  addRegion(R, "kernel:loop@app.c:" + std::to_string(14 + LineShift), "loop", 14 + LineShift,
            Kernel, 100, 0.002, 0.01);
  addRegion(R, "main", "function", 40 + LineShift, std::nullopt, 0, 0.001, 0.004);
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
  EXPECT_EQ(regionKeys(program(0, 1000, 0.1)), regionKeys(program(7, 1000, 0.1)));
}

TEST(RegionKeys, NestedLoopsAreNamedByTheirPlaceInTheNest) {
  Report R;
  auto F = addRegion(R, "f", "function", 1, std::nullopt, 0, 0.1, 0.1);
  auto Outer = addRegion(R, "f:loop@app.c:9", "loop", 9, F, 1, 0.1, 0.1);
  addRegion(R, "f:loop@app.c:3", "loop", 3, F, 1, 0.1, 0.1);
  auto User = addRegion(R, "f:step@app.c:10", "user", 10, Outer, 1, 0.1, 0.1);
  addRegion(R, "f:loop@app.c:12", "loop", 12, User, 1, 0.1, 0.1);
  addRegion(R, "f:loop@app.c:11", "loop", 11, Outer, 1, 0.1, 0.1);
  auto Keys = regionKeys(R);
  EXPECT_EQ(Keys[1].name, "f:loop#2");
  EXPECT_EQ(Keys[2].name, "f:loop#1");
  EXPECT_EQ(Keys[3].name, "f:step");
  EXPECT_EQ(Keys[4].name, "f:loop#2.2"); // inside a user region, still loop 2's
  EXPECT_EQ(Keys[5].name, "f:loop#2.1");
}

TEST(RegionKeys, LoopsSharingALineKeepTheirPlaceWhenItMoves) {
  // The vectoriser's loop and its remainder share a line: `loop`, `loop#2`.
  auto Daxpy = [](uint64_t Line) {
    Report R;
    auto F = addRegion(R, "daxpy", "function", Line - 2, std::nullopt, 0, 0.1, 0.1);
    std::string At = "@daxpy.c:" + std::to_string(Line);
    addRegion(R, "daxpy:loop" + At, "loop", Line, F, 1, 0.1, 0.1);
    addRegion(R, "daxpy:loop#2" + At, "loop", Line, F, 1, 0.1, 0.1);
    return R;
  };
  EXPECT_EQ(regionKeys(Daxpy(7)), regionKeys(Daxpy(8)));
  EXPECT_EQ(regionKeys(Daxpy(7))[2].name, "daxpy:loop#2");
}

TEST(DiffReports, MatchesShiftedRegionsWithoutChange) {
  ReportDiff D = diffReports({program(0, 1000, 0.1)}, {program(5, 1000, 0.1)}, nullptr);
  ASSERT_EQ(D.regions.size(), 5u); // the program total and four regions
  EXPECT_EQ(D.regions.front().key.name, ProgramTotalName);
  for (const RegionDiff &R : D.regions) {
    EXPECT_TRUE(R.inBase && R.inNew) << R.key.name;
    EXPECT_EQ(R.metric(DiffMetric::Flops).relative(), 0.0) << R.key.name;
  }
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Flops}, defaultGateRules(0.0)).empty());
}

TEST(DiffReports, ComparesMediansOfEachSide) {
  ReportDiff D =
      diffReports({program(0, 1000, 0.10), program(0, 1000, 0.30), program(0, 1000, 0.11)},
                  {program(0, 1000, 0.12), program(0, 1000, 0.13)}, nullptr);
  const MetricChange &Time = regionNamed(D, "kernel:loop#2").metric(DiffMetric::Time);
  EXPECT_DOUBLE_EQ(*Time.base, 0.11); // odd count: the middle value
  EXPECT_DOUBLE_EQ(*Time.now, 0.125); // even count: mean of the middle two
  EXPECT_EQ(D.baseReports, 3u);
  EXPECT_EQ(D.newReports, 2u);
}

TEST(DiffReports, MeasuredEnergyIsAbsentWithoutAMeter) {
  ReportDiff D = diffReports({program(0, 1, 0.1)}, {program(0, 1, 0.1)}, nullptr);
  EXPECT_FALSE(D.regions[1].metric(DiffMetric::MeasuredEnergy).base);
  EXPECT_FALSE(D.regions[1].metric(DiffMetric::DynamicEnergy).base);
}

TEST(DiffReports, ListsAddedAndRemovedRegions) {
  Report Old = program(0, 1000, 0.1), New = program(0, 1000, 0.1);
  addRegion(Old, "legacy", "function", 90, std::nullopt, 5, 0.001, 0.001);
  addRegion(New, "fresh", "function", 95, std::nullopt, 6, 0.001, 0.001);
  ReportDiff D = diffReports({Old}, {New}, nullptr);
  EXPECT_FALSE(regionNamed(D, "legacy").inNew);
  EXPECT_FALSE(regionNamed(D, "fresh").inBase);
  EXPECT_EQ(formatChange(regionNamed(D, "fresh").metric(DiffMetric::Flops)), "new");
  EXPECT_EQ(formatChange(regionNamed(D, "legacy").metric(DiffMetric::Flops)), "gone");
}

TEST(Regressions, BeyondThresholdOnlyAndOnlyForGatedMetrics) {
  ReportDiff D = diffReports({program(0, 1000, 0.1)}, {program(0, 1100, 0.1)}, nullptr);
  GateRules Rules = defaultGateRules(0.05);
  auto Found = findRegressions(D, {DiffMetric::Flops}, Rules);
  ASSERT_EQ(Found.size(), 2u); // the loop (+10%) and the total (+9.9%)
  EXPECT_EQ(Found[0].region->key.name, ProgramTotalName);
  EXPECT_NEAR(Found[1].relative, 0.10, 1e-12);
  EXPECT_FALSE(Found[1].pValue); // exact: no test
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Time}, Rules).empty());
  Rules.thresholds[static_cast<size_t>(DiffMetric::Flops)] = 0.10;
  EXPECT_TRUE(findRegressions(D, {DiffMetric::Flops}, Rules).empty());
}

TEST(Regressions, FromZeroIsARegressionAndDecreasesNeverAre) {
  // Medians only: no runs behind them.
  auto Change = [](SideValue Base, SideValue Now) { return MetricChange{Base, Now, {}, {}}; };
  EXPECT_TRUE(isRegression(Change(0.0, 1.0), 0.5));
  EXPECT_TRUE(std::isinf(*Change(0.0, 1.0).relative()));
  EXPECT_FALSE(isRegression(Change(0.0, 0.0), 0.0));
  EXPECT_FALSE(isRegression(Change(2.0, 1.0), 0.0));
  EXPECT_FALSE(isRegression(Change(std::nullopt, 1.0), 0.0));
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
  EXPECT_NE(parseThresholds("watts=5%", T)->find("unknown metric 'watts'"), std::string::npos);
  EXPECT_NE(parseThresholds("time=-1%", T)->find("not a non-negative"), std::string::npos);
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

namespace {

/// main() and a hot kernel(), five runs whose kernel takes Seconds[i] and
/// executes Instructions[i].
std::vector<Report> runs(const std::vector<double> &Seconds, const std::vector<uint64_t> &Flops) {
  std::vector<Report> Runs;
  for (size_t I = 0; I < Seconds.size(); ++I) {
    Report R;
    auto Main = addRegion(R, "main", "function", 1, std::nullopt, 10, 0.5, 2.0);
    addRegion(R, "kernel", "function", 20, Main, Flops[I], Seconds[I], 4.0 * Seconds[I]);
    Runs.push_back(R);
  }
  return Runs;
}

GateVerdict verdict(const ReportDiff &D, const std::string &Region, DiffMetric M,
                    const GateRules &Rules = defaultGateRules()) {
  return judgeChange(D, regionNamed(D, Region), M, Rules);
}

const std::vector<uint64_t> SameFlops(5, 1000);

} // namespace

TEST(Gates, NoiseWithinTheThresholdPassesMeasuredMetrics) {
  // Every new run slower than every base run, but by less than 5%: the
  // change is real and too small to matter.
  ReportDiff D = diffReports(runs({1.00, 1.01, 1.02, 1.03, 1.04}, SameFlops),
                             runs({1.045, 1.05, 1.055, 1.06, 1.065}, SameFlops), nullptr);
  GateVerdict V = verdict(D, "kernel", DiffMetric::Time);
  EXPECT_EQ(V.outcome, GateOutcome::Passed);
  EXPECT_FALSE(V.exact);
  ASSERT_TRUE(V.pValue);
  EXPECT_GT(*V.pValue, 0.01);
}

TEST(Gates, ASignificantChangeBeyondTheThresholdFails) {
  ReportDiff D = diffReports(runs({1.00, 1.02, 0.98, 1.01, 0.99}, SameFlops),
                             runs({1.30, 1.33, 1.27, 1.31, 1.29}, SameFlops), nullptr);
  GateVerdict V = verdict(D, "kernel", DiffMetric::Energy);
  EXPECT_EQ(V.outcome, GateOutcome::Failed);
  EXPECT_NEAR(*V.pValue, 1.0 / 252, 1e-12);
  auto Found = findRegressions(D, {DiffMetric::Energy}, defaultGateRules());
  ASSERT_FALSE(Found.empty());
  EXPECT_EQ(describeRegression(Found.back()),
            "kernel: energy +30.0% (4.00 J -> 5.20 J), above the 5% threshold "
            "(p=0.004 <= 0.01, over the runs)");
}

TEST(Gates, OneWildRunDoesNotFail) {
  ReportDiff D = diffReports(runs({1.00, 1.02, 0.98, 1.01, 0.99}, SameFlops),
                             runs({1.00, 3.00, 2.90, 0.97, 1.01}, SameFlops), nullptr);
  // The median moved +1.0%; two slow runs of five are no evidence.
  EXPECT_EQ(verdict(D, "kernel", DiffMetric::Time).outcome, GateOutcome::Passed);
}

TEST(Gates, OneRunASideHasNoSpreadAndGatesExactMetricsOnly) {
  ReportDiff D = diffReports(runs({1.0}, {1000}), runs({2.0}, {1000}), nullptr);
  EXPECT_EQ(verdict(D, "kernel", DiffMetric::Time).outcome, GateOutcome::FewRuns);
  GateRules Forced = defaultGateRules();
  Forced.gateFewRuns = true;
  EXPECT_EQ(verdict(D, "kernel", DiffMetric::Time, Forced).outcome, GateOutcome::Failed);
  ReportDiff More = diffReports(runs({1.0}, {1000}), runs({1.0}, {1100}), nullptr);
  EXPECT_EQ(verdict(More, "kernel", DiffMetric::Flops).outcome, GateOutcome::Failed);
}

TEST(Gates, CountsThatDifferBetweenRunsAreMeasured) {
  // Hashing seeded by time: the kernel's FLOPs spread by +-20% run to run.
  std::vector<double> Time(5, 1.0);
  ReportDiff D = diffReports(runs(Time, {800, 1000, 1200, 900, 1100}),
                             runs(Time, {1150, 950, 1200, 1050, 1190}), nullptr);
  const MetricChange &Flops = regionNamed(D, "kernel").metric(DiffMetric::Flops);
  EXPECT_GT(*Flops.relative(), 0.05); // the medians moved +9.5%
  EXPECT_TRUE(Flops.variesBetweenRuns());
  GateVerdict V = verdict(D, "kernel", DiffMetric::Flops);
  EXPECT_FALSE(V.exact);
  EXPECT_EQ(V.outcome, GateOutcome::Passed);
  // main's counts agree in every run: still exact.
  EXPECT_TRUE(verdict(D, "main", DiffMetric::Flops).exact);
}

TEST(Gates, RegionsTooSmallToMeasureAreNotGatedUnlessAsked) {
  // kernel: 2 ms of a 0.5 s run, 30% slower in every run.
  ReportDiff D = diffReports(runs({0.002, 0.00201, 0.00199, 0.002, 0.00202}, SameFlops),
                             runs({0.0026, 0.00261, 0.00259, 0.0026, 0.00262}, SameFlops), nullptr);
  GateRules Rules = defaultGateRules();
  EXPECT_TRUE(isTooSmallToMeasure(D, regionNamed(D, "kernel"), Rules));
  EXPECT_FALSE(isTooSmallToMeasure(D, D.regions.front(), Rules));
  EXPECT_EQ(verdict(D, "kernel", DiffMetric::Time, Rules).outcome, GateOutcome::TooSmall);
  Rules.gateSmall = true;
  EXPECT_EQ(verdict(D, "kernel", DiffMetric::Time, Rules).outcome, GateOutcome::Failed);
  Rules = defaultGateRules();
  Rules.minSeconds = 0.001;
  Rules.minShare = 0.0;
  EXPECT_FALSE(isTooSmallToMeasure(D, regionNamed(D, "kernel"), Rules));
}

TEST(Renames, AFunctionWithTheSameBodyUnderANewNameIsRenamedWithItsLoops) {
  auto Program = [](const std::string &Kernel) {
    Report R;
    auto Main = addRegion(R, "main", "function", 1, std::nullopt, 10, 0.5, 2.0);
    auto K = addRegion(R, Kernel, "function", 20, Main, 7, 0.1, 0.1);
    addRegion(R, Kernel + ":loop@app.c:22", "loop", 22, K, 5000, 1.0, 4.0);
    addRegion(R, "other", "function", 40, Main, 3, 0.1, 0.1);
    return R;
  };
  Report Old = Program("kernel"), New = Program("kernel_v2");
  addRegion(New, "fresh", "function", 60, std::nullopt, 9, 0.1, 0.1);
  ReportDiff D = diffReports({Old}, {New}, nullptr);
  const RegionDiff &K = regionNamed(D, "kernel_v2");
  EXPECT_EQ(K.status(), MatchStatus::Renamed);
  EXPECT_EQ(K.previousName, "kernel");
  const RegionDiff &Loop = regionNamed(D, "kernel_v2:loop#1");
  EXPECT_EQ(Loop.status(), MatchStatus::Renamed);
  EXPECT_EQ(Loop.metric(DiffMetric::Flops).relative(), 0.0);
  EXPECT_EQ(regionNamed(D, "other").status(), MatchStatus::Matched);
  EXPECT_EQ(regionNamed(D, "fresh").status(), MatchStatus::Added);
}

TEST(Renames, ADifferentBodyIsRemovedAndAdded) {
  Report Old, New;
  addRegion(Old, "kernel", "function", 20, std::nullopt, 7, 0.1, 0.1);
  addRegion(New, "kernel_v2", "function", 20, std::nullopt, 8, 0.1, 0.1);
  ReportDiff D = diffReports({Old}, {New}, nullptr);
  EXPECT_EQ(regionNamed(D, "kernel").status(), MatchStatus::Removed);
  EXPECT_EQ(regionNamed(D, "kernel_v2").status(), MatchStatus::Added);
}
