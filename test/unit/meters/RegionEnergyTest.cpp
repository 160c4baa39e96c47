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
  auto shares = attributeEnergy(timeline, {0}, 0);
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
  auto shares = attributeEnergy(timeline, {0}, 0);
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
  auto shares = attributeEnergy(timeline, {0}, SIZE_MAX);
  EXPECT_DOUBLE_EQ(shares[1].joules, 4.5);
  EXPECT_DOUBLE_EQ(shares[2].joules, 4.5);
}

} // namespace
