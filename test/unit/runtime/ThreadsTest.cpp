//===- ThreadsTest.cpp - No count lost across threads ---------------------===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <sys/single_threaded.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<2>;

struct Workload {
  FakeModule M{"threads.c", &Counters::get};
  uint32_t Main = M.region("main");
  uint32_t Work = M.region("work");
  uint32_t Idle = M.region("idle");
  uint32_t MainBlock = M.block(Main, cost(1));
  uint32_t WorkBlock = M.block(Work, cost(4, 1, ENERGY_FLOP_MUL, 8));
  uint32_t IdleBlock = M.block(Idle, cost(2));
  energy_module *D = M.descriptor();
};

[[gnu::noinline]] void work(Workload &W, int Iterations) {
  ENERGY_TEST_ENTER(W.D, W.Work);
  for (int I = 0; I < Iterations; ++I) {
    ++Counters::Slots[W.WorkBlock];
    asm volatile("" ::: "memory");
  }
  ENERGY_TEST_EXIT(W.D, W.Work);
}

// Iterations of thread T: different per thread, so that a lost or doubled
// thread changes the total.
int iterationsOf(int T) { return 1000 + 37 * T; }

void runThreads(int Threads, int CallsPerThread) {
  static Workload W;
  __energy_register_module(W.D);
  ENERGY_TEST_ENTER(W.D, W.Main);
  ++Counters::Slots[W.MainBlock];
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([T, CallsPerThread] {
      for (int C = 0; C < CallsPerThread; ++C)
        work(W, iterationsOf(T));
    });
  for (auto &Th : Pool)
    Th.join();
  ENERGY_TEST_EXIT(W.D, W.Main);
}

void expectExactTotals(const ChildResult &R, int Threads, int CallsPerThread) {
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  uint64_t Iterations = 0;
  for (int T = 0; T < Threads; ++T)
    Iterations += uint64_t(iterationsOf(T)) * CallsPerThread;
  const auto &Work = regionNamed(R.Report, "work");
  EXPECT_EQ(Work["calls"], Threads * CallsPerThread);
  EXPECT_EQ(Work["counts"]["blocks"], Iterations);
  EXPECT_EQ(Work["counts"]["instructions"], 4 * Iterations);
  EXPECT_EQ(Work["counts"]["flops_by_kind"]["mul"], Iterations);
  EXPECT_EQ(Work["counts"]["bytes_loaded"], 8 * Iterations);
  EXPECT_EQ(regionNamed(R.Report, "main")["counts"]["blocks"], 1);
  EXPECT_EQ(R.Report["threads"], Threads + 1);
}

TEST(Threads, EightThreadsExactTotals) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { runThreads(8, 50); });
  expectExactTotals(R, 8, 50);
}

TEST(Threads, SixtyFourThreadsExactTotals) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { runThreads(64, 10); });
  expectExactTotals(R, 64, 10);
}

// A thread still inside a region when the process exits: its counts and its
// open region are merged by the exit handler.
TEST(Threads, LiveThreadAtExitIsMerged) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Workload W;
    __energy_register_module(W.D);
    int Ready[2];
    ASSERT_EQ(pipe(Ready), 0);
    std::thread([&W = W, Ready] {
      ENERGY_TEST_ENTER(W.D, W.Idle);
      Counters::Slots[W.IdleBlock] += 5;
      char C = 1;
      (void)!write(Ready[1], &C, 1);
      pause(); // never leaves the region
    }).detach();
    char C;
    (void)!read(Ready[0], &C, 1);
    usleep(20000);
    std::exit(0);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Idle = regionNamed(R.Report, "idle");
  EXPECT_EQ(Idle["calls"], 1);
  EXPECT_EQ(Idle["counts"]["blocks"], 5);
  EXPECT_GT(Idle["time_s"]["inclusive"].get<double>(), 0.015);
  EXPECT_EQ(R.Report["threads"], 1);
}

// Threads that execute instrumented blocks without entering any region (all
// their functions below the pass's size threshold): their counts are merged
// at their end and, for one still running, at process exit.
TEST(Threads, ThreadsWithoutRegionsKeepTheirCounts) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Workload W;
    __energy_register_module(W.D);
    std::vector<std::thread> Pool;
    for (int T = 0; T < 8; ++T)
      Pool.emplace_back([] { Counters::Slots[W.IdleBlock] += 10; });
    for (auto &Th : Pool)
      Th.join();
    int Ready[2];
    ASSERT_EQ(pipe(Ready), 0);
    std::thread([Ready] {
      Counters::Slots[W.IdleBlock] += 1;
      char C = 1;
      (void)!write(Ready[1], &C, 1);
      pause();
    }).detach();
    char C;
    (void)!read(Ready[0], &C, 1);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "idle")["counts"]["blocks"], 81);
  EXPECT_EQ(regionNamed(R.Report, "idle")["calls"], 0);
}

// exit() called by a worker while the main thread waits inside a region: the
// worker is merged by its own exit hook, the main thread by the exit handler.
TEST(Threads, ExitFromAWorkerThread) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Workload W;
    __energy_register_module(W.D);
    ENERGY_TEST_ENTER(W.D, W.Main);
    ++Counters::Slots[W.MainBlock];
    std::thread([] {
      work(W, 500);
      std::exit(4);
    }).join();
  });
  EXPECT_EQ(R.ExitCode, 4);
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "work")["counts"]["blocks"], 500);
  EXPECT_EQ(regionNamed(R.Report, "main")["counts"]["blocks"], 1);
  EXPECT_EQ(regionNamed(R.Report, "main")["calls"], 1);
  EXPECT_EQ(R.Report["threads"], 2);
}

// The meters are probed on the runtime's starter thread. Threads that attach
// before it is done, the main thread among them, are attached by it: each
// must be in the timeline, with task-clock counted on it.
TEST(Threads, ThreadsAttachedWhileTheMetersAreProbedAreSampled) {
  TempDir Dir;
  ChildResult R =
      runInChild(Dir,
                 [] {
                   static Workload W;
                   __energy_register_module(W.D);
                   ENERGY_TEST_ENTER(W.D, W.Main);
                   std::vector<std::thread> Pool;
                   for (int T = 0; T < 3; ++T)
                     Pool.emplace_back([] {
                       ENERGY_TEST_ENTER(W.D, W.Work);
                       auto End = std::chrono::steady_clock::now() + std::chrono::milliseconds(150);
                       while (std::chrono::steady_clock::now() < End)
                         ++Counters::Slots[W.WorkBlock];
                       ENERGY_TEST_EXIT(W.D, W.Work);
                     });
                   for (auto &Th : Pool)
                     Th.join();
                   ENERGY_TEST_EXIT(W.D, W.Main);
                 },
                 {{"ENERGY_TIMELINE", "1"}, {"ENERGY_SAMPLE_MS", "5"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Timeline = R.Report["timeline"];
  ASSERT_TRUE(Timeline.is_object()) << R.Stderr;
  EXPECT_EQ(Timeline["threads"].size(), 4u) << Timeline["threads"].dump();
  size_t TaskClock = 0;
  while (Timeline["events"][TaskClock] != "task-clock")
    ASSERT_LT(++TaskClock, Timeline["events"].size());
  std::map<int, double> Counted;
  for (const auto &Interval : Timeline["intervals"])
    for (const auto &Thread : Interval["threads"])
      if (Thread["counters"][TaskClock].is_number())
        Counted[Thread["thread"].get<int>()] += Thread["counters"][TaskClock].get<double>();
  // Each worker spun 150 ms of wall time; on a loaded machine it may have run
  // much less, but its counter, opened for it by the starter, counted.
  for (int Slot = 1; Slot < 4; ++Slot)
    EXPECT_GT(Counted[Slot], 0) << "worker slot " << Slot << ": ns of task-clock";
}

// Without an energy meter to sample, the runtime creates neither a thread
// nor a per-task perf event: the program stays single-threaded, as glibc
// sees it (once any thread has started, malloc and stdio take locks for
// good). With ENERGY_TIMELINE it samples, on threads of its own. (Exit code
// 3: not as expected.)
TEST(Threads, WithoutAMeterTheRuntimeStartsNoThread) {
  TempDir Dir;
  auto Expect = [](bool Sampling) {
    return [Sampling] {
      static Workload W;
      __energy_register_module(W.D);
      ENERGY_TEST_ENTER(W.D, W.Main);
      usleep(30000);
      bool SingleThreaded = __libc_single_threaded;
      ENERGY_TEST_EXIT(W.D, W.Main);
      if (SingleThreaded == Sampling)
        std::exit(3);
    };
  };
  ChildResult Quiet = runInChild(Dir, Expect(false), {{"ENERGY_SYSFS_ROOT", Dir.path()}});
  EXPECT_EQ(Quiet.ExitCode, 0) << "a thread was started; " << Quiet.Stderr;
  ChildResult Sampled =
      runInChild(Dir, Expect(true), {{"ENERGY_SYSFS_ROOT", Dir.path()}, {"ENERGY_TIMELINE", "1"}});
  EXPECT_EQ(Sampled.ExitCode, 0) << "no sampler thread; " << Sampled.Stderr;
}

} // namespace
