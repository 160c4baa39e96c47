//===- call_path_profile_test.cpp - Region figures split among paths ------===//
#include "energy/report/call_path_profile.h"

#include "export_fixture.h"

#include <gtest/gtest.h>

using namespace energy::exporter;
using namespace energy::report;
using energy::exporter::test::callTreeInput;

namespace {

size_t at(Metric M) { return static_cast<size_t>(M); }

MetricValues sums(const CallPathProfile &P) {
  MetricValues Sum{};
  for (const PathSample &S : P.samples)
    for (size_t M = 0; M < MetricCount; ++M)
      Sum[M] += S.values[M];
  return Sum;
}

const PathSample *find(const CallPathProfile &P, const std::vector<uint64_t> &Regions) {
  for (const PathSample &S : P.samples)
    if (S.regions == Regions)
      return &S;
  return nullptr;
}

} // namespace

TEST(CallPathProfile, RegionFiguresAreSplitByThePathsSelfTime) {
  ExportInput In = callTreeInput();
  CallPathProfile P = callPathProfile(In.report);
  const PathSample *Called = find(P, {0, 1});
  const PathSample *Root = find(P, {1});
  ASSERT_TRUE(Called && Root);
  EXPECT_EQ(Called->values[at(Metric::Flops)], 60u);
  EXPECT_EQ(Root->values[at(Metric::Flops)], 30u);
  EXPECT_EQ(Called->values[at(Metric::Time)], 200000000u);
  EXPECT_EQ(Root->values[at(Metric::Energy)], 100000000u);
  EXPECT_EQ(Called->values[at(Metric::Bytes)], 480u);
  EXPECT_EQ(Root->origin, StackOrigin::CallTree);
}

TEST(CallPathProfile, SumsEqualTheReportsTotalsExactly) {
  ExportInput In = callTreeInput();
  CallPathProfile P = callPathProfile(In.report);
  const auto &R = In.report;
  MetricValues Sum = sums(P);
  EXPECT_EQ(Sum, P.totals);
  EXPECT_EQ(P.totals[at(Metric::Flops)], R.totalFlops);
  EXPECT_EQ(P.totals[at(Metric::Bytes)], R.totalCounts.bytesLoaded);
  EXPECT_EQ(P.totals[at(Metric::Instructions)], R.totalCounts.instructions);
  EXPECT_EQ(P.totals[at(Metric::Energy)], 450000000u);
  EXPECT_EQ(P.totals[at(Metric::Time)], 450000000u);
}

TEST(CallPathProfile, ARegionTheTreeLacksIsStackedByItsNesting) {
  ExportInput In = callTreeInput();
  CallPathProfile P = callPathProfile(In.report);
  const PathSample *Orphan = find(P, {2});
  ASSERT_TRUE(Orphan);
  EXPECT_EQ(Orphan->origin, StackOrigin::RegionNesting);
  EXPECT_EQ(Orphan->values[at(Metric::Flops)], 10u);
  EXPECT_EQ(P.regionsOutsideTree, 1u);
}

TEST(CallPathProfile, SelfTimeBeyondTheTreesNodesGetsANestingSample) {
  ExportInput In = callTreeInput();
  // helper ran 0.2 s more than its nodes hold: entries past the bound.
  In.report.regions[1].selfSeconds = 0.5;
  In.report.regions[2].parent = 1; // orphan nested in helper
  CallPathProfile P = callPathProfile(In.report);
  const PathSample *Rest = find(P, {1});
  ASSERT_TRUE(Rest);
  ASSERT_EQ(P.samples.size(), 5u);
  EXPECT_EQ(P.samples[3].origin, StackOrigin::RegionNesting);
  EXPECT_EQ(P.samples[3].regions, (std::vector<uint64_t>{1}));
  EXPECT_EQ(P.samples[3].values[at(Metric::Time)], 200000000u);
  EXPECT_EQ(P.samples[3].values[at(Metric::Flops)], 36u); // 90 x 0.2 / 0.5
  EXPECT_EQ(P.samples[4].regions, (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(Rest->origin, StackOrigin::CallTree);
  EXPECT_EQ(sums(P), P.totals);
}

TEST(CallPathProfile, WithoutATreeEveryRegionIsStackedByNesting) {
  ExportInput In = callTreeInput();
  In.report.callTree.reset();
  CallPathProfile P = callPathProfile(In.report);
  EXPECT_EQ(P.regionsOutsideTree, 3u);
  EXPECT_EQ(sums(P), P.totals);
}

TEST(CallPathProfile, MeasuredEnergyOutsideRegionsHasASampleOfItsOwn) {
  ExportInput In = callTreeInput();
  auto &R = In.report;
  for (auto &Reg : R.regions)
    Reg.energy.measuredJoules = 2 * Reg.energy.modelledJoules;
  R.totalEnergy.measuredJoules = 1.0; // regions hold 0.9 J of it
  CallPathProfile P = callPathProfile(R);
  EXPECT_TRUE(P.measuredEnergy);
  ASSERT_FALSE(P.samples.empty());
  const PathSample &Outside = P.samples.back();
  EXPECT_EQ(Outside.origin, StackOrigin::OutsideRegions);
  EXPECT_TRUE(Outside.regions.empty());
  EXPECT_EQ(Outside.values[at(Metric::Energy)], 100000000u);
  EXPECT_EQ(sums(P)[at(Metric::Energy)], 1000000000u);
}

TEST(CallPathProfile, PathsWithoutTimeOrCallsShareEqually) {
  // A sampled report's short region: counted, never on top of a sample.
  ExportInput In = callTreeInput();
  In.report.regions[1].selfSeconds = 0.0;
  (*In.report.callTree)[1].selfSeconds = (*In.report.callTree)[2].selfSeconds = 0.0;
  CallPathProfile P = callPathProfile(In.report);
  const PathSample *Called = find(P, {0, 1}), *Root = find(P, {1});
  ASSERT_TRUE(Called && Root);
  EXPECT_EQ(Called->values[at(Metric::Flops)], 45u);
  EXPECT_EQ(Root->values[at(Metric::Flops)], 45u);
  EXPECT_EQ(sums(P), P.totals);
}

TEST(CallPathProfile, EnergySourceSaysModelledOrMeasured) {
  ExportInput In = callTreeInput();
  EXPECT_EQ(energySource(In.report), "modelled by default-analytic-v1");
  In.report.sources.push_back({"rapl-powercap", "energy", true, true, ""});
  EXPECT_EQ(energySource(In.report), "measured by rapl-powercap");
}
