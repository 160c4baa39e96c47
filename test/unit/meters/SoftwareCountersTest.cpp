//===- SoftwareCountersTest.cpp - The software events, counted for real ---===//
//
// task-clock, page-faults, cs, migrations and cpu-clock work wherever
// perf_event_open does, VMs included, so these tests count real work: pages
// touched, time spun, sleeps. They skip (saying why) only where the
// container forbids perf_event_open altogether.
//
//===----------------------------------------------------------------------===//
#include "meters/Counters.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <sys/mman.h>
#include <thread>
#include <time.h>
#include <unistd.h>

using namespace energy::meters;

namespace {

enum { TaskClock, PageFaults, ContextSwitches, Migrations, CpuClock, NumEvents };

std::vector<EventSpec> softwareEvents(bool grouped = false) {
  std::vector<EventSpec> events;
  for (const char *name : {"task-clock", "page-faults", "cs", "migrations", "cpu-clock"}) {
    EventSpec spec;
    spec.name = name;
    lookupGenericEvent(name, spec);
    spec.group = grouped ? 0 : -1;
    events.push_back(spec);
  }
  return events;
}

// Each first write to a fresh anonymous page is one page fault.
void touchPages(size_t pages) {
  size_t size = pages * static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(p, MAP_FAILED);
  for (size_t i = 0; i < size; i += static_cast<size_t>(sysconf(_SC_PAGESIZE)))
    static_cast<volatile char *>(p)[i] = 1;
  munmap(p, size);
}

double threadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Spins for `seconds` of this thread's CPU time, however loaded the machine is.
void spin(double seconds) {
  double end = threadCpuSeconds() + seconds;
  volatile unsigned sink = 0;
  while (threadCpuSeconds() < end)
    sink = sink + 1;
}

bool perfForbidden(const CounterSet &set) {
  int e = set.openError(0);
  return set.status(0) != CounterStatus::Counting && (e == EACCES || e == EPERM || e == ENOSYS);
}

double delta(const CounterValue &after, const CounterValue &before) {
  return difference(after, before).scaled();
}

TEST(SoftwareCounters, CountTheCallingThreadsWork) {
  CounterSet set(softwareEvents());
  set.open(CounterOptions{});
  if (perfForbidden(set))
    GTEST_SKIP() << "perf_event_open is forbidden here (errno " << set.openError(0) << ")";
  ASSERT_EQ(set.openCount(), static_cast<size_t>(NumEvents));
  CounterValue before[NumEvents], after[NumEvents];
  set.readSelf(before);
  touchPages(256);
  spin(0.02);
  for (int i = 0; i < 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  set.readSelf(after);
  EXPECT_GE(delta(after[PageFaults], before[PageFaults]), 256.0);
  EXPECT_GE(delta(after[TaskClock], before[TaskClock]), 15e6); // ns
  EXPECT_GE(delta(after[CpuClock], before[CpuClock]), 15e6);
  EXPECT_GE(delta(after[ContextSwitches], before[ContextSwitches]), 3.0);
  EXPECT_TRUE(after[Migrations].valid);
}

TEST(SoftwareCounters, AGroupReadsAllMembersAtOnce) {
  CounterSet set(softwareEvents(true));
  set.open(CounterOptions{});
  if (perfForbidden(set))
    GTEST_SKIP() << "perf_event_open is forbidden here";
  ASSERT_EQ(set.openCount(), static_cast<size_t>(NumEvents));
  CounterValue before[NumEvents], after[NumEvents];
  set.read(before);
  touchPages(128);
  set.read(after);
  EXPECT_GE(delta(after[PageFaults], before[PageFaults]), 128.0);
  EXPECT_EQ(after[PageFaults].enabled, after[TaskClock].enabled) << "one group, one time";
}

TEST(SoftwareCounters, InheritCountsThreadsCreatedLater) {
  CounterSet set(softwareEvents());
  CounterOptions o;
  o.inherit = true;
  set.open(o);
  if (perfForbidden(set))
    GTEST_SKIP() << "perf_event_open is forbidden here";
  CounterValue before[NumEvents], after[NumEvents];
  set.read(before);
  std::thread([] { touchPages(512); }).join();
  set.read(after);
  EXPECT_GE(delta(after[PageFaults], before[PageFaults]), 512.0);
}

TEST(SoftwareCounters, PerThreadCountersCountOnlyTheirThread) {
  CounterSet mine(softwareEvents());
  mine.open(CounterOptions{});
  if (perfForbidden(mine))
    GTEST_SKIP() << "perf_event_open is forbidden here";
  CounterValue before[NumEvents], after[NumEvents];
  mine.readSelf(before);
  double workerFaults = 0;
  std::thread([&] {
    CounterSet own(softwareEvents());
    own.open(CounterOptions{});
    CounterValue b[NumEvents], a[NumEvents];
    own.readSelf(b);
    touchPages(512);
    own.readSelf(a);
    workerFaults = delta(a[PageFaults], b[PageFaults]);
  }).join();
  mine.readSelf(after);
  EXPECT_GE(workerFaults, 512.0);
  EXPECT_LT(delta(after[PageFaults], before[PageFaults]), 100.0);
}

TEST(SoftwareCounters, EnableDisableAndReset) {
  CounterSet set(softwareEvents());
  CounterOptions o;
  o.startDisabled = true;
  set.open(o);
  if (perfForbidden(set))
    GTEST_SKIP() << "perf_event_open is forbidden here";
  CounterValue v[NumEvents];
  touchPages(64);
  set.read(v);
  EXPECT_EQ(v[PageFaults].raw, 0u) << "disabled counters do not count";
  set.enable();
  touchPages(64);
  set.disable();
  set.read(v);
  EXPECT_GE(v[PageFaults].raw, 64u);
  uint64_t frozen = v[PageFaults].raw;
  touchPages(64);
  set.read(v);
  EXPECT_EQ(v[PageFaults].raw, frozen);
  set.reset();
  set.read(v);
  EXPECT_EQ(v[PageFaults].raw, 0u);
}

} // namespace

namespace {

// The counted thread reads at region boundaries while the sampler reads the
// same set: neither may see the other's half-written values.
TEST(SoftwareCounters, CountedThreadAndSamplerReadTheSameSetAtOnce) {
  CounterSet set(softwareEvents(true));
  set.open(CounterOptions{});
  if (perfForbidden(set))
    GTEST_SKIP() << "perf_event_open is forbidden here";
  std::atomic<bool> done{false};
  int samplerBad = 0;
  std::thread sampler([&] {
    CounterValue v[NumEvents], last[NumEvents] = {};
    while (!done) {
      set.read(v);
      samplerBad += !v[PageFaults].valid || v[PageFaults].raw < last[PageFaults].raw ||
                    v[TaskClock].enabled != v[PageFaults].enabled;
      std::copy(v, v + NumEvents, last);
    }
  });
  int selfBad = 0;
  CounterValue v[NumEvents], last[NumEvents] = {};
  for (int i = 0; i < 20000; ++i) {
    set.readSelf(v);
    selfBad += !v[PageFaults].valid || v[PageFaults].raw < last[PageFaults].raw ||
               v[TaskClock].enabled != v[PageFaults].enabled;
    std::copy(v, v + NumEvents, last);
  }
  done = true;
  sampler.join();
  EXPECT_EQ(selfBad, 0);
  EXPECT_EQ(samplerBad, 0);
}

} // namespace
