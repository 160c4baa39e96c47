//===- metrics_sort_test.cpp - Derived metrics and region orders ----------===//
#include "energy/report/metrics.h"
#include "energy/report/reader.h"
#include "energy/report/sort.h"

#include "fixture.h"

#include <gtest/gtest.h>

using namespace energy::report;
using energy::report::test::daxpyDocument;

namespace {

Region makeRegion(uint64_t Id, std::string Name, double Joules, double Self, uint64_t Flops,
                  uint64_t Bytes, uint64_t Calls) {
  Region R;
  R.id = Id;
  R.demangled = R.name = std::move(Name);
  R.energy.modelledJoules = Joules;
  R.selfSeconds = Self;
  R.flops = Flops;
  R.counts.bytesLoaded = Bytes;
  R.calls = Calls;
  return R;
}

// Each region leads in exactly one key, so every order is distinguishable.
Report fourRegions() {
  Report R;
  R.regions = {makeRegion(0, "delta", 4.0, 0.1, 10, 10, 1),
               makeRegion(1, "alpha", 1.0, 0.9, 20, 20, 2),
               makeRegion(2, "charlie", 2.0, 0.2, 90, 30, 3),
               makeRegion(3, "bravo", 3.0, 0.3, 30, 900, 400)};
  return R;
}

std::vector<uint64_t> idsSortedBy(const Report &R, SortKey Key) {
  std::vector<uint64_t> Ids;
  for (const Region *Reg : sortRegions(R, Key))
    Ids.push_back(Reg->id);
  return Ids;
}

} // namespace

TEST(Metrics, RatesAndIntensityUseSelfCounts) {
  Report R = parseReport(daxpyDocument(), "r.json");
  double Total = totalModelledJoules(R);
  EXPECT_DOUBLE_EQ(Total, 2.0);
  RegionMetrics Loop = computeMetrics(R.regions[1], Total);
  ASSERT_TRUE(Loop.flopsPerSecond.has_value());
  EXPECT_DOUBLE_EQ(*Loop.flopsPerSecond, 2000 / 0.25);
  ASSERT_TRUE(Loop.flopsPerByte.has_value());
  EXPECT_DOUBLE_EQ(*Loop.flopsPerByte, 2000.0 / (16000 + 8000));
  EXPECT_DOUBLE_EQ(Loop.energyShare, 0.75);
}

TEST(Metrics, UndefinedRatiosAreAbsentRatherThanInfinite) {
  Region Idle = makeRegion(0, "idle", 0.0, 0.0, 5, 0, 1);
  RegionMetrics M = computeMetrics(Idle, 0.0);
  EXPECT_FALSE(M.flopsPerSecond.has_value());
  EXPECT_FALSE(M.flopsPerByte.has_value());
  EXPECT_EQ(M.energyShare, 0.0);
}

TEST(Sort, EveryKeyOrdersLargestFirstExceptName) {
  Report R = fourRegions();
  EXPECT_EQ(idsSortedBy(R, SortKey::Energy), (std::vector<uint64_t>{0, 3, 2, 1}));
  EXPECT_EQ(idsSortedBy(R, SortKey::Time), (std::vector<uint64_t>{1, 3, 2, 0}));
  EXPECT_EQ(idsSortedBy(R, SortKey::Flops), (std::vector<uint64_t>{2, 3, 1, 0}));
  EXPECT_EQ(idsSortedBy(R, SortKey::Bytes), (std::vector<uint64_t>{3, 2, 1, 0}));
  EXPECT_EQ(idsSortedBy(R, SortKey::Calls), (std::vector<uint64_t>{3, 2, 1, 0}));
  EXPECT_EQ(idsSortedBy(R, SortKey::Name), (std::vector<uint64_t>{1, 3, 2, 0}));
}

TEST(Sort, TiesAreBrokenByNameThenId) {
  Report R;
  R.regions = {makeRegion(0, "same", 1.0, 0, 0, 0, 0), makeRegion(1, "b", 1.0, 0, 0, 0, 0),
               makeRegion(2, "same", 1.0, 0, 0, 0, 0), makeRegion(3, "a", 1.0, 0, 0, 0, 0)};
  EXPECT_EQ(idsSortedBy(R, SortKey::Energy), (std::vector<uint64_t>{3, 1, 0, 2}));
}

TEST(Sort, KeyNamesRoundTrip) {
  for (const std::string &Name : sortKeyNames()) {
    std::optional<SortKey> Key = parseSortKey(Name);
    ASSERT_TRUE(Key.has_value()) << Name;
    EXPECT_EQ(sortKeyName(*Key), Name);
  }
  EXPECT_EQ(sortKeyNames().size(), 6u);
  EXPECT_FALSE(parseSortKey("energy ").has_value());
}
