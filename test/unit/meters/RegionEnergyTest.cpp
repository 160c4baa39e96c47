//===- RegionEnergyTest.cpp - Measured energy split among regions ---------===//
#include "meters/RegionEnergy.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace energy::meters;

namespace {

// Timelines with one meter, one event (task-clock) and two thread slots.
class RegionEnergyTest : public ::testing::Test {
protected:
  TimelineShape shape{1, 1, 2, 16};
  Timeline timeline{shape};
  std::vector<double> data = std::vector<double>(IntervalView::size(shape));

  IntervalView fresh(double joules, double t0, double t1) {
    IntervalView v(shape, data.data());
    v.clear();
    v.tStart() = t0;
    v.tEnd() = t1;
    v.energy()[0] = joules;
    return v;
  }
  static void thread(const IntervalView &v, size_t t, uint32_t region, double cpu) {
    v.present(t) = 1;
    v.region(t) = region;
    v.counters(t)[0] = cpu;
  }
};

TEST_F(RegionEnergyTest, SplitsByCpuTimeAndAddsUpToTheMeasuredTotal) {
  IntervalView a = fresh(10.0, 0, 1);
  thread(a, 0, 5, 3e6);
  thread(a, 1, 6, 1e6);
  timeline.append(a);
  IntervalView b = fresh(4.0, 1, 2);
  thread(b, 0, 6, 2e6);
  timeline.append(b);
  auto shares = attributeEnergy(timeline, {0}, 0, 0.0);
  EXPECT_DOUBLE_EQ(shares[5].joules, 7.5);
  EXPECT_DOUBLE_EQ(shares[6].joules, 2.5 + 4.0);
  EXPECT_DOUBLE_EQ(shares[5].seconds, 0.75);
  double total = 0;
  for (auto &[region, share] : shares)
    total += share.joules;
  EXPECT_DOUBLE_EQ(total, 14.0);
}

TEST_F(RegionEnergyTest, IdleIntervalsAndUnknownCpuTime) {
  timeline.append(fresh(2.0, 0, 1)); // nobody ran
  IntervalView b = fresh(6.0, 1, 2);
  thread(b, 0, 1, std::nan(""));
  thread(b, 1, 2, 5e6);
  timeline.append(b); // CPU time unknown for one thread: equal split
  IntervalView c = fresh(std::nan(""), 2, 3);
  thread(c, 0, 1, 1e6);
  timeline.append(c); // energy unreadable: skipped
  auto shares = attributeEnergy(timeline, {0}, 0, 0.0);
  EXPECT_DOUBLE_EQ(shares[kNoRegion].joules, 2.0);
  EXPECT_DOUBLE_EQ(shares[1].joules, 3.0);
  EXPECT_DOUBLE_EQ(shares[2].joules, 3.0);
  EXPECT_EQ(shares.size(), 3u);
}

TEST_F(RegionEnergyTest, WithoutTaskClockThreadsShareEqually) {
  IntervalView a = fresh(9.0, 0, 1);
  thread(a, 0, 1, 0);
  thread(a, 1, 2, 0);
  timeline.append(a);
  auto shares = attributeEnergy(timeline, {0}, SIZE_MAX, 0.0);
  EXPECT_DOUBLE_EQ(shares[1].joules, 4.5);
  EXPECT_DOUBLE_EQ(shares[2].joules, 4.5);
}

// A region that sleeps through an interval while another computes: the
// idle part (2 W here) is shared by both, the active part goes to the one
// that used the CPU. Before, the sleeper's share of CPU time, however small,
// took all of an interval's energy when it was alone.
TEST_F(RegionEnergyTest, WaitingIsChargedIdleEnergyNotActiveEnergy) {
  IntervalView a = fresh(10.0, 0, 1);
  thread(a, 0, 5, 1e3); // sleeps: a microsecond of CPU time
  thread(a, 1, 6, 1e9); // computes the whole second
  timeline.append(a);
  IntervalView b = fresh(2.0, 1, 2);
  thread(b, 0, 5, 1e3); // sleeps alone
  timeline.append(b);
  auto shares = attributeEnergy(timeline, {0}, 0, 2.0);
  EXPECT_DOUBLE_EQ(shares[5].idleJoules, 1.0 + 2.0);
  EXPECT_NEAR(shares[5].joules - shares[5].idleJoules, 8.0 * 1e3 / (1e9 + 1e3), 1e-12);
  EXPECT_DOUBLE_EQ(shares[6].idleJoules, 1.0);
  EXPECT_NEAR(shares[6].joules, 1.0 + 8.0 * 1e9 / (1e9 + 1e3), 1e-9);
  EXPECT_DOUBLE_EQ(shares[5].joules + shares[6].joules, 12.0);
}

TEST_F(RegionEnergyTest, LowestPowerIsOverWindowsOfATenthOfASecond) {
  // 20 ms intervals of a meter that updates every 5 ms: 1.5, 2.5, 2, 2, 2 W,
  // then an unreadable one, then 0.05 s at 0.2 W, too short a window.
  double watts[] = {1.5, 2.5, 2.0, 2.0, 2.0};
  for (int i = 0; i < 5; ++i)
    timeline.append(fresh(watts[i] * 0.02, 0.02 * i, 0.02 * (i + 1)));
  timeline.append(fresh(std::nan(""), 0.1, 0.2));
  timeline.append(fresh(0.01, 0.2, 0.25));
  EXPECT_NEAR(lowestPower(timeline, {0}), 2.0, 1e-12);
}

TEST_F(RegionEnergyTest, NoIdlePowerInARunShorterThanTheWindow) {
  timeline.append(fresh(0.5, 0, 0.05));
  EXPECT_DOUBLE_EQ(lowestPower(timeline, {0}), 0.0);
}

} // namespace
