//===- SamplingTest.cpp - Sampled timing: the timer, the handler, the report ===//
//
// The child plays code instrumented with -energy-timing=sampled: it pushes
// and pops ENERGY_REGION_STACK exactly as the pass's inline code does, and
// burns known amounts of its own CPU time in known regions. The report's
// sampled times must agree with what was burnt within their own stated
// uncertainty, their sum with the process's CPU time, and calls must come
// from the entry blocks' counts.
//
//===----------------------------------------------------------------------===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <ctime>
#include <functional>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

extern "C" {
extern thread_local energy_region_stack __energy_region_stack;
}

using namespace energy::test;

namespace {

using Counters = ModuleCounters<11>;

/// The one instance of a fake program in the (child) process: its module
/// is registered once.
template <typename FakeProgram> FakeProgram &the() {
  static FakeProgram P;
  return P;
}

struct Program {
  FakeModule M{"sampled.c", &Counters::get};
  uint32_t Work = M.region("work");
  uint32_t Inner = M.region("inner");
  uint32_t Ping = M.region("ping");
  uint32_t Pong = M.region("pong");
  uint32_t WorkBlock = M.block(Work, cost(10));
  uint32_t InnerBlock = M.block(Inner, cost(10));
  energy_module *D = describe();

  energy_module *describe() {
    M.entryBlock(Work, WorkBlock);
    M.entryBlock(Inner, InnerBlock);
    M.timeBySampling();
    return M.descriptor();
  }
};

/// What the pass inlines at a region's entry: the depth, then the slot.
uint32_t push(const energy_region *Entry) {
  energy_region_stack &S = __energy_region_stack;
  uint32_t Depth = S.depth;
  S.depth = Depth + 1;
  asm volatile("" ::: "memory");
  S.open[Depth & (ENERGY_REGION_STACK_SLOTS - 1)] = Entry;
  return Depth;
}

/// What it inlines at an exit: the depth the region was pushed at.
void restore(uint32_t Depth) { __energy_region_stack.depth = Depth; }

[[gnu::always_inline]] inline double threadCpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

/// Inlined, so that a function that burns has the samples' program
/// counters in its own code: the clock is a system call, whose time a
/// sample finds outside that code, so it is read about every 50 µs.
[[gnu::always_inline]] inline void burn(double Seconds) {
  double Until = threadCpuSeconds() + Seconds;
  volatile double Sink = 1.0;
  while (threadCpuSeconds() < Until)
    for (int I = 0; I < 20000; ++I)
      Sink = Sink * 1.0000001 + 1e-9;
}

void work(Program &P, double Own, double InInner) {
  uint32_t At = push(P.M.entry(P.Work));
  ++Counters::Slots[P.WorkBlock];
  burn(Own);
  uint32_t InnerAt = push(P.M.entry(P.Inner));
  ++Counters::Slots[P.InnerBlock];
  burn(InInner);
  restore(InnerAt);
  restore(At);
}

/// An unmarked function (too small for a push): found by its address.
[[gnu::noinline]] void smallFunction(double Seconds) { burn(Seconds); }

struct AddressedProgram {
  FakeModule M{"addressed.c", &ModuleCounters<13>::get};
  uint32_t Caller = M.region("caller");
  uint32_t Small = M.region("small");
  uint32_t CallerBlock = M.block(Caller, cost(10));
  uint32_t SmallBlock = M.block(Small, cost(10));
  energy_module *D = describe();

  energy_module *describe() {
    M.entryBlock(Caller, CallerBlock);
    M.entryBlock(Small, SmallBlock);
    M.sampledByAddress(Small, reinterpret_cast<const void *>(&smallFunction));
    M.timeBySampling();
    return M.descriptor();
  }
};

/// caller burns Own, then calls the unmarked small function InSmall times
/// for Each seconds.
void callSmall(double Own, int InSmall, double Each) {
  AddressedProgram &P = the<AddressedProgram>();
  uint32_t At = push(P.M.entry(P.Caller));
  ++ModuleCounters<13>::Slots[P.CallerBlock];
  burn(Own);
  for (int I = 0; I < InSmall; ++I) {
    ++ModuleCounters<13>::Slots[P.SmallBlock];
    smallFunction(Each);
  }
  restore(At);
}

/// Whether this process may open a task-clock event of its own thread,
/// as the runtime's task-clock trigger does.
bool taskClockAvailable() {
  perf_event_attr Attr = {};
  Attr.size = sizeof(Attr);
  Attr.type = PERF_TYPE_SOFTWARE;
  Attr.config = PERF_COUNT_SW_TASK_CLOCK;
  Attr.sample_period = 1000000;
  Attr.disabled = 1;
  long Fd = syscall(SYS_perf_event_open, &Attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (Fd < 0)
    return false;
  close(int(Fd));
  return true;
}

/// Runs Body in a child sampled at Hz and reads its report.
ChildResult runSampled(const std::function<void()> &Body, const char *Hz) {
  TempDir Dir;
  return runInChild(Dir, Body, {{"ENERGY_SAMPLE_HZ", Hz}});
}

double seconds(const nlohmann::json &Region, const char *Which) {
  return Region["time_s"][Which].get<double>();
}

/// |measured - expected| within 4 standard deviations as the report states
/// them, plus one timer tick of slack for where the burns start and end.
void expectWithinUncertainty(const nlohmann::json &Region, const char *Which, double Expected,
                             double Tick) {
  double Sigma = Region["time_s"]["uncertainty"][Which].get<double>();
  EXPECT_NEAR(seconds(Region, Which), Expected, 4 * Sigma + Tick)
      << Region["name"] << " " << Which << " (sigma " << Sigma << ")";
}

TEST(SamplingTest, SampledTimesAgreeWithTheCpuTimeSpentInEachRegion) {
  ChildResult R = runSampled(
      [] {
        Program &P = the<Program>();
        __energy_register_module(P.D);
        for (int I = 0; I < 3; ++I)
          work(P, 0.15, 0.10);
      },
      "1000");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Timing = R.Report["timing"];
  EXPECT_EQ(Timing["mode"], "sampled");
  EXPECT_EQ(Timing["rate_hz"].get<double>(), 1000.0);
  EXPECT_TRUE(Timing["problem"].is_null()) << Timing["problem"];

  const nlohmann::json &Work = regionNamed(R.Report, "work");
  const nlohmann::json &Inner = regionNamed(R.Report, "inner");
  // Calls are the entry blocks' counts: no entry call was ever made.
  EXPECT_EQ(Work["calls"], 3);
  EXPECT_EQ(Inner["calls"], 3);
  double Tick = 0.01;
  expectWithinUncertainty(Work, "self", 0.45, Tick);
  expectWithinUncertainty(Work, "inclusive", 0.75, Tick);
  expectWithinUncertainty(Inner, "self", 0.30, Tick);
  expectWithinUncertainty(Inner, "inclusive", 0.30, Tick);

  // Every period lands somewhere: the regions' self times and the periods
  // outside any region add up to the sampled CPU time, which is the CPU
  // time the thread's clock counted while its timer ran, and no more than
  // the process's CPU time. The task-clock trigger's signals stand for the
  // CPU time its event counted, so only the last period's remainder is
  // missing. A CPU-time timer loses a tick or two after the last sample
  // (the kernel fires such timers at its ticks), and on this VM under heavy
  // contention (three CPU hogs on two cores) runs have lost up to 5% of the
  // periods, which a plain program with the same timer does not: the
  // report gives both figures so that such a loss shows; the bound allows
  // 10% there.
  double Period = Timing["period_s"].get<double>();
  double Sampled = Timing["sampled_cpu_time_s"].get<double>();
  double Outside = Timing["outside_periods"].get<double>() * Period;
  EXPECT_NEAR(seconds(Work, "self") + seconds(Inner, "self") + Outside, Sampled, 1e-9);
  double Timed = Timing["timed_cpu_time_s"].get<double>();
  if (Timing["trigger"] == "task-clock")
    EXPECT_NEAR(Sampled, Timed, 2 * Period + 0.01 * Timed);
  else
    EXPECT_NEAR(Sampled, Timed, 2 * Tick + 0.10 * Timed);
  EXPECT_LE(Timed, Timing["process_cpu_time_s"].get<double>() + 0.01);
}

TEST(SamplingTest, CallTreeSelfTimesAreTheSamplesOfEachPath) {
  ChildResult R = runSampled(
      [] {
        Program &P = the<Program>();
        __energy_register_module(P.D);
        // ping -> pong -> ping: the inner ping is back on the outer one's
        // path, as exact timing collapses recursion.
        uint32_t PingAt = push(P.M.entry(P.Ping));
        burn(0.10);
        uint32_t PongAt = push(P.M.entry(P.Pong));
        burn(0.10);
        uint32_t InnerPingAt = push(P.M.entry(P.Ping));
        burn(0.20);
        restore(InnerPingAt);
        restore(PongAt);
        restore(PingAt);
      },
      "1000");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Ping = regionNamed(R.Report, "ping");
  const nlohmann::json &Pong = regionNamed(R.Report, "pong");
  double Tick = 0.01;
  expectWithinUncertainty(Ping, "self", 0.30, Tick);
  expectWithinUncertainty(Ping, "inclusive", 0.40, Tick);
  expectWithinUncertainty(Pong, "self", 0.10, Tick);

  // One node per path: ping, and pong below it; the inner ping is the
  // outer ping's node, which keeps its 0.3 s of self time (a difference of
  // inclusive times would give it 0.1 s).
  const nlohmann::json &Tree = R.Report["call_tree"];
  ASSERT_EQ(Tree.size(), 2u) << Tree.dump();
  uint64_t PingId = Ping["id"], PongId = Pong["id"];
  EXPECT_EQ(Tree[0]["region"], PingId);
  EXPECT_EQ(Tree[1]["region"], PongId);
  EXPECT_TRUE(Tree[0]["calls"].is_null());
  EXPECT_NEAR(Tree[0]["time_s"]["self"].get<double>(), seconds(Ping, "self"), 1e-9);
  EXPECT_NEAR(Tree[1]["time_s"]["self"].get<double>(), seconds(Pong, "self"), 1e-9);
  EXPECT_NEAR(Tree[0]["time_s"]["inclusive"].get<double>(), seconds(Ping, "inclusive"), 1e-9);
}

/// A function with a loop and a loop in it, pushed as the pass pushes them
/// (abi.h): the function keeps K = 2 slots above its own.
struct NestedProgram {
  FakeModule M{"nested.c", &ModuleCounters<14>::get};
  uint32_t Solve = M.region("solve");
  uint32_t Rows = M.region("solve:loop#1", ENERGY_REGION_LOOP, Solve);
  uint32_t Cols = M.region("solve:loop#2", ENERGY_REGION_LOOP, Rows);
  uint32_t Other = M.region("other");
  uint32_t OtherLoop = M.region("other:loop#1", ENERGY_REGION_LOOP, Other);
  uint32_t SolveBlock = M.block(Solve, cost(10));
  energy_module *D = describe();

  energy_module *describe() {
    M.entryBlock(Solve, SolveBlock);
    M.timeBySampling();
    return M.descriptor();
  }
};

/// Runs Body sampled at 1000 Hz in a child that registered NestedProgram,
/// with the thread's depth and its region-stack slots from there on, which
/// Body writes as the pass writes them (abi.h).
ChildResult runNested(void (*Body)(NestedProgram &, uint32_t Depth, volatile uint64_t *Slot)) {
  return runSampled(
      [Body] {
        NestedProgram &P = the<NestedProgram>();
        __energy_register_module(P.D);
        energy_region_stack &S = __energy_region_stack;
        uint32_t Depth = S.depth;
        Body(P, Depth,
             reinterpret_cast<volatile uint64_t *>(
                 &S.open[Depth & (ENERGY_REGION_STACK_SLOTS - 1)]));
      },
      "1000");
}

TEST(SamplingTest, NestedRegionsAreTheTaggedSlotsAboveTheirFunction) {
  ChildResult R = runNested([](NestedProgram &P, uint32_t Depth, volatile uint64_t *Slot) {
    energy_region_stack &S = __energy_region_stack;
    S.depth = Depth + 3;
    Slot[1] = 0;
    // A slot an older frame left (longjmp): another function's loop.
    Slot[2] = ENERGY_REGION_SLOT_TAG(P.OtherLoop);
    Slot[0] = reinterpret_cast<uintptr_t>(P.M.entry(P.Solve));
    ++ModuleCounters<14>::Slots[P.SolveBlock];
    burn(0.10);
    Slot[1] = ENERGY_REGION_SLOT_TAG(P.Rows);
    burn(0.10);
    Slot[2] = ENERGY_REGION_SLOT_TAG(P.Cols);
    burn(0.20);
    Slot[2] = 0;
    Slot[1] = 0;
    // Another function's loop in the function's own nested slot.
    Slot[1] = ENERGY_REGION_SLOT_TAG(P.OtherLoop);
    burn(0.10);
    Slot[1] = 0;
    // A callee above the K slots, with one of its own, in its loop.
    S.depth = Depth + 5;
    Slot[4] = 0;
    Slot[3] = reinterpret_cast<uintptr_t>(P.M.entry(P.Other));
    Slot[4] = ENERGY_REGION_SLOT_TAG(P.OtherLoop);
    burn(0.10);
    S.depth = Depth + 3;
    S.depth = Depth;
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Solve = regionNamed(R.Report, "solve");
  const nlohmann::json &Rows = regionNamed(R.Report, "solve:loop#1");
  const nlohmann::json &Cols = regionNamed(R.Report, "solve:loop#2");
  double Tick = 0.01;
  // The other function's tags are never its: their time is solve's own.
  expectWithinUncertainty(Solve, "self", 0.20, Tick);
  expectWithinUncertainty(Solve, "inclusive", 0.60, Tick);
  expectWithinUncertainty(Rows, "self", 0.10, Tick);
  expectWithinUncertainty(Rows, "inclusive", 0.30, Tick);
  expectWithinUncertainty(Cols, "self", 0.20, Tick);
  EXPECT_EQ(R.Report["diagnostics"]["unknown_sample_frames"], 0);
  // The callee's loop: its time only while the callee ran, a stale tag's
  // never.
  const nlohmann::json &Other = regionNamed(R.Report, "other");
  const nlohmann::json &OtherLoop = regionNamed(R.Report, "other:loop#1");
  expectWithinUncertainty(Other, "inclusive", 0.10, Tick);
  expectWithinUncertainty(OtherLoop, "self", 0.10, Tick);

  // The call tree nests them as the regions nest, the callee under solve.
  const nlohmann::json &Tree = R.Report["call_tree"];
  ASSERT_EQ(Tree.size(), 5u) << Tree.dump();
  EXPECT_EQ(Tree[0]["region"], Solve["id"]);
  EXPECT_EQ(Tree[1]["region"], Rows["id"]);
  EXPECT_EQ(Tree[2]["region"], Cols["id"]);
  EXPECT_EQ(Tree[3]["region"], Other["id"]);
  EXPECT_EQ(Tree[3]["parent"], 0);
  EXPECT_EQ(Tree[4]["region"], OtherLoop["id"]);
}

// A frame's slots are trusted only up to an address: one there begins the
// next frame (the slot below it was stale, a push under way), which a K
// read from the stale slot would have skipped.
TEST(SamplingTest, AnAddressAmongAFramesSlotsBeginsTheNextFrame) {
  ChildResult R = runNested([](NestedProgram &P, uint32_t Depth, volatile uint64_t *Slot) {
    energy_region_stack &S = __energy_region_stack;
    ++ModuleCounters<14>::Slots[P.SolveBlock];
    // solve (K = 2) at slot 0, then other's frame at slot 1.
    S.depth = Depth + 3;
    Slot[0] = reinterpret_cast<uintptr_t>(P.M.entry(P.Solve));
    Slot[2] = 0;
    Slot[1] = reinterpret_cast<uintptr_t>(P.M.entry(P.Other));
    burn(0.20);
    S.depth = Depth;
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Other = regionNamed(R.Report, "other");
  expectWithinUncertainty(Other, "self", 0.20, 0.01);
}

TEST(SamplingTest, ExactEntryPointsPushInASampledProcess) {
  ChildResult R = runSampled(
      [] {
        // Built before the runtime registers its exit handler, so that the
        // tables outlive the report, as a module's static tables do.
        static FakeModule Exact{"exact.c", &ModuleCounters<12>::get};
        static uint32_t Region = Exact.region("exact_work");
        energy_module *E = Exact.descriptor();
        Program &P = the<Program>();
        __energy_register_module(P.D);
        __energy_register_module(E);
        ENERGY_TEST_ENTER(E, Region);
        burn(0.2);
        ENERGY_TEST_EXIT(E, Region);
      },
      "1000");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Exact = regionNamed(R.Report, "exact_work");
  expectWithinUncertainty(Exact, "self", 0.2, 0.01);
  EXPECT_EQ(R.Report["modules"][1]["timing"], "exact");
  EXPECT_EQ(R.Report["modules"][1]["timed"], true);
}

volatile sig_atomic_t ProgramSawSignal = 0;
void programHandler(int) { ProgramSawSignal = 1; }

/// The runtime's sampling signal (RegionSampling.h).
int samplingSignal() { return SIGRTMAX - 3; }

TEST(SamplingTest, TheProgramsSignalsReachItsHandlers) {
  ChildResult R = runSampled(
      [] {
        // SIGPROF is the program's own, and so is the sampling signal's
        // number when the program handled it first.
        signal(SIGPROF, programHandler);
        signal(samplingSignal(), programHandler);
        Program &P = the<Program>();
        __energy_register_module(P.D);
        for (int Signal : {SIGPROF, samplingSignal()}) {
          ProgramSawSignal = 0;
          for (int I = 0; I < 20; ++I) {
            burn(0.005);
            kill(getpid(), Signal);
            if (!ProgramSawSignal)
              _exit(3);
          }
        }
      },
      "1000");
  EXPECT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_GT(R.Report["timing"]["periods"].get<uint64_t>(), 0u);
  EXPECT_EQ(R.Report["timing"]["signal"], "SIGRTMAX-3");
}

TEST(SamplingTest, AnUnhandledSamplingSignalStillEndsTheProgram) {
  ChildResult R = runSampled(
      [] {
        Program &P = the<Program>();
        __energy_register_module(P.D);
        kill(getpid(), samplingSignal());
        _exit(5);
      },
      "1000");
  EXPECT_EQ(R.Signal, samplingSignal()) << R.Stderr;
}

TEST(SamplingTest, RateZeroTurnsSamplingOffAndSaysSo) {
  ChildResult R = runSampled(
      [] {
        Program &P = the<Program>();
        __energy_register_module(P.D);
        work(P, 0.02, 0.02);
      },
      "0");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["timing"]["periods"], 0);
  EXPECT_NE(R.Report["timing"]["problem"].get<std::string>().find("ENERGY_SAMPLE_HZ=0"),
            std::string::npos);
  EXPECT_EQ(regionNamed(R.Report, "work")["calls"], 1);
}

TEST(SamplingTest, ABadRateIsIgnoredWithOneLine) {
  ChildResult R = runSampled(
      [] {
        Program &P = the<Program>();
        __energy_register_module(P.D);
        work(P, 0.01, 0.01);
      },
      "lots");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_NE(R.Stderr.find("energypass: ignoring ENERGY_SAMPLE_HZ=lots (want an integer from 0 "
                          "to 100000); using 1000"),
            std::string::npos)
      << R.Stderr;
  EXPECT_EQ(R.Report["timing"]["rate_hz"].get<double>(), 1000.0);
}

TEST(SamplingTest, AnUnmarkedFunctionIsFoundByItsProgramCounter) {
  ChildResult R = runSampled(
      [] {
        __energy_register_module(the<AddressedProgram>().D);
        callSmall(0.2, 40, 0.01);
      },
      "1000");
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Caller = regionNamed(R.Report, "caller");
  const nlohmann::json &Small = regionNamed(R.Report, "small");
  EXPECT_EQ(Small["calls"], 40);
  double Tick = 0.01;
  expectWithinUncertainty(Small, "self", 0.4, Tick);
  expectWithinUncertainty(Small, "inclusive", 0.4, Tick);
  expectWithinUncertainty(Caller, "self", 0.2, Tick);
  expectWithinUncertainty(Caller, "inclusive", 0.6, Tick);
  // On the caller's path, as if it had been pushed.
  const nlohmann::json &Tree = R.Report["call_tree"];
  ASSERT_EQ(Tree.size(), 2u) << Tree.dump();
  EXPECT_EQ(Tree[1]["region"], Small["id"]);
  EXPECT_EQ(Tree[1]["parent"], 0);
}

TEST(SamplingTest, EachTriggerSamplesTheSameTimesAndIsNamed) {
  std::vector<std::string> Triggers = {"cpu-timer"};
  if (taskClockAvailable())
    Triggers.push_back("task-clock");
  for (const std::string &Trigger : Triggers) {
    TempDir Dir;
    ChildResult R =
        runInChild(Dir,
                   [] {
                     Program &P = the<Program>();
                     __energy_register_module(P.D);
                     for (int I = 0; I < 3; ++I)
                       work(P, 0.10, 0.05);
                   },
                   {{"ENERGY_SAMPLE_HZ", "1000"}, {"ENERGY_SAMPLE_TRIGGER", Trigger.c_str()}});
    ASSERT_TRUE(R.HasReport) << R.Stderr;
    EXPECT_EQ(R.Report["timing"]["trigger"], Trigger);
    double Tick = 0.01;
    expectWithinUncertainty(regionNamed(R.Report, "work"), "self", 0.30, Tick);
    expectWithinUncertainty(regionNamed(R.Report, "inner"), "self", 0.15, Tick);
  }
}

TEST(SamplingTest, AnUnknownTriggerIsAutoWithOneLine) {
  TempDir Dir;
  ChildResult R = runInChild(Dir,
                             [] {
                               Program &P = the<Program>();
                               __energy_register_module(P.D);
                               work(P, 0.01, 0.01);
                             },
                             {{"ENERGY_SAMPLE_TRIGGER", "hrtimer"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_NE(R.Stderr.find("energypass: ignoring ENERGY_SAMPLE_TRIGGER=hrtimer (want auto, "
                          "task-clock or cpu-timer); using auto\n"),
            std::string::npos)
      << R.Stderr;
  EXPECT_EQ(R.Report["timing"]["trigger"], taskClockAvailable() ? "task-clock" : "cpu-timer");
}

} // namespace
