//===- marker_filter_test.cpp - Which regions energy-report filter unmarks ------===//
#include "energy/report/marker_filter.h"
#include "energy/report/report_error.h"

#include <gtest/gtest.h>

namespace energy::report {
namespace {

/// A sampled report of a run that counted 1,000,000 instructions (1%: 10,000
/// instructions of markers).
struct RunBuilder {
  Report R;
  RunBuilder() {
    R.origin = "run.json";
    R.timing = "sampled";
    R.totalCounts.instructions = 1000000;
  }
  uint64_t add(const std::string &Name, const std::string &Kind, std::optional<uint64_t> Parent,
               uint64_t Calls, uint64_t Instructions, double Inclusive = 0, double Self = 0) {
    Region &Reg = R.regions.emplace_back();
    Reg.id = R.regions.size() - 1;
    Reg.name = Name;
    Reg.kind = Kind;
    Reg.parent = Parent;
    Reg.calls = Calls;
    Reg.counts.instructions = Instructions;
    Reg.inclusiveSeconds = Inclusive;
    Reg.selfSeconds = Self;
    return Reg.id;
  }
};

std::vector<std::string> unmarkedNames(const MarkerFilter &F) {
  std::vector<std::string> Names;
  for (const UnmarkedRegion &U : F.unmarked)
    Names.push_back(U.region->name);
  return Names;
}

TEST(MarkerFilter, DearestMarkersFirstUntilTheBudgetHolds) {
  RunBuilder B;
  B.R.totalCounts.instructions = 10000000; // 1%: 100,000 instructions of markers
  uint64_t Main = B.add("main", "function", std::nullopt, 1, 1000, 1, 0.1);
  // 20000 entries of 5 instructions: 200,000 instructions of markers.
  uint64_t Dispatch = B.add("run", "function", std::nullopt, 1, 10, 0.9, 0.1);
  B.add("run:loop#1@vm.c", "loop", Dispatch, 20000, 100000);
  // 2,000 entries of 300 instructions (it calls others: time below it):
  // markers 3% of its work, but within the budget once the loop is gone.
  B.add("kernel", "function", std::nullopt, 2000, 600000, 0.6, 0.5);
  B.add("main:loop#1@vm.c", "loop", Main, 1, 50);
  MarkerFilter F = chooseUnmarkedRegions(B.R, {});
  EXPECT_EQ(F.entryCost, 10);
  EXPECT_EQ(unmarkedNames(F), std::vector<std::string>{"run:loop#1@vm.c"});
  EXPECT_DOUBLE_EQ(F.markersBefore, 10.0 * (1 + 1 + 20000 + 1 + 2000));
  EXPECT_DOUBLE_EQ(F.markersAfter, 10.0 * (1 + 1 + 1 + 2000));
}

TEST(MarkerFilter, AFunctionUnmarkedTakesItsLoopsRuleAway) {
  RunBuilder B;
  // A helper entered 40,000 times whose loop is entered as often: both cost
  // more than they measure; the function's rule covers its loop.
  uint64_t Find = B.add("find", "function", std::nullopt, 40000, 80000, 0.2, 0.1);
  B.add("find:loop#1@t.c", "loop", Find, 40000, 80000);
  MarkerFilter F = chooseUnmarkedRegions(B.R, {});
  EXPECT_EQ(unmarkedNames(F), std::vector<std::string>{"find"});
  EXPECT_DOUBLE_EQ(F.markersAfter, 0);
}

TEST(MarkerFilter, FunctionsWithoutVisibleMarkersAreLeftAlone) {
  RunBuilder B;
  // Entered often, no loops, no time below another region: found by its
  // program counter already (or untimed), so no rule would change it.
  B.add("tiny", "function", std::nullopt, 90000, 90000, 0.1, 0.1);
  EXPECT_TRUE(chooseUnmarkedRegions(B.R, {}).unmarked.empty());
  // Exact timing: a function with time has markers.
  B.R.timing = "exact";
  MarkerFilter Exact = chooseUnmarkedRegions(B.R, {});
  EXPECT_EQ(Exact.entryCost, 165);
  EXPECT_EQ(unmarkedNames(Exact), std::vector<std::string>{"tiny"});
}

TEST(MarkerFilter, FunctionsWithUserRegionsKeepTheirMarkers) {
  RunBuilder B;
  // The user's markers keep the function timed whatever a filter says.
  uint64_t Step = B.add("step", "function", std::nullopt, 50000, 50000, 0.2, 0.1);
  B.add("step:phase@t.c:3", "user", Step, 50000, 50000);
  EXPECT_TRUE(chooseUnmarkedRegions(B.R, {}).unmarked.empty());
}

TEST(MarkerFilter, TheFileNamesEachRegionByAGlobThatMatchesItAlone) {
  RunBuilder B;
  uint64_t F = B.add("_ZN1AIiE3getEv", "function", std::nullopt, 1, 1, 1, 0);
  B.add("_ZN1AIiE3getEv:loop#1@a[1].cc", "loop", F, 50000, 50000);
  MarkerFilter Filter = chooseUnmarkedRegions(B.R, {.entryCost = 4, .budget = 0.02});
  std::string Text = markerFilterText(Filter, B.R);
  EXPECT_EQ(Text.rfind("energypass-filter 2\n", 0), 0u);
  EXPECT_NE(Text.find("# 50000 entries, 1 instructions each: markers ~400.0% of its work\n"
                      "exclude loop _ZN1AIiE3getEv:loop#1@a\\[1\\].cc\n"),
            std::string::npos)
      << Text;
}

TEST(MarkerFilter, RefusesABudgetOrCostOutOfRange) {
  RunBuilder B;
  EXPECT_THROW(chooseUnmarkedRegions(B.R, {.budget = 1.5}), ReportError);
  EXPECT_THROW(chooseUnmarkedRegions(B.R, {.entryCost = -1}), ReportError);
}

TEST(MarkerFilter, ShowSaysWhatMarkersCostOnlyWhenASecondBuildIsWorthIt) {
  RunBuilder B;
  uint64_t Find = B.add("find", "function", std::nullopt, 40, 80, 0.2, 0.1);
  B.add("find:loop#1@t.c", "loop", Find, 40, 80);
  // 800 instructions of markers: a large share of a tiny run, not worth saying.
  B.R.totalCounts.instructions = 1000;
  EXPECT_EQ(markerCostNote(B.R), "");
  B.R.regions[0].calls = B.R.regions[1].calls = 100000;
  B.R.totalCounts.instructions = 10000000;
  EXPECT_EQ(markerCostNote(B.R), "region markers: an estimated 20.0% of the counted instructions "
                                 "(energy-report filter unmarks the dearest)");
  B.R.totalCounts.instructions = 100000000;
  EXPECT_EQ(markerCostNote(B.R), "");
}

} // namespace
} // namespace energy::report
