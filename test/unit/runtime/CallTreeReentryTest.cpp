//===- CallTreeReentryTest.cpp - call_tree times when a region is re-entered ===//
//
// `outer -> middle -> outer -> callee`: the inner `outer` collapses onto the
// outer one's node, and `callee` hangs below that node, not below `middle`.
// Whichever the timing, the nodes' self times must partition the time: each
// one non-negative, each inclusive time its self time plus its children's
// inclusive times, and their sum the regions' self times.
//
//===----------------------------------------------------------------------===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

#include <ctime>
#include <functional>
#include <unistd.h>
#include <vector>

extern "C" {
extern thread_local energy_region_stack __energy_region_stack;
}

using namespace energy::test;

namespace {

struct Regions {
  uint32_t Outer, Middle, Callee;
  explicit Regions(FakeModule &M)
      : Outer(M.region("outer")), Middle(M.region("middle")), Callee(M.region("callee")) {}
};

struct ExactProgram {
  FakeModule M{"reentry_exact.c", &ModuleCounters<13>::get};
  Regions R{M};
  energy_module *D = M.descriptor();
};

struct SampledProgram {
  FakeModule M{"reentry_sampled.c", &ModuleCounters<14>::get};
  Regions R{M};
  energy_module *D = describe();
  energy_module *describe() {
    M.timeBySampling();
    return M.descriptor();
  }
};

/// Waits (exact timing clocks wall time) inside one region.
[[gnu::noinline]] void sleepIn(ExactProgram &P, uint32_t Region, unsigned Micros,
                               const std::function<void()> &Then = {}) {
  ENERGY_TEST_ENTER(P.D, Region);
  usleep(Micros);
  if (Then)
    Then();
  ENERGY_TEST_EXIT(P.D, Region);
}

double threadCpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

void burn(double Seconds) {
  double Until = threadCpuSeconds() + Seconds;
  volatile double Sink = 1.0;
  while (threadCpuSeconds() < Until)
    for (int I = 0; I < 1000; ++I)
      Sink = Sink * 1.0000001 + 1e-9;
}

/// Burns CPU time (sampled timing counts CPU time) inside one region, pushed
/// as the pass's inline code pushes it.
void burnIn(SampledProgram &P, uint32_t Region, double Seconds,
            const std::function<void()> &Then = {}) {
  energy_region_stack &S = __energy_region_stack;
  uint32_t Depth = S.depth;
  S.depth = Depth + 1;
  asm volatile("" ::: "memory");
  S.open[Depth & (ENERGY_REGION_STACK_SLOTS - 1)] = P.M.entry(Region);
  burn(Seconds);
  if (Then)
    Then();
  S.depth = Depth;
}

double self(const nlohmann::json &Node) { return Node["time_s"]["self"].get<double>(); }
double inclusive(const nlohmann::json &Node) { return Node["time_s"]["inclusive"].get<double>(); }

/// The invariants every call tree keeps; returns the sum of its self times.
double expectPartition(const nlohmann::json &Tree) {
  std::vector<double> Children(Tree.size(), 0.0);
  for (const auto &Node : Tree)
    if (!Node["parent"].is_null())
      Children[Node["parent"].get<size_t>()] += inclusive(Node);
  double SelfSum = 0;
  for (size_t I = 0; I < Tree.size(); ++I) {
    EXPECT_GE(self(Tree[I]), 0.0) << Tree[I].dump();
    EXPECT_NEAR(inclusive(Tree[I]), self(Tree[I]) + Children[I], 1e-9) << Tree[I].dump();
    SelfSum += self(Tree[I]);
  }
  return SelfSum;
}

double regionSelfSum(const nlohmann::json &Report) {
  double Sum = 0;
  for (const auto &Region : Report["regions"])
    Sum += Region["time_s"]["self"].get<double>();
  return Sum;
}

/// The node of Region whose parent is Parent (null: a root).
const nlohmann::json *child(const nlohmann::json &Report, const nlohmann::json *Parent,
                            const char *Region) {
  uint64_t Id = regionNamed(Report, Region)["id"].get<uint64_t>();
  for (const auto &Node : Report["call_tree"]) {
    bool Below = Parent ? Node["parent"] == (*Parent)["id"] : Node["parent"].is_null();
    if (Below && Node["region"].get<uint64_t>() == Id)
      return &Node;
  }
  return nullptr;
}

TEST(CallTreeReentry, ExactSelfTimesPartitionTheTree) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static ExactProgram P;
    __energy_register_module(P.D);
    const Regions &Ids = P.R;
    sleepIn(P, Ids.Outer, 20000, [&] {
      sleepIn(P, Ids.Middle, 10000,
              [&] { sleepIn(P, Ids.Outer, 10000, [&] { sleepIn(P, Ids.Callee, 40000); }); });
    });
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Tree = R.Report["call_tree"];
  ASSERT_EQ(Tree.size(), 3u) << Tree.dump();
  EXPECT_NEAR(expectPartition(Tree), regionSelfSum(R.Report), 1e-6) << Tree.dump();
  const auto *Outer = child(R.Report, nullptr, "outer");
  ASSERT_TRUE(Outer);
  const auto *Middle = child(R.Report, Outer, "middle");
  const auto *Callee = child(R.Report, Outer, "callee");
  ASSERT_TRUE(Middle && Callee) << Tree.dump();
  // Both instances of outer slept 30 ms of their own; middle 10 ms.
  EXPECT_NEAR(self(*Outer), regionNamed(R.Report, "outer")["time_s"]["self"].get<double>(), 1e-6);
  EXPECT_GE(self(*Outer), 0.030);
  EXPECT_LT(self(*Middle), 0.030) << Tree.dump();
  EXPECT_GE(self(*Callee), 0.040);
}

TEST(CallTreeReentry, SampledInclusiveTimesAreSelfPlusChildren) {
  TempDir Dir;
  ChildResult R = runInChild(Dir,
                             [] {
                               static SampledProgram P;
                               __energy_register_module(P.D);
                               const Regions &Ids = P.R;
                               burnIn(P, Ids.Outer, 0.05, [&] {
                                 burnIn(P, Ids.Middle, 0.05, [&] {
                                   burnIn(P, Ids.Outer, 0.05, [&] { burnIn(P, Ids.Callee, 0.10); });
                                 });
                               });
                             },
                             {{"ENERGY_SAMPLE_HZ", "1000"}});
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const nlohmann::json &Tree = R.Report["call_tree"];
  EXPECT_NEAR(expectPartition(Tree), regionSelfSum(R.Report), 1e-6) << Tree.dump();
  const auto *Outer = child(R.Report, nullptr, "outer");
  ASSERT_TRUE(Outer) << Tree.dump();
  const auto *Middle = child(R.Report, Outer, "middle");
  ASSERT_TRUE(Middle) << Tree.dump();
  // The callee ran below the inner outer, which is the outer node: middle's
  // inclusive time is its own.
  EXPECT_NEAR(inclusive(*Middle), self(*Middle), 1e-9) << Tree.dump();
}

} // namespace
