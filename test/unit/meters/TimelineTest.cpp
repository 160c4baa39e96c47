//===- TimelineTest.cpp - Folding, merging and the timeline's JSON --------===//
#include "meters/Timeline.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace energy::meters;

namespace {

// One interval [i, i+1) with energy i J, process count 10 * i, thread 0 in region i % 3.
void appendInterval(Timeline &timeline, const TimelineShape &shape, int i) {
  std::vector<double> data(IntervalView::size(shape));
  IntervalView v(shape, data.data());
  v.clear();
  v.tStart() = i;
  v.tEnd() = i + 1;
  v.energy()[0] = i;
  v.process()[0] = 10.0 * i;
  v.present(0) = 1;
  v.region(0) = i % 3;
  v.counters(0)[0] = i;
  timeline.append(v);
}

TimelineHeader header() {
  TimelineHeader h;
  h.periodSeconds = 1;
  h.startEpochSeconds = 1700000000;
  h.events = {"task-clock"};
  h.meters = {"rapl:package-0"};
  h.meterDomains = {"package"};
  h.threadIds = {1234, -1};
  return h;
}

TEST(Timeline, KeepsEveryIntervalUntilFull) {
  TimelineShape shape{1, 1, 2, 8};
  Timeline t(shape);
  for (int i = 0; i < 5; ++i)
    appendInterval(t, shape, i);
  EXPECT_EQ(t.records(), 5u);
  EXPECT_DOUBLE_EQ(t.record(3).energy()[0], 3.0);
  EXPECT_EQ(t.intervalsPerRecord(), 1u);
}

TEST(Timeline, FullTimelineHalvesResolutionAndKeepsSumsExact) {
  TimelineShape shape{1, 1, 2, 4};
  Timeline t(shape);
  for (int i = 0; i < 11; ++i)
    appendInterval(t, shape, i);
  EXPECT_EQ(t.intervalsSampled(), 11u);
  EXPECT_EQ(t.intervalsPerRecord(), 4u);
  double energy = 0, counts = 0;
  for (size_t r = 0; r < t.records(); ++r) {
    energy += t.record(r).energy()[0];
    counts += t.record(r).counters(0)[0];
  }
  EXPECT_DOUBLE_EQ(energy, 55.0);
  EXPECT_DOUBLE_EQ(counts, 55.0);
  EXPECT_DOUBLE_EQ(t.record(0).tStart(), 0.0);
  EXPECT_DOUBLE_EQ(t.record(t.records() - 1).tEnd(), 11.0);
  for (size_t r = 1; r < t.records(); ++r)
    EXPECT_DOUBLE_EQ(t.record(r).tStart(), t.record(r - 1).tEnd());
}

TEST(Timeline, MergedIntervalsKeepARegionOnlyWhenItIsTheSame) {
  TimelineShape shape{1, 1, 2, 2};
  std::vector<double> a(IntervalView::size(shape)), b(a.size()), c(a.size());
  IntervalView va(shape, a.data()), vb(shape, b.data()), vc(shape, c.data());
  for (const IntervalView *v : {&va, &vb, &vc}) {
    v->clear();
    v->present(0) = 1;
  }
  va.region(0) = 5;
  vb.region(0) = 5;
  vc.region(0) = 6;
  vb.present(1) = 1; // thread 1 appears in the second interval only
  vb.region(1) = 9;
  va.absorb(vb);
  EXPECT_EQ(static_cast<uint32_t>(va.region(0)), 5u);
  EXPECT_EQ(static_cast<uint32_t>(va.region(1)), 9u);
  va.absorb(vc);
  EXPECT_EQ(static_cast<uint32_t>(va.region(0)), kMixedRegions);
}

TEST(Timeline, NaNMeansNotCountedAndStaysSo) {
  TimelineShape shape{1, 1, 1, 2};
  std::vector<double> a(IntervalView::size(shape)), b(a.size());
  IntervalView va(shape, a.data()), vb(shape, b.data());
  va.clear();
  vb.clear();
  va.energy()[0] = 1;
  vb.energy()[0] = std::nan("");
  va.absorb(vb);
  EXPECT_TRUE(std::isnan(va.energy()[0]));
}

TEST(Timeline, JsonFollowsTheDocumentedFormat) {
  TimelineShape shape{1, 1, 2, 16};
  Timeline t(shape);
  for (int i = 0; i < 6; ++i)
    appendInterval(t, shape, i);
  auto doc = t.toJson(header(), 0);
  EXPECT_EQ(doc["format"], "energypass-timeline");
  EXPECT_EQ(doc["version"], 1);
  EXPECT_EQ(doc["events"][0], "task-clock");
  EXPECT_EQ(doc["meters"][0]["name"], "rapl:package-0");
  EXPECT_EQ(doc["meters"][0]["domain"], "package");
  ASSERT_EQ(doc["threads"].size(), 1u);
  EXPECT_EQ(doc["threads"][0]["tid"], 1234);
  ASSERT_EQ(doc["intervals"].size(), 6u);
  auto &third = doc["intervals"][2];
  EXPECT_EQ(third["t_start"], 2.0);
  EXPECT_EQ(third["t_end"], 3.0);
  EXPECT_EQ(third["energy_j"][0], 2.0);
  EXPECT_EQ(third["process"][0], 20);
  EXPECT_EQ(third["threads"][0]["thread"], 0);
  EXPECT_EQ(third["threads"][0]["region"], 2);
  EXPECT_EQ(third["threads"][0]["counters"][0], 2);
}

TEST(Timeline, JsonBoundMergesNeighbours) {
  TimelineShape shape{1, 1, 2, 16};
  Timeline t(shape);
  for (int i = 0; i < 10; ++i)
    appendInterval(t, shape, i);
  auto doc = t.toJson(header(), 4);
  ASSERT_EQ(doc["intervals"].size(), 4u); // groups of 3, 3, 3, 1
  EXPECT_EQ(doc["intervals_per_record"], 3);
  EXPECT_EQ(doc["intervals"][0]["energy_j"][0], 3.0);
  EXPECT_EQ(doc["intervals"][0]["threads"][0]["region"], nullptr);
  EXPECT_EQ(doc["intervals"][0]["threads"][0]["mixed"], true);
  double energy = 0;
  for (auto &i : doc["intervals"])
    energy += i["energy_j"][0].get<double>();
  EXPECT_DOUBLE_EQ(energy, 45.0);
}

} // namespace
