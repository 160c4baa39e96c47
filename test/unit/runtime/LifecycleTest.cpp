//===- LifecycleTest.cpp - exit(), abort(), fork(), dlopen/dlclose --------===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<4>;

struct Program {
  FakeModule M{"lifecycle.c", &Counters::get};
  uint32_t A = M.region("a");
  uint32_t B = M.region("b");
  uint32_t C = M.region("c");
  uint32_t BlockA = M.block(A, cost(2));
  uint32_t BlockC = M.block(C, cost(7));
  energy_module *D = M.descriptor();
};

Program &program() {
  static Program P;
  __energy_register_module(P.D);
  return P;
}

enum class Ending { Exit, Abort };

[[gnu::noinline]] void c(Program &P, Ending E) {
  ENERGY_TEST_ENTER(P.D, P.C);
  ++Counters::Slots[P.BlockC];
  usleep(10000);
  if (E == Ending::Exit)
    std::exit(3);
  std::abort();
}

[[gnu::noinline]] void b(Program &P, Ending E) {
  ENERGY_TEST_ENTER(P.D, P.B);
  c(P, E);
  ENERGY_TEST_EXIT(P.D, P.B);
}

[[gnu::noinline]] void a(Program &P, Ending E) {
  ENERGY_TEST_ENTER(P.D, P.A);
  ++Counters::Slots[P.BlockA];
  b(P, E);
  ENERGY_TEST_EXIT(P.D, P.A);
}

TEST(Lifecycle, ExitInsideNestedRegionsWritesTheReport) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { a(program(), Ending::Exit); });
  EXPECT_EQ(R.ExitCode, 3); // the program's own status is kept
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  for (const char *Name : {"a", "b", "c"}) {
    const auto &Region = regionNamed(R.Report, Name);
    EXPECT_EQ(Region["calls"], 1) << Name;
    EXPECT_GE(Region["time_s"]["inclusive"].get<double>(), 0.009) << Name;
  }
  EXPECT_EQ(regionNamed(R.Report, "c")["counts"]["instructions"], 7);
  EXPECT_GE(regionNamed(R.Report, "c")["time_s"]["self"].get<double>(), 0.009);
}

// A copy of the process writes the report of the moment (SignalEndings.h);
// the process still dies of its abort.
TEST(Lifecycle, AbortInsideRegionsWritesTheReportAndStillAborts) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] { a(program(), Ending::Abort); });
  EXPECT_EQ(R.Signal, SIGABRT);
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["program"]["pid"], R.Pid);
  for (const char *Name : {"a", "b", "c"}) {
    EXPECT_EQ(regionNamed(R.Report, Name)["calls"], 1) << Name;
    EXPECT_GE(regionNamed(R.Report, Name)["time_s"]["inclusive"].get<double>(), 0.009) << Name;
  }
  EXPECT_EQ(regionNamed(R.Report, "c")["counts"]["instructions"], 7);
}

TEST(Lifecycle, AbortWithSignalReportsOffLeavesNoReport) {
  TempDir Dir;
  ChildResult R =
      runInChild(Dir, [] { a(program(), Ending::Abort); }, {{"ENERGY_SIGNAL_REPORTS", "0"}});
  EXPECT_EQ(R.Signal, SIGABRT);
  EXPECT_FALSE(R.HasReport);
}

// The child of a fork writes its own report, with what it did after the fork.
TEST(Lifecycle, ForkChildWritesItsOwnReport) {
  TempDir Dir;
  std::string Pattern = Dir.file("report.%p.json");
  std::string ChildPidFile = Dir.file("child.pid");
  ChildResult R = runInChild(Dir,
                             [&] {
                               Program &P = program();
                               ENERGY_TEST_ENTER(P.D, P.A);
                               Counters::Slots[P.BlockA] += 10;
                               pid_t Child = fork();
                               if (Child == 0) {
                                 Counters::Slots[P.BlockA] += 100;
                                 ENERGY_TEST_ENTER(P.D, P.C);
                                 ENERGY_TEST_EXIT(P.D, P.C);
                                 ENERGY_TEST_EXIT(P.D, P.A);
                                 std::exit(0);
                               }
                               FILE *F = std::fopen(ChildPidFile.c_str(), "w");
                               std::fprintf(F, "%d\n", int(Child));
                               std::fclose(F);
                               waitpid(Child, nullptr, 0);
                               Counters::Slots[P.BlockA] += 1000;
                               ENERGY_TEST_EXIT(P.D, P.A);
                             },
                             {{"ENERGY_REPORT", Pattern}});
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  int ChildPid = 0;
  FILE *F = std::fopen(ChildPidFile.c_str(), "r");
  ASSERT_TRUE(F);
  ASSERT_EQ(std::fscanf(F, "%d", &ChildPid), 1);
  std::fclose(F);
  std::string ChildReport = Dir.file("report." + std::to_string(ChildPid) + ".json");
  nlohmann::json Child = readJson(ChildReport);
  EXPECT_EQ(Child["program"]["pid"], ChildPid);
  EXPECT_EQ(regionNamed(Child, "a")["counts"]["blocks"], 100);
  EXPECT_EQ(regionNamed(Child, "a")["calls"], 0); // entered before the fork
  EXPECT_EQ(regionNamed(Child, "c")["calls"], 1);
  EXPECT_EQ(Child["threads"], 1);

  // The parent's report (the scenario process) has what it did itself.
  bool Found = false;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path())) {
    std::string Name = Entry.path().filename();
    if (Name.rfind("report.", 0) != 0 || Entry.path() == ChildReport)
      continue;
    nlohmann::json Parent = readJson(Entry.path());
    EXPECT_EQ(regionNamed(Parent, "a")["counts"]["blocks"], 1010);
    EXPECT_EQ(regionNamed(Parent, "a")["calls"], 1);
    // c ran in the child only: the parent's report leaves it out.
    for (const auto &Region : Parent["regions"])
      EXPECT_NE(Region["name"], "c");
    EXPECT_GE(Parent["regions_not_run"].get<uint64_t>(), 1u);
    Found = true;
  }
  EXPECT_TRUE(Found);
}

// A module unregistered (dlclose) while another thread still holds counts in
// it: the counts are merged first and the tables copied, since the module's
// memory goes away (scribble() stands for the unmapping).
TEST(Lifecycle, UnregisterMergesAllThreadsAndKeepsTables) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Program P;
    __energy_register_module(P.D);
    ENERGY_TEST_ENTER(P.D, P.A);
    Counters::Slots[P.BlockA] += 3;
    ENERGY_TEST_EXIT(P.D, P.A);
    int Go[2], Done[2];
    ASSERT_EQ(pipe(Go), 0);
    ASSERT_EQ(pipe(Done), 0);
    std::thread Other([&] {
      ENERGY_TEST_ENTER(P.D, P.C);
      Counters::Slots[P.BlockC] += 40;
      ENERGY_TEST_EXIT(P.D, P.C);
      char X = 1;
      (void)!write(Done[1], &X, 1);
      (void)!read(Go[0], &X, 1); // stays alive across the unregistration
    });
    char X;
    (void)!read(Done[0], &X, 1);
    __energy_unregister_module(P.D);
    P.M.scribble();
    ENERGY_TEST_ENTER(P.D, P.A); // after unloading: ignored, not a crash
    (void)!write(Go[1], &X, 1);
    Other.join();
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(regionNamed(R.Report, "a")["counts"]["blocks"], 3);
  EXPECT_EQ(regionNamed(R.Report, "a")["counts"]["instructions"], 6);
  EXPECT_EQ(regionNamed(R.Report, "c")["counts"]["instructions"], 280);
  EXPECT_EQ(regionNamed(R.Report, "c")["calls"], 1);
  EXPECT_EQ(regionNamed(R.Report, "c")["module"], "lifecycle.c");
  // The object holding the module (this test) is still loaded: as when the
  // exit finalises every object before the report, that is no unload. The
  // dlclose below is one.
  EXPECT_EQ(R.Report["modules"][0]["unloaded"], false);
}

// The real thing: a hand-instrumented shared library, dlopen'd, used from two
// threads, dlclose'd, opened again.
TEST(Lifecycle, DlopenDlcloseLibraryKeepsItsCounts) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    program(); // the main program is instrumented too
    for (int Round = 0; Round < 2; ++Round) {
      void *Lib = dlopen(ENERGY_FIXTURE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
      ASSERT_TRUE(Lib) << dlerror();
      auto *Work = reinterpret_cast<void (*)(int)>(dlsym(Lib, "fixture_work"));
      std::thread T([Work] { Work(10); });
      Work(5);
      T.join();
      dlclose(Lib);
    }
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  int Seen = 0;
  for (const auto &Region : R.Report["regions"]) {
    if (Region["name"] != "fixture_work")
      continue;
    ++Seen;
    EXPECT_EQ(Region["calls"], 2);
    EXPECT_EQ(Region["counts"]["blocks"], 15 + 2);
    EXPECT_EQ(Region["counts"]["flops"], 3 * 15);
    EXPECT_EQ(Region["counts"]["instructions"], 9 * 15 + 2);
    EXPECT_EQ(Region["file"], "FixtureLibrary.c");
  }
  EXPECT_EQ(Seen, 2); // one per load
  ASSERT_EQ(R.Report["modules"].size(), 3u);
  // Each load is named by the library it came from, and both are unloaded;
  // the program's own module is not, though the exit finalised it.
  for (int Load = 1; Load <= 2; ++Load) {
    EXPECT_EQ(R.Report["modules"][Load]["object"], ENERGY_FIXTURE_LIBRARY);
    EXPECT_EQ(R.Report["modules"][Load]["unloaded"], true);
  }
  EXPECT_NE(R.Report["modules"][0]["object"], ENERGY_FIXTURE_LIBRARY);
  EXPECT_EQ(R.Report["modules"][0]["unloaded"], false);
}

using WorkFn = void (*)(int);

WorkFn openFixture(const char *Path, void *&Handle) {
  Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  return Handle ? reinterpret_cast<WorkFn>(dlsym(Handle, "fixture_work")) : nullptr;
}

// Two instrumented libraries at once, used from several threads; one closed
// while the other stays loaded until the process ends.
TEST(Lifecycle, TwoInstrumentedLibraries) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    void *HandleA, *HandleB;
    WorkFn A = openFixture(ENERGY_FIXTURE_LIBRARY, HandleA);
    WorkFn B = openFixture(ENERGY_FIXTURE_LIBRARY_B, HandleB);
    if (!A || !B)
      std::exit(9);
    std::vector<std::thread> Pool;
    for (int T = 0; T < 4; ++T)
      Pool.emplace_back([A, B, T] {
        A(100 + T);
        B(200 + T);
      });
    for (auto &Th : Pool)
      Th.join();
    B(1000);
    dlclose(HandleA);
    B(1);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &A = regionNamed(R.Report, "fixture_work");
  EXPECT_EQ(A["calls"], 4);
  EXPECT_EQ(A["counts"]["flops"], 3 * (100 + 101 + 102 + 103));
  const auto &B = regionNamed(R.Report, "fixture_work_b");
  EXPECT_EQ(B["calls"], 6);
  EXPECT_EQ(B["counts"]["flops"], 3 * (200 + 201 + 202 + 203 + 1000 + 1));
  ASSERT_EQ(R.Report["modules"].size(), 2u);
  EXPECT_EQ(R.Report["modules"][0]["unloaded"], true);
  EXPECT_EQ(R.Report["modules"][1]["unloaded"], false);
  EXPECT_EQ(R.Report["modules"][0]["object"], ENERGY_FIXTURE_LIBRARY);
  EXPECT_EQ(R.Report["modules"][1]["object"], ENERGY_FIXTURE_LIBRARY_B);
}

} // namespace
