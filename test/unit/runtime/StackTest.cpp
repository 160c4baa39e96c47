//===- StackTest.cpp - Region times, recursion, unwinding, depth bound ----===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <csetjmp>
#include <csignal>
#include <pthread.h>
#include <sys/time.h>
#include <thread>
#include <unistd.h>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<3>;

struct Program {
  FakeModule M{"stack.cpp", &Counters::get};
  uint32_t Outer = M.region("outer");
  uint32_t Sleeper = M.region("sleeper");
  uint32_t Recurse = M.region("recurse");
  uint32_t Thrower = M.region("thrower");
  uint32_t Catcher = M.region("catcher");
  uint32_t Jumper = M.region("jumper");
  uint32_t Setter = M.region("setter");
  uint32_t Loop = M.region("setter:loop@stack.cpp:1", ENERGY_REGION_LOOP, Setter);
  uint32_t RecurseBlock = M.block(Recurse, cost(1));
  energy_module *D = M.descriptor();
};

Program &program() {
  static Program P;
  __energy_register_module(P.D);
  return P;
}

[[gnu::noinline]] void sleeper(Program &P, unsigned Micros) {
  ENERGY_TEST_ENTER(P.D, P.Sleeper);
  usleep(Micros);
  ENERGY_TEST_EXIT(P.D, P.Sleeper);
}

[[gnu::noinline]] void outer(Program &P) {
  ENERGY_TEST_ENTER(P.D, P.Outer);
  sleeper(P, 30000);
  ENERGY_TEST_EXIT(P.D, P.Outer);
}

void expectSelfExcludesCallees(const char *Clock, const char *Described) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { outer(program()); }, {{"ENERGY_CLOCK", Clock}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_NE(R.Report["sources"][0]["detail"].get<std::string>().find(Described), std::string::npos);
  const auto &Outer = regionNamed(R.Report, "outer")["time_s"];
  const auto &Sleeper = regionNamed(R.Report, "sleeper")["time_s"];
  EXPECT_GE(Sleeper["self"].get<double>(), 0.029);
  EXPECT_DOUBLE_EQ(Sleeper["self"].get<double>(), Sleeper["inclusive"].get<double>());
  EXPECT_GE(Outer["inclusive"].get<double>(), Sleeper["inclusive"].get<double>());
  EXPECT_LT(Outer["self"].get<double>(), Sleeper["self"].get<double>() / 2);
}

TEST(Stack, SelfExcludesCalleesInclusiveDoesNot) { expectSelfExcludesCallees("auto", ""); }

TEST(Stack, MonotonicClockGivesTheSameTimes) {
  expectSelfExcludesCallees("monotonic", "CLOCK_MONOTONIC");
}

[[gnu::noinline]] void recurse(Program &P, int Depth) {
  ENERGY_TEST_ENTER(P.D, P.Recurse);
  ++Counters::Slots[P.RecurseBlock];
  if (Depth > 0)
    recurse(P, Depth - 1);
  else
    usleep(30000);
  ENERGY_TEST_EXIT(P.D, P.Recurse);
}

TEST(Stack, RecursionCountsInclusiveTimeOnce) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { recurse(program(), 9); });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Rec = regionNamed(R.Report, "recurse");
  EXPECT_EQ(Rec["calls"], 10);
  double Inclusive = Rec["time_s"]["inclusive"];
  EXPECT_GE(Inclusive, 0.029);
  // One chain of recursion: its self times add up to the outermost instance's
  // time, which inclusive time counts once (not once per nested instance).
  EXPECT_NEAR(Rec["time_s"]["self"].get<double>(), Inclusive, 1e-9);
}

void *deepRecursion(void *) {
  recurse(program(), 99999);
  return nullptr;
}

// 100000 nested regions: the stack bound (ENERGY_MAX_DEPTH, 65536 by default)
// keeps memory bounded; calls and counts stay exact.
TEST(Stack, DeepRecursionIsBoundedAndExact) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    pthread_attr_t Attr;
    pthread_attr_init(&Attr);
    pthread_attr_setstacksize(&Attr, 256u << 20);
    pthread_t T;
    pthread_create(&T, &Attr, deepRecursion, nullptr);
    pthread_join(T, nullptr);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Rec = regionNamed(R.Report, "recurse");
  EXPECT_EQ(Rec["calls"], 100000);
  EXPECT_EQ(Rec["counts"]["blocks"], 100000);
  EXPECT_EQ(R.Report["diagnostics"]["depth_overflows"], 100000 - 65536);
  EXPECT_EQ(R.Report["diagnostics"]["max_depth"], 65536);
  EXPECT_EQ(R.Report["diagnostics"]["unmatched_exits"], 0);
  EXPECT_EQ(R.Report["diagnostics"]["unwound_frames"], 0);
}

TEST(Stack, DepthBoundFromTheEnvironment) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { recurse(program(), 199); }, {{"ENERGY_MAX_DEPTH", "128"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["diagnostics"]["depth_overflows"], 200 - 128);
  EXPECT_EQ(regionNamed(R.Report, "recurse")["calls"], 200);

  ChildResult Bad = runInChild(Dir, [] { recurse(program(), 3); }, {{"ENERGY_MAX_DEPTH", "lots"}});
  ASSERT_TRUE(Bad.HasReport) << Bad.Stderr;
  EXPECT_NE(Bad.Stderr.find("energypass: ignoring ENERGY_MAX_DEPTH=lots"), std::string::npos)
      << Bad.Stderr;
}

[[gnu::noinline]] void leaf(Program &P) {
  ENERGY_TEST_ENTER(P.D, P.Sleeper);
  ENERGY_TEST_EXIT(P.D, P.Sleeper);
}

// Instrumented code in a signal handler that interrupts the runtime anywhere,
// including its rare paths (first entry of a thread, stack growth): the
// program neither crashes nor deadlocks, and counts what it can.
TEST(Stack, SignalHandlersRunningInstrumentedCode) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Program &P = program();
    struct sigaction Action{};
    Action.sa_handler = [](int) { leaf(P); };
    Action.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &Action, nullptr);
    itimerval Timer{{0, 50}, {0, 50}};
    setitimer(ITIMER_REAL, &Timer, nullptr);
    for (int Round = 0; Round < 20; ++Round) {
      std::thread([] { recurse(P, 300); }).join();
      recurse(P, 300);
    }
    itimerval Off{};
    setitimer(ITIMER_REAL, &Off, nullptr);
  });
  ASSERT_EQ(R.ExitCode, 0) << "signal " << R.Signal << ": " << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "recurse")["calls"], 40 * 301);
  EXPECT_EQ(regionNamed(R.Report, "recurse")["counts"]["blocks"], 40 * 301);
}

// Stands for code whose exits an exception skips: C frames, or code built
// without the pass's cleanups.
[[gnu::noinline]] void thrower(Program &P, int Depth) {
  ENERGY_TEST_ENTER(P.D, P.Thrower);
  if (Depth == 0)
    throw 42;
  thrower(P, Depth - 1);
  ENERGY_TEST_EXIT(P.D, P.Thrower);
}

[[gnu::noinline]] void catcher(Program &P) {
  ENERGY_TEST_ENTER(P.D, P.Catcher);
  try {
    thrower(P, 5);
  } catch (int) {
  }
  ENERGY_TEST_EXIT(P.D, P.Catcher);
}

TEST(Stack, ExceptionSkippingExitsIsRepairedAtTheNextExit) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    Program &P = program();
    catcher(P);
    sleeper(P, 30000);
    catcher(P);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "thrower")["calls"], 12);
  EXPECT_EQ(regionNamed(R.Report, "catcher")["calls"], 2);
  EXPECT_EQ(R.Report["diagnostics"]["unwound_frames"], 12);
  EXPECT_EQ(R.Report["diagnostics"]["unmatched_exits"], 0);
  // The skipped frames were closed when catcher left, before the sleep.
  double Slept = regionNamed(R.Report, "sleeper")["time_s"]["self"];
  EXPECT_GE(Slept, 0.029);
  EXPECT_LT(regionNamed(R.Report, "thrower")["time_s"]["inclusive"].get<double>(), Slept / 2);
  EXPECT_LT(regionNamed(R.Report, "catcher")["time_s"]["inclusive"].get<double>(), Slept / 2);
}

std::jmp_buf Target;

[[gnu::noinline]] void jumper(Program &P, int Depth) {
  ENERGY_TEST_ENTER(P.D, P.Jumper);
  if (Depth == 0)
    std::longjmp(Target, 1);
  jumper(P, Depth - 1);
  ENERGY_TEST_EXIT(P.D, P.Jumper);
}

// setjmp inside a loop region: the longjmp lands in the loop's own frame, so
// the loop stays open while the jumper frames are closed.
[[gnu::noinline]] void setter(Program &P) {
  ENERGY_TEST_ENTER(P.D, P.Setter);
  ENERGY_TEST_ENTER(P.D, P.Loop);
  for (volatile int I = 0; I < 3; I = I + 1)
    if (setjmp(Target) == 0)
      jumper(P, 4);
  ENERGY_TEST_EXIT(P.D, P.Loop);
  ENERGY_TEST_EXIT(P.D, P.Setter);
}

TEST(Stack, LongjmpOutOfNestedRegionsIsRepaired) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    Program &P = program();
    setter(P);
    outer(P);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "jumper")["calls"], 15);
  EXPECT_EQ(regionNamed(R.Report, "setter:loop@stack.cpp:1")["calls"], 1);
  EXPECT_EQ(R.Report["diagnostics"]["unwound_frames"], 15);
  EXPECT_EQ(R.Report["diagnostics"]["unmatched_exits"], 0);
  double Slept = regionNamed(R.Report, "sleeper")["time_s"]["self"];
  EXPECT_GE(Slept, 0.029);
  EXPECT_LT(regionNamed(R.Report, "setter")["time_s"]["inclusive"].get<double>(), Slept / 2);
}

} // namespace
