//===- LevelWindowsTest.cpp - Which sweep points measure which level ------===//
#include "measure_bandwidth.h"
#include "measure_machine.h"

#include <gtest/gtest.h>

using namespace energy;
using namespace energy::ceilings;

static std::vector<roofline::CacheLevel> caches() {
  return {{1, "Data", 48u << 10, 1}, {2, "Unified", 2u << 20, 1}, {3, "Unified", 32u << 20, 2}};
}

static roofline::BandwidthSweep sweep(int Threads) {
  roofline::BandwidthSweep S{"triad", false, Threads, "avx512", {}};
  double Gbs[] = {300, 310, 200, 120, 110, 100, 90, 60, 45, 40, 38, 30, 20, 14, 12, 12};
  std::uint64_t Size = 16u << 10;
  for (double G : Gbs) {
    S.Points.push_back({Size, G});
    Size *= 2;
  }
  return S;
}

static const roofline::Bandwidth *level(const std::vector<roofline::Bandwidth> &Levels,
                                        const std::string &Name) {
  for (const auto &L : Levels)
    if (L.Level == Name)
      return &L;
  return nullptr;
}

TEST(LevelWindows, EachLevelTakesTheBestPointOnItsPlateau) {
  auto Levels = levelBandwidths({sweep(1)}, caches(), 1);
  ASSERT_TRUE(level(Levels, "L1"));
  EXPECT_EQ(level(Levels, "L1")->GBytesPerSecond, 310); // 32 KiB <= 36 KiB
  EXPECT_EQ(level(Levels, "L1")->WorkingSetBytes, 32u << 10);
  ASSERT_TRUE(level(Levels, "L2"));
  EXPECT_EQ(level(Levels, "L2")->GBytesPerSecond, 120); // 128 KiB .. 1.5 MiB
  ASSERT_TRUE(level(Levels, "L3"));
  EXPECT_EQ(level(Levels, "L3")->GBytesPerSecond, 45); // 4 MiB .. 24 MiB
  ASSERT_TRUE(level(Levels, "DRAM"));
  EXPECT_EQ(level(Levels, "DRAM")->GBytesPerSecond, 14); // >= 64 MiB
}

TEST(LevelWindows, SharedCacheIsSplitBetweenTheThreadsThatShareIt) {
  EXPECT_EQ(cacheShare({3, "Unified", 32u << 20, 2}, 2), 16u << 20);
  EXPECT_EQ(cacheShare({3, "Unified", 32u << 20, 2}, 1), 32u << 20);
  EXPECT_EQ(cacheShare({2, "Unified", 2u << 20, 1}, 2), 2u << 20);
  auto Levels = levelBandwidths({sweep(2)}, caches(), 2);
  ASSERT_TRUE(level(Levels, "DRAM"));
  EXPECT_EQ(level(Levels, "DRAM")->WorkingSetBytes, 64u << 20); // beyond 2 x the 16 MiB share
}

TEST(LevelWindows, OtherThreadCountsAreIgnored) {
  EXPECT_TRUE(levelBandwidths({sweep(2)}, caches(), 1).empty());
}

TEST(SweepSizes, DoubleFromSmallestToLargest) {
  auto Sizes = sweepSizes(16u << 10, 1u << 20);
  ASSERT_EQ(Sizes.size(), 7u);
  EXPECT_EQ(Sizes.front(), 16u << 10);
  EXPECT_EQ(Sizes.back(), 1u << 20);
}

TEST(SweepSizes, LargestWorkingSetReachesBeyondTheLastLevelCache) {
  roofline::MachineIdentity Machine;
  Machine.Caches = caches();
  std::uint64_t One = largestWorkingSet(Machine, 1, false);
  EXPECT_GE(One, 2 * Machine.Caches.back().SizeBytes);
  EXPECT_LE(One, 1u << 30);
  EXPECT_LE(largestWorkingSet(Machine, 1, true), 64u << 20);
  EXPECT_EQ(largestWorkingSet(Machine, 2, false), One / 2);
}
