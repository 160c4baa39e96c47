//===- CountersTest.cpp - Opening, multiplexing and rdpmc, replayed -------===//
//
// The kernel's answers are replayed through FakePerfSys: values recorded from
// multiplexed runs, group reads, mmap pages with rdpmc indices and a seqlock
// that moves under the reader. The real software events are in
// SoftwareCountersTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "meters/Counters.h"
#include "FakePerfSys.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>

using namespace energy::meters;
using energy::meters::test::FakePerfSys;

namespace {

EventSpec named(const char *name, int group = -1) {
  EventSpec spec;
  spec.name = name;
  EXPECT_TRUE(lookupGenericEvent(name, spec)) << name;
  spec.group = group;
  return spec;
}

CounterOptions noPages() {
  CounterOptions o;
  o.mapPages = false;
  return o;
}

TEST(Counters, ScalesMultiplexedCountsByEnabledOverRunning) {
  FakePerfSys sys;
  CounterSet set({named("cycles"), named("instructions")}, sys);
  ASSERT_EQ(set.open(noPages()), 2u);
  std::vector<int> fds = sys.fds();
  // Recorded from a run where the PMU multiplexed both events half the time.
  sys.event(fds[0]).readData = {5'000'000, 2'000'000, 1'000'000};
  sys.event(fds[1]).readData = {7'000'000, 2'000'000, 2'000'000};
  CounterValue values[2];
  set.read(values);
  EXPECT_DOUBLE_EQ(values[0].scaled(), 10'000'000.0);
  EXPECT_DOUBLE_EQ(values[1].scaled(), 7'000'000.0);
  EXPECT_EQ(sys.event(fds[0]).attr.read_format,
            PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING);
}

TEST(Counters, EventThatNeverRanHasNoValue) {
  CounterValue never{0, 1'000'000, 0, true};
  EXPECT_TRUE(std::isnan(never.scaled()));
}

TEST(Counters, IntervalDeltasScaleByTheirOwnTimes) {
  CounterValue earlier{1000, 1000, 500, true}, later{3000, 3000, 1500, true};
  CounterValue d = difference(later, earlier);
  EXPECT_EQ(d.raw, 2000u);
  EXPECT_DOUBLE_EQ(d.scaled(), 4000.0);
}

TEST(Counters, GroupsOpenUnderTheirLeaderAndReadTogether) {
  FakePerfSys sys;
  CounterSet set({named("cycles", 0), named("instructions", 0), named("task-clock")}, sys);
  CounterOptions o = noPages();
  o.startDisabled = true;
  ASSERT_EQ(set.open(o), 3u);
  std::vector<int> fds = sys.fds();
  EXPECT_EQ(sys.event(fds[0]).groupFd, -1);
  EXPECT_EQ(sys.event(fds[1]).groupFd, fds[0]);
  EXPECT_EQ(sys.event(fds[2]).groupFd, -1);
  EXPECT_TRUE(sys.event(fds[0]).attr.disabled);
  EXPECT_FALSE(sys.event(fds[1]).attr.disabled) << "members follow the leader";
  EXPECT_TRUE(sys.event(fds[0]).attr.read_format & PERF_FORMAT_GROUP);
  sys.event(fds[0]).readData = {2, 4000, 1000, 111, 222};
  sys.event(fds[2]).readData = {333, 50, 50};
  CounterValue v[3];
  set.read(v);
  EXPECT_EQ(v[0].raw, 111u);
  EXPECT_EQ(v[1].raw, 222u);
  EXPECT_DOUBLE_EQ(v[1].scaled(), 888.0);
  EXPECT_EQ(v[2].raw, 333u);
  set.enable();
  EXPECT_EQ(sys.event(fds[0]).ioctls.size(), 1u);
  EXPECT_TRUE(sys.event(fds[1]).ioctls.empty()) << "enable goes to leaders only";
}

TEST(Counters, UnsupportedEventsAreMarkedLikePerf) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) {
    return a.type == PERF_TYPE_HARDWARE || a.type == PERF_TYPE_HW_CACHE ? ENOENT : 0;
  };
  CounterSet set({named("cycles"), named("L1-dcache-loads"), named("task-clock")}, sys);
  EXPECT_EQ(set.open(noPages()), 1u);
  EXPECT_EQ(set.status(0), CounterStatus::NotSupported);
  EXPECT_EQ(set.status(1), CounterStatus::NotSupported);
  EXPECT_STREQ(statusText(set.status(0)), "<not supported>");
  EXPECT_EQ(set.status(2), CounterStatus::Counting);
  CounterValue v[3];
  sys.event(sys.fds()[0]).readData = {5, 10, 10};
  set.read(v);
  EXPECT_FALSE(v[0].valid);
  EXPECT_TRUE(v[2].valid);
}

TEST(Counters, GroupWithUnsupportedLeaderPromotesTheNextMember) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) {
    return a.type == PERF_TYPE_HARDWARE ? EOPNOTSUPP : 0;
  };
  CounterSet set({named("cycles", 0), named("task-clock", 0), named("page-faults", 0)}, sys);
  EXPECT_EQ(set.open(noPages()), 2u);
  std::vector<int> fds = sys.fds();
  EXPECT_EQ(sys.event(fds[0]).groupFd, -1);
  EXPECT_EQ(sys.event(fds[1]).groupFd, fds[0]);
  sys.event(fds[0]).readData = {2, 9, 9, 40, 50};
  CounterValue v[3];
  set.read(v);
  EXPECT_FALSE(v[0].valid);
  EXPECT_EQ(v[1].raw, 40u);
  EXPECT_EQ(v[2].raw, 50u);
}

TEST(Counters, ParanoidRefusalFallsBackToUserModeLikePerf) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) {
    return a.exclude_kernel ? 0 : EACCES;
  };
  CounterSet set({named("task-clock")}, sys);
  EXPECT_EQ(set.open(noPages()), 1u);
  EXPECT_TRUE(set.fellBackToUser(0));
  EXPECT_TRUE(sys.event(sys.fds()[0]).attr.exclude_kernel);
}

TEST(Counters, PermissionDeniedEvenUserOnly) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &, pid_t, int) { return EACCES; };
  CounterSet set({named("cycles")}, sys);
  EXPECT_EQ(set.open(noPages()), 0u);
  EXPECT_EQ(set.status(0), CounterStatus::PermissionDenied);
  EXPECT_EQ(set.openError(0), EACCES);
}

TEST(Counters, InheritAndExecArmingReachTheKernel) {
  FakePerfSys sys;
  CounterSet set({named("task-clock", 0), named("cs", 0)}, sys);
  CounterOptions o;
  o.pid = 4242;
  o.inherit = true;
  o.enableOnExec = true;
  set.open(o);
  std::vector<int> fds = sys.fds();
  EXPECT_TRUE(sys.event(fds[0]).attr.disabled) << "enable_on_exec needs a disabled leader";
  EXPECT_TRUE(sys.event(fds[0]).ioctls.empty()) << "the exec enables the group, not open()";
  EXPECT_EQ(sys.event(fds[0]).pid, 4242);
  EXPECT_TRUE(sys.event(fds[0]).attr.inherit);
  EXPECT_TRUE(sys.event(fds[1]).attr.inherit);
  EXPECT_TRUE(sys.event(fds[0]).attr.enable_on_exec);
  EXPECT_FALSE(sys.event(fds[1]).attr.enable_on_exec);
  EXPECT_EQ(sys.event(fds[0]).page, nullptr) << "no mmap for inherited counters";
}

// A page as the kernel leaves it for a self-monitoring hardware event.
void fillPage(perf_event_mmap_page &page, uint32_t index, int64_t offset) {
  page.cap_user_rdpmc = 1;
  page.index = index;
  page.offset = offset;
  page.pmc_width = 48;
  page.time_enabled = 1000;
  page.time_running = 1000;
  page.lock = 2;
}

TEST(Counters, ReadSelfUsesRdpmcThroughTheMmapPage) {
  FakePerfSys sys;
  CounterSet set({named("instructions")}, sys);
  ASSERT_EQ(set.open(CounterOptions{}), 1u);
  int fd = sys.fds()[0];
  perf_event_mmap_page &page = *sys.event(fd).page;
  fillPage(page, 3, -100);
  sys.pmc[2] = 1100; // counter index - 1
  EXPECT_TRUE(set.rdpmcUsable());
  CounterValue v;
  set.readSelf(&v);
  ASSERT_TRUE(v.valid);
  EXPECT_EQ(v.raw, 1000u);
  EXPECT_EQ(sys.rdpmcCalls, 1);
}

TEST(Counters, RdpmcSignExtendsThePmcWidth) {
  FakePerfSys sys;
  CounterSet set({named("instructions")}, sys);
  set.open(CounterOptions{});
  perf_event_mmap_page &page = *sys.event(sys.fds()[0]).page;
  fillPage(page, 1, 5000);
  sys.pmc[0] = (uint64_t{1} << 48) - 10; // -10 in a 48-bit counter
  CounterValue v;
  set.readSelf(&v);
  EXPECT_EQ(v.raw, 4990u);
}

TEST(Counters, RdpmcExtendsTimesWithTheTimeStampCounter) {
  FakePerfSys sys;
  CounterSet set({named("instructions")}, sys);
  set.open(CounterOptions{});
  perf_event_mmap_page &page = *sys.event(sys.fds()[0]).page;
  fillPage(page, 1, 0);
  page.cap_user_time = 1;
  page.time_enabled = 4000;
  page.time_running = 2000;
  page.time_mult = 3 << 10;
  page.time_shift = 10;
  page.time_offset = 100;
  sys.tsc = 1000; // delta = 100 + 1000 * 3 = 3100 ns
  sys.pmc[0] = 50;
  CounterValue v;
  set.readSelf(&v);
  EXPECT_EQ(v.enabled, 7100u);
  EXPECT_EQ(v.running, 5100u);
}

TEST(Counters, RdpmcRetriesWhenTheSeqlockMoves) {
  FakePerfSys sys;
  CounterSet set({named("instructions")}, sys);
  set.open(CounterOptions{});
  perf_event_mmap_page &page = *sys.event(sys.fds()[0]).page;
  fillPage(page, 1, 0);
  sys.pmc[0] = 700;
  // The kernel reschedules the counter during the first read: offset and lock change.
  sys.duringRdpmc = [&](int call) {
    if (call == 1) {
      page.offset = 300;
      page.lock += 2;
    }
  };
  CounterValue v;
  set.readSelf(&v);
  EXPECT_EQ(sys.rdpmcCalls, 2);
  EXPECT_EQ(v.raw, 1000u) << "the value must come from one consistent snapshot";
}

TEST(Counters, ReadSelfFallsBackToReadWhenNotOnAHardwareCounter) {
  FakePerfSys sys;
  CounterSet set({named("task-clock"), named("instructions")}, sys);
  set.open(CounterOptions{});
  std::vector<int> fds = sys.fds();
  fillPage(*sys.event(fds[0]).page, 0, 0); // software events have index 0
  fillPage(*sys.event(fds[1]).page, 2, 0);
  sys.event(fds[0]).readData = {12345, 7, 7};
  sys.pmc[1] = 99;
  CounterValue v[2];
  set.readSelf(v);
  EXPECT_EQ(v[0].raw, 12345u);
  EXPECT_EQ(v[1].raw, 99u);
  EXPECT_EQ(sys.rdpmcCalls, 1);
}

TEST(Counters, ReadSelfOfInheritedCountersReadsTheKernelSum) {
  FakePerfSys sys;
  CounterSet set({named("task-clock")}, sys);
  CounterOptions o;
  o.inherit = true;
  set.open(o);
  sys.event(sys.fds()[0]).readData = {777, 1, 1};
  CounterValue v;
  set.readSelf(&v);
  EXPECT_EQ(v.raw, 777u);
  EXPECT_EQ(sys.rdpmcCalls, 0);
}

TEST(Counters, CloseReleasesMembersBeforeLeaders) {
  FakePerfSys sys;
  {
    CounterSet set({named("task-clock", 0), named("cs", 0)}, sys);
    set.open(noPages());
  }
  for (int fd : sys.fds())
    EXPECT_TRUE(sys.event(fd).closed);
}

} // namespace

namespace {

TEST(Counters, GroupsStartOnceCompleteUnlessAskedToWait) {
  FakePerfSys sys;
  CounterSet set({named("task-clock", 0), named("page-faults", 0)}, sys);
  set.open(noPages());
  std::vector<int> fds = sys.fds();
  EXPECT_TRUE(sys.event(fds[0]).attr.disabled);
  ASSERT_EQ(sys.event(fds[0]).ioctls.size(), 1u);
  EXPECT_EQ(sys.event(fds[0]).ioctls[0], static_cast<unsigned long>(PERF_EVENT_IOC_ENABLE));
}

} // namespace

namespace {

TEST(Counters, GroupsLargerThanAReadBufferRefuseTheExtraMembers) {
  FakePerfSys sys;
  std::vector<EventSpec> events;
  for (size_t i = 0; i < CounterSet::kMaxGroupSize + 1; ++i)
    events.push_back(named("task-clock", 0));
  CounterSet set(events, sys);
  EXPECT_EQ(set.open(noPages()), CounterSet::kMaxGroupSize);
  EXPECT_EQ(set.status(CounterSet::kMaxGroupSize), CounterStatus::Failed);
  EXPECT_EQ(set.openError(CounterSet::kMaxGroupSize), E2BIG);
}

} // namespace

namespace {

TEST(Counters, CpuWideEventsCountFromOpenEvenWhenTaskEventsWaitForExec) {
  FakePerfSys sys;
  EventSpec power = named("task-clock");
  power.cpu = 0; // as lookupPmuEvent sets for the power PMU
  CounterSet set({power, named("cs")}, sys);
  CounterOptions o;
  o.pid = 4242;
  o.inherit = true;
  o.enableOnExec = true;
  set.open(o);
  std::vector<int> fds = sys.fds();
  EXPECT_EQ(sys.event(fds[0]).pid, -1);
  EXPECT_EQ(sys.event(fds[0]).cpu, 0);
  EXPECT_FALSE(sys.event(fds[0]).attr.disabled);
  EXPECT_FALSE(sys.event(fds[0]).attr.enable_on_exec);
  EXPECT_FALSE(sys.event(fds[0]).attr.inherit);
  EXPECT_TRUE(sys.event(fds[1]).attr.enable_on_exec);
}

} // namespace
