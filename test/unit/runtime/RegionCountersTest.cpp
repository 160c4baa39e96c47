//===- RegionCountersTest.cpp - Per-region counters, replayed -------------===//
//
// The runtime's per-region counter code (runtime/lib/RegionCounters.cpp) fed
// through the meters' PerfSys seam: a recorded perf mmap page with
// cap_user_rdpmc for the rdpmc path, group reads with time_enabled and
// time_running for the read(2) path and multiplexing. The frames are closed
// the way ThreadState closes them; the real software events through the ABI
// are in CountersAttributionTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "RegionCounters.h"
#include "FakePerfSys.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace energy::rt;
using namespace energy::meters;
using energy::meters::test::FakePerfSys;

namespace {

std::vector<EventSpec> groupOf(std::initializer_list<const char *> Names) {
  std::vector<EventSpec> Specs;
  for (const char *Name : Names) {
    EventSpec Spec;
    EXPECT_TRUE(lookupGenericEvent(Name, Spec)) << Name;
    Spec.name = Name;
    Spec.group = 0;
    Specs.push_back(Spec);
  }
  return Specs;
}

// A page as the kernel leaves it for a self-monitoring hardware event on
// hardware counter Index - 1.
void allowRdpmc(perf_event_mmap_page &Page, uint32_t Index) {
  Page.cap_user_rdpmc = 1;
  Page.index = Index;
  Page.pmc_width = 48;
  Page.time_enabled = 1000;
  Page.time_running = 1000;
  Page.lock = 2;
}

TEST(RegionCounters, RdpmcReadsGiveSelfAndInclusiveCounts) {
  FakePerfSys Sys;
  auto Set = std::make_unique<CounterSet>(groupOf({"cycles", "instructions"}), Sys);
  Set->open(CounterOptions{});
  std::vector<int> Fds = Sys.fds();
  allowRdpmc(*Sys.event(Fds[0]).page, 1);
  allowRdpmc(*Sys.event(Fds[1]).page, 2);
  Sys.pmc[0] = 100;
  Sys.pmc[1] = 50;
  auto Counters = ThreadCounters::adopt(std::move(Set));
  ASSERT_TRUE(Counters);
  EXPECT_TRUE(Counters->set().rdpmcUsable(0));
  int ReadsBefore = Sys.rdpmcCalls;

  double Outer[4], Inner[4], OuterRegion[4] = {}, InnerRegion[4] = {};
  Counters->sample();
  Counters->openFrame(Outer); // at cycles 100, instructions 50
  Sys.pmc[0] = 400;
  Sys.pmc[1] = 250;
  Counters->sample();
  Counters->openFrame(Inner); // at 400, 250
  Sys.pmc[0] = 1400;
  Sys.pmc[1] = 850;
  Counters->sample();
  Counters->closeFrame(Inner, Outer, InnerRegion, true);
  Sys.pmc[0] = 1500;
  Sys.pmc[1] = 900;
  Counters->sample();
  Counters->closeFrame(Outer, nullptr, OuterRegion, true);

  EXPECT_GT(Sys.rdpmcCalls, ReadsBefore) << "boundaries read through rdpmc";
  EXPECT_DOUBLE_EQ(InnerRegion[0], 1000); // self cycles
  EXPECT_DOUBLE_EQ(InnerRegion[1], 600);  // self instructions
  EXPECT_DOUBLE_EQ(InnerRegion[2], 1000); // inclusive cycles
  EXPECT_DOUBLE_EQ(OuterRegion[0], 400);  // 1400 in all, 1000 in the callee
  EXPECT_DOUBLE_EQ(OuterRegion[1], 250);
  EXPECT_DOUBLE_EQ(OuterRegion[2], 1400);
  EXPECT_DOUBLE_EQ(OuterRegion[3], 850);
  EXPECT_FALSE(Counters->multiplexed());
}

TEST(RegionCounters, RecursionCountsInclusiveOnceForTheOutermostInstance) {
  FakePerfSys Sys;
  auto Set = std::make_unique<CounterSet>(groupOf({"instructions"}), Sys);
  Set->open(CounterOptions{});
  allowRdpmc(*Sys.event(Sys.fds()[0]).page, 1);
  auto Counters = ThreadCounters::adopt(std::move(Set));
  ASSERT_TRUE(Counters);
  double Outer[2], Inner[2], Region[2] = {};
  Counters->openFrame(Outer);
  Sys.pmc[0] = 10;
  Counters->sample();
  Counters->openFrame(Inner);
  Sys.pmc[0] = 30;
  Counters->sample();
  Counters->closeFrame(Inner, Outer, Region, /*Outermost=*/false);
  Sys.pmc[0] = 35;
  Counters->sample();
  Counters->closeFrame(Outer, nullptr, Region, /*Outermost=*/true);
  EXPECT_DOUBLE_EQ(Region[0], 35); // self: 20 in the inner call, 15 in the outer
  EXPECT_DOUBLE_EQ(Region[1], 35); // inclusive: the outermost instance only
}

TEST(RegionCounters, GroupReadsAreScaledForMultiplexingDeltaByDelta) {
  FakePerfSys Sys;
  Sys.mappable = false;
  auto Set = std::make_unique<CounterSet>(groupOf({"cycles", "instructions"}), Sys);
  ASSERT_EQ(Set->open(CounterOptions{}), 2u);
  int Leader = Sys.fds()[0];
  // PERF_FORMAT_GROUP: members, time_enabled, time_running, then the values.
  Sys.event(Leader).readData = {2, 1000, 1000, 100, 200};
  auto Counters = ThreadCounters::adopt(std::move(Set));
  ASSERT_TRUE(Counters);
  double Frame[4], Region[4] = {};
  Counters->openFrame(Frame);
  // 2000 ns enabled, 500 ns running: the group counted a quarter of the time.
  Sys.event(Leader).readData = {2, 3000, 1500, 300, 1200};
  Counters->sample();
  Counters->closeFrame(Frame, nullptr, Region, true);
  EXPECT_DOUBLE_EQ(Region[0], 800);  // 200 counted x 4
  EXPECT_DOUBLE_EQ(Region[1], 4000); // 1000 counted x 4
  EXPECT_TRUE(Counters->multiplexed());
  EXPECT_EQ(Counters->runningNs(0), 500u);
}

// Task-clock as read(2) answered at spin()'s boundaries in region_counters.c
// on a loaded VM (two busy loops on two vCPUs): raw runs a little ahead of
// time_enabled, which equals time_running, so nothing is scaled. The thread's
// CPU clock moved 49.58 ms between the entry and exit reads, task-clock
// 52.30 ms: the kernel's task-clock counts the vCPU's steal time and the CPU
// clock does not, so the region must report the kernel's delta, no more.
TEST(RegionCounters, RecordedTaskClockReadsGiveTheKernelsDeltasUnscaled) {
  FakePerfSys Sys;
  Sys.mappable = false;
  auto Set = std::make_unique<CounterSet>(groupOf({"task-clock"}), Sys);
  ASSERT_EQ(Set->open(CounterOptions{}), 1u);
  int Leader = Sys.fds()[0];
  auto Answer = [&](uint64_t Raw, uint64_t Enabled) {
    Sys.event(Leader).readData = {1, Enabled, Enabled, Raw};
  };
  Answer(5869254, 5868978);
  auto Counters = ThreadCounters::adopt(std::move(Set));
  ASSERT_TRUE(Counters);

  double Spin[2], Loop[2], SpinRegion[2] = {}, LoopRegion[2] = {};
  Answer(5876324, 5876252);
  Counters->sample();
  Counters->openFrame(Spin);
  Answer(5878003, 5877935);
  Counters->sample();
  Counters->openFrame(Loop);
  Answer(58171427, 58171260);
  Counters->sample();
  Counters->closeFrame(Loop, Spin, LoopRegion, true);
  Answer(58177932, 58177866);
  Counters->sample();
  Counters->closeFrame(Spin, nullptr, SpinRegion, true);

  EXPECT_DOUBLE_EQ(SpinRegion[1], 58177932.0 - 5876324);
  EXPECT_DOUBLE_EQ(LoopRegion[1], 58171427.0 - 5878003);
  EXPECT_DOUBLE_EQ(SpinRegion[0], SpinRegion[1] - LoopRegion[1]);
  EXPECT_DOUBLE_EQ(Counters->cumulative()[0], 58177932.0 - 5869254);
  EXPECT_FALSE(Counters->multiplexed());
  EXPECT_EQ(Counters->runningNs(0), 58177866u - 5868978u);
}

TEST(RegionCounters, PeekReadsAnotherThreadsGroupWithoutChangingIt) {
  FakePerfSys Sys;
  Sys.mappable = false;
  auto Set = std::make_unique<CounterSet>(groupOf({"task-clock"}), Sys);
  Set->open(CounterOptions{});
  int Leader = Sys.fds()[0];
  Sys.event(Leader).readData = {1, 10, 10, 10};
  auto Counters = ThreadCounters::adopt(std::move(Set));
  ASSERT_TRUE(Counters);
  Sys.event(Leader).readData = {1, 70, 70, 70};
  double Now;
  Counters->peek(&Now);
  EXPECT_DOUBLE_EQ(Now, 60);
  EXPECT_DOUBLE_EQ(Counters->cumulative()[0], 0) << "peek leaves the owner's state";
}

TEST(RegionCounters, NoCounterSetWhenNothingOpens) {
  FakePerfSys Sys;
  Sys.openErrno = [](const perf_event_attr &, pid_t, int) { return ENOENT; };
  auto Set = std::make_unique<CounterSet>(groupOf({"cycles"}), Sys);
  Set->open(CounterOptions{});
  EXPECT_FALSE(ThreadCounters::adopt(std::move(Set)));
}

TEST(RegionCounters, ParsesListsAndDefault) {
  RegionEventRequest None = parseRegionEvents(nullptr, false, "/sys");
  EXPECT_FALSE(None.Requested);

  RegionEventRequest List = parseRegionEvents("task-clock,page-faults,task-clock", false, "/sys");
  ASSERT_EQ(List.Events.size(), 2u) << "duplicates are counted once";
  EXPECT_EQ(List.Events[1].name, "page-faults");
  EXPECT_EQ(List.Events[1].group, 0) << "one group per thread";

  RegionEventRequest Software = parseRegionEvents("default", false, "/sys");
  ASSERT_FALSE(Software.Events.empty());
  for (const EventSpec &S : Software.Events)
    EXPECT_EQ(S.type, uint32_t(PERF_TYPE_SOFTWARE)) << S.name;
  RegionEventRequest Hardware = parseRegionEvents("default", true, "/sys");
  EXPECT_EQ(Hardware.Events.front().name, "cycles");
}

TEST(RegionCounters, RefusesBadListsInOneLine) {
  RegionEventRequest Unknown = parseRegionEvents("task-clock,bogus-event", false, "/sys");
  EXPECT_TRUE(Unknown.Events.empty());
  EXPECT_NE(Unknown.Problem.find("bogus-event"), std::string::npos) << Unknown.Problem;
  EXPECT_EQ(Unknown.Problem.find('\n'), std::string::npos);

  RegionEventRequest Empty = parseRegionEvents("task-clock,,page-faults", false, "/sys");
  EXPECT_NE(Empty.Problem.find("empty event name"), std::string::npos) << Empty.Problem;

  std::string Many = "task-clock,page-faults,cs,migrations,cpu-clock,minor-faults,"
                     "major-faults,alignment-faults,emulation-faults";
  RegionEventRequest TooMany = parseRegionEvents(Many.c_str(), false, "/sys");
  EXPECT_TRUE(TooMany.Events.empty());
  EXPECT_NE(TooMany.Problem.find("at most 8"), std::string::npos) << TooMany.Problem;
}

} // namespace
