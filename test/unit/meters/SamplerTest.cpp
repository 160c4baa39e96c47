//===- SamplerTest.cpp - Intervals, threads, regions and energy -----------===//
//
// The controlled test drives the sampler by hand (sampleNow) between steps
// of two worker threads, so that which region each interval belongs to is
// known exactly; counters are real page faults, energy comes from a fake
// powercap tree whose counter the test advances between intervals.
//
//===----------------------------------------------------------------------===//
#include "meters/Sampler.h"
#include "TempTree.h"
#include "meters/ThreadMeters.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <barrier>
#include <cerrno>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace energy::meters;
using energy::meters::test::TempTree;

namespace {

constexpr size_t kPageFaults = 1;

// The thread's own reads bracket registration and unregistration, which
// touch no new page in a normal build: the sums must match exactly. Under
// Address- or ThreadSanitizer those calls fault in a few shadow pages.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ENERGY_TEST_SANITIZED 1
#endif
#endif
#if defined(ENERGY_TEST_SANITIZED) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr double kRegistrationFaults = 16;
#else
constexpr double kRegistrationFaults = 0;
#endif

std::vector<EventSpec> events() {
  std::vector<EventSpec> list;
  for (const char *name : {"task-clock", "page-faults"}) {
    EventSpec spec;
    spec.name = name;
    lookupGenericEvent(name, spec);
    list.push_back(spec);
  }
  return list;
}

std::unique_ptr<MeterSet> fakeMachine(const TempTree &tree) {
  ProbeOptions o;
  o.sysfsRoot = tree.root;
  o.procRoot = std::string(ENERGY_METERS_FIXTURES) + "/proc";
  o.nvmlLibrary = "libnvidia-ml-not-installed.so.1";
  return MeterSet::probe(o, events());
}

void touchPages(size_t pages) {
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void *p = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  for (size_t i = 0; i < pages; ++i)
    static_cast<volatile char *>(p)[i * page] = 1;
  munmap(p, pages * page);
}

size_t meterIndex(const MeterSet &meters, const std::string &name) {
  for (size_t i = 0; i < meters.meterCount(); ++i)
    if (meters.meter(i).name() == name)
      return i;
  return SIZE_MAX;
}

bool softwareCountersWork() {
  CounterSet probe(events());
  return probe.open(CounterOptions{}) == 2;
}

TEST(Sampler, ThreadsRegionsAndEnergyAreAttributedIntervalByInterval) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is forbidden here";
  TempTree tree("sys-powercap");
  auto meters = fakeMachine(tree);
  ASSERT_TRUE(meters->start());
  SamplerOptions options;
  options.capacity = 64;
  options.maxThreads = 4;
  Sampler sampler(*meters, options);
  ASSERT_TRUE(sampler.start());
  sampler.stop(); // sampled by hand below; start() took the baselines
  size_t pkg = meterIndex(*meters, "rapl:package-0");
  ASSERT_NE(pkg, SIZE_MAX);

  constexpr int kWorkers = 2;
  std::barrier sync(kWorkers + 1);
  double counted[kWorkers] = {};
  std::atomic<int> slots[kWorkers];
  std::vector<std::thread> workers;
  for (int w = 0; w < kWorkers; ++w)
    workers.emplace_back([&, w] {
      std::atomic<uint32_t> region{kNoRegion};
      auto counters = meters->openThreadCounters();
      int slot =
          sampler.registerThread(counters.get(), &region, static_cast<pid_t>(syscall(SYS_gettid)));
      slots[w] = slot;
      CounterValue first[2], last[2];
      counters->readSelf(first);
      region = 10 + w; // step 1
      touchPages(100 * (w + 1));
      sync.arrive_and_wait();
      sync.arrive_and_wait(); // main samples
      region = 20 + w;        // step 2
      touchPages(200);
      sync.arrive_and_wait();
      sync.arrive_and_wait(); // main samples
      touchPages(50);         // after the last sample: handed in at unregister
      counters->readSelf(last);
      sampler.unregisterThread(slot);
      counted[w] = difference(last[kPageFaults], first[kPageFaults]).scaled();
    });

  tree.write("class/powercap/intel-rapl:0/energy_uj", "1500000");
  sync.arrive_and_wait();
  sampler.sampleNow();
  sync.arrive_and_wait();
  tree.write("class/powercap/intel-rapl:0/energy_uj", "1700000");
  sync.arrive_and_wait();
  sampler.sampleNow();
  sync.arrive_and_wait();
  for (auto &t : workers)
    t.join();
  sampler.sampleNow();

  auto doc = sampler.timelineJson();
  auto &intervals = doc["intervals"];
  ASSERT_EQ(intervals.size(), 4u); // the empty one stop() took, then three
  EXPECT_DOUBLE_EQ(intervals[1]["energy_j"][pkg].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(intervals[2]["energy_j"][pkg].get<double>(), 0.2);
  EXPECT_DOUBLE_EQ(intervals[3]["energy_j"][pkg].get<double>(), 0.0);
  ASSERT_EQ(doc["threads"].size(), 2u);
  for (int w = 0; w < kWorkers; ++w) {
    double sum = 0;
    for (size_t i = 1; i < 4; ++i) {
      auto &threads = intervals[i]["threads"];
      auto it = std::find_if(threads.begin(), threads.end(),
                             [&](auto &t) { return t["thread"] == slots[w].load(); });
      ASSERT_NE(it, threads.end()) << "interval " << i << " thread " << w;
      double faults = (*it)["counters"][kPageFaults].get<double>();
      sum += faults;
      if (i == 1) {
        EXPECT_EQ((*it)["region"], 10 + w);
        EXPECT_GE(faults, 100.0 * (w + 1));
      } else if (i == 2) {
        EXPECT_EQ((*it)["region"], 20 + w);
        EXPECT_GE(faults, 200.0);
      } else {
        EXPECT_GE(faults, 50.0);
      }
    }
    EXPECT_NEAR(sum, counted[w], kRegistrationFaults)
        << "every fault of thread " << w << " in exactly one interval";
  }
}

TEST(Sampler, BackgroundThreadCoversTimeWithoutGaps) {
  TempTree tree("sys-powercap");
  auto meters = fakeMachine(tree);
  meters->start();
  SamplerOptions options;
  options.period = std::chrono::milliseconds(5);
  size_t callbacks = 0;
  Sampler sampler(*meters, options, [&](const IntervalView &v) {
    ++callbacks;
    EXPECT_GE(v.tEnd(), v.tStart());
  });
  ASSERT_TRUE(sampler.start());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  sampler.stop();
  sampler.stop(); // idempotent
  EXPECT_GE(callbacks, 5u);
  EXPECT_EQ(sampler.intervals(), callbacks);
  auto doc = sampler.timelineJson();
  EXPECT_DOUBLE_EQ(doc["period_s"].get<double>(), 0.005);
  auto &intervals = doc["intervals"];
  ASSERT_EQ(intervals.size(), callbacks);
  for (size_t i = 1; i < intervals.size(); ++i)
    EXPECT_EQ(intervals[i]["t_start"], intervals[i - 1]["t_end"]);
  EXPECT_LE(doc["intervals"].back()["t_end"].get<double>(), 1.0);
}

TEST(Sampler, StopsEarlyWhenNoMeterReadsEnergy) {
  TempTree tree("sys-powercap"); // its counter stands still unless written
  auto meters = fakeMachine(tree);
  meters->start();
  SamplerOptions options;
  options.period = std::chrono::milliseconds(5);
  options.stopWithoutEnergyAfter = 3;
  Sampler sampler(*meters, options);
  ASSERT_TRUE(sampler.start());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  sampler.stop();
  EXPECT_TRUE(sampler.stoppedWithoutEnergy());
  EXPECT_EQ(sampler.intervals(), 3u + 1u); // and stop()'s last interval
  auto doc = sampler.timelineJson();
  EXPECT_GE(doc["intervals"].back()["t_end"].get<double>(), 0.09);
}

TEST(Sampler, KeepsSamplingWhenAMeterReadsEnergy) {
  TempTree tree("sys-powercap");
  auto meters = fakeMachine(tree);
  meters->start();
  SamplerOptions options;
  options.period = std::chrono::milliseconds(5);
  options.stopWithoutEnergyAfter = 10; // 50 ms to see the write below
  Sampler sampler(*meters, options);
  ASSERT_TRUE(sampler.start());
  tree.write("class/powercap/intel-rapl:0/energy_uj", "1500000");
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  sampler.stop();
  EXPECT_FALSE(sampler.stoppedWithoutEnergy());
  EXPECT_GT(sampler.intervals(), 11u);
}

TEST(Sampler, ThreadsBeyondTheSlotsAreRefused) {
  TempTree tree("sys-powercap");
  auto meters = fakeMachine(tree);
  meters->start();
  SamplerOptions options;
  options.maxThreads = 1;
  Sampler sampler(*meters, options);
  std::atomic<uint32_t> region{kNoRegion};
  EXPECT_EQ(sampler.registerThread(nullptr, &region, 0), 0) << "any tid, 0 included";
  EXPECT_EQ(sampler.registerThread(nullptr, &region, 101), -1);
  sampler.unregisterThread(0);
  EXPECT_EQ(sampler.registerThread(nullptr, &region, 102), -1) << "slots are never reused";
}

} // namespace

namespace {

TEST(ThreadMeters, OneObjectPerThreadCountsRegistersAndHandsIn) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is forbidden here";
  TempTree tree("sys-powercap");
  auto meters = fakeMachine(tree);
  meters->start();
  Sampler sampler(*meters, SamplerOptions{});
  double counted = 0;
  int slot = -1;
  std::thread([&] {
    ThreadMeters mine(*meters, &sampler);
    slot = mine.timelineSlot();
    EXPECT_TRUE(mine.counting());
    CounterValue before[2], after[2];
    mine.read(before);
    mine.setRegion(7);
    touchPages(64);
    mine.read(after);
    counted = difference(after[kPageFaults], before[kPageFaults]).scaled();
  }).join();
  tree.write("class/powercap/intel-rapl:1/energy_uj", "5000000"); // psys: +1 J
  sampler.sampleNow();
  auto shares = sampler.regionEnergy().shares;
  EXPECT_DOUBLE_EQ(shares[7].joules, 1.0) << "the only thread that ran was in region 7";
  auto doc = sampler.timelineJson();
  ASSERT_EQ(slot, 0);
  auto &thread = doc["intervals"][0]["threads"][0];
  EXPECT_EQ(thread["region"], 7) << "the region it had when it exited";
  EXPECT_GE(thread["counters"][kPageFaults].get<double>(), counted);
  EXPECT_GE(counted, 64.0);
}

} // namespace
