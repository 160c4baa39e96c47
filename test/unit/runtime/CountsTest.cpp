//===- CountsTest.cpp - Exact counts: block counts times cost vectors -----===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include <gtest/gtest.h>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<1>;

struct Kernel {
  FakeModule M{"kernel.c", &Counters::get};
  uint32_t Outer = M.region("outer");
  uint32_t Loop = M.region("outer:loop@kernel.c:7", ENERGY_REGION_LOOP, Outer, 7);
  uint32_t Inner = M.region("inner");
  uint32_t OuterEntry = M.block(Outer, cost(5, 0, 0, 8, 0));
  uint32_t LoopBody = M.block(Loop, cost(12, 2, ENERGY_FLOP_FMA, 16, 8));
  uint32_t InnerBody = M.block(Inner, cost(3, 1, ENERGY_FLOP_DIV));
  uint32_t Copy = M.dynamic({LoopBody, ENERGY_DYNAMIC_BYTES_STORED, 0, 0, 0, 1});
  uint32_t Masked = M.dynamic(
      {LoopBody, ENERGY_DYNAMIC_FLOPS, ENERGY_PREC_FLOAT, ENERGY_FLOP_FMA, ENERGY_WIDTH_256, 2});
  energy_module *D = M.descriptor();
};

[[gnu::noinline]] void inner(Kernel &K) {
  ENERGY_TEST_ENTER(K.D, K.Inner);
  ++Counters::Slots[K.InnerBody];
  ENERGY_TEST_EXIT(K.D, K.Inner);
}

[[gnu::noinline]] void outer(Kernel &K, int Iterations) {
  ENERGY_TEST_ENTER(K.D, K.Outer);
  ++Counters::Slots[K.OuterEntry];
  ENERGY_TEST_ENTER(K.D, K.Loop);
  for (int I = 0; I < Iterations; ++I) {
    ++Counters::Slots[K.LoopBody];
    Counters::Slots[K.M.dynamicSlot(K.Copy)] += 100; // a memset of 100 bytes
    Counters::Slots[K.M.dynamicSlot(K.Masked)] += 3; // 3 active lanes
    inner(K);
  }
  ENERGY_TEST_EXIT(K.D, K.Loop);
  ENERGY_TEST_EXIT(K.D, K.Outer);
}

TEST(Counts, BlockCountsTimesCostVectorsPlusDynamicSlots) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Kernel K;
    __energy_register_module(K.D);
    outer(K, 1000);
    outer(K, 234);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Outer = regionNamed(R.Report, "outer");
  EXPECT_EQ(Outer["calls"], 2);
  EXPECT_EQ(Outer["kind"], "function");
  EXPECT_EQ(Outer["parent"], nullptr);
  EXPECT_EQ(Outer["counts"]["blocks"], 2);
  EXPECT_EQ(Outer["counts"]["instructions"], 10);
  EXPECT_EQ(Outer["counts"]["bytes_loaded"], 16);

  const auto &Loop = regionNamed(R.Report, "outer:loop@kernel.c:7");
  const uint64_t N = 1234;
  EXPECT_EQ(Loop["kind"], "loop");
  EXPECT_EQ(Loop["line"], 7);
  EXPECT_EQ(Loop["parent"], Outer["id"]);
  EXPECT_EQ(Loop["calls"], 2);
  const auto &C = Loop["counts"];
  EXPECT_EQ(C["blocks"], N);
  EXPECT_EQ(C["instructions"], 12 * N);
  EXPECT_EQ(C["bytes_loaded"], 16 * N);
  EXPECT_EQ(C["bytes_stored"], 8 * N + 100 * N);
  EXPECT_EQ(C["flops_detail"]["double"]["fma"], 2 * N);
  EXPECT_EQ(C["flops_detail"]["float"]["fma"], 3 * 2 * N);
  EXPECT_EQ(C["flops_by_kind"]["fma"], 2 * N + 6 * N);
  EXPECT_EQ(C["flops_by_precision"]["float"], 6 * N);
  EXPECT_EQ(C["flops_by_width"]["scalar"], 2 * N);
  EXPECT_EQ(C["flops_by_width"]["v256"], 6 * N);
  EXPECT_EQ(C["flops"], 8 * N);

  const auto &Inner = regionNamed(R.Report, "inner");
  EXPECT_EQ(Inner["calls"], N);
  EXPECT_EQ(Inner["counts"]["flops_by_kind"]["div"], N);

  const auto &Totals = R.Report["totals"]["counts"];
  EXPECT_EQ(Totals["blocks"], 2 + N + N);
  EXPECT_EQ(Totals["flops"], 8 * N + N);
  EXPECT_EQ(Totals["instructions"], 10 + 12 * N + 3 * N);
}

TEST(Counts, RefusesModuleOfAnotherAbiVersionWithoutCrashing) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Kernel K;
    K.D->abi_version = ENERGY_ABI_VERSION + 1;
    __energy_register_module(K.D);
    outer(K, 3);
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_FALSE(R.HasReport);
  EXPECT_NE(R.Stderr.find("ABI version"), std::string::npos) << R.Stderr;
}

TEST(Counts, ExitWithoutEnterIsCountedNotFatal) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Kernel K;
    __energy_register_module(K.D);
    outer(K, 1);
    ENERGY_TEST_EXIT(K.D, K.Inner);
  });
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["diagnostics"]["unmatched_exits"], 1);
  EXPECT_EQ(regionNamed(R.Report, "outer")["calls"], 1);
}

/// A diamond counted as the pass counts it off a spanning tree: counter 0 on
/// the function's entry, counter 1 on the edge into `then`; `else` is derived
/// as entries minus `then`, the join as the entries.
using DiamondCounters = ModuleCounters<2>;

struct Diamond {
  FakeModule M{"diamond.c", &DiamondCounters::get};
  uint32_t F = M.region("branchy");
  uint32_t Entry = M.block(F, cost(4));
  uint32_t Then = M.block(F, cost(7, 1, ENERGY_FLOP_MUL));
  uint32_t Else = M.block(F, cost(2));
  uint32_t Join = M.block(F, cost(1));
  uint32_t Copy;
  energy_module *D;

  Diamond() {
    M.countByTerms(2, {{Entry, 0, 1}, {Then, 1, 1}, {Else, 0, 1}, {Else, 1, -1}, {Join, 0, 1}});
    Copy = M.dynamic({Else, ENERGY_DYNAMIC_BYTES_LOADED, 0, 0, 0, 1});
    D = M.descriptor();
  }
};

[[gnu::noinline]] void branchy(Diamond &K, bool Take) {
  ENERGY_TEST_ENTER(K.D, K.F);
  ++DiamondCounters::Slots[0];
  if (Take)
    ++DiamondCounters::Slots[1];
  else
    DiamondCounters::Slots[K.M.dynamicSlot(K.Copy)] += 64;
  ENERGY_TEST_EXIT(K.D, K.F);
}

TEST(Counts, BlockCountsDerivedFromEdgeCountersByTerms) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Diamond K;
    __energy_register_module(K.D);
    for (int I = 0; I < 10; ++I)
      branchy(K, I % 3 == 0);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &C = regionNamed(R.Report, "branchy")["counts"];
  // 10 entries, 4 into `then`, 6 into `else`, 10 joins.
  EXPECT_EQ(C["blocks"], 10 + 4 + 6 + 10);
  EXPECT_EQ(C["instructions"], 4 * 10 + 7 * 4 + 2 * 6 + 1 * 10);
  EXPECT_EQ(C["flops"], 4);
  EXPECT_EQ(C["bytes_loaded"], 64 * 6);
}

/// Ten calls of `branchy` after `Damage` has spoiled the diamond's terms.
ChildResult runWithDamagedTerms(const TempDir &Dir, void (*Damage)(energy_count_term *Terms)) {
  return runInChild(Dir, [Damage] {
    static Diamond K;
    Damage(const_cast<energy_count_term *>(K.D->terms));
    __energy_register_module(K.D);
    for (int I = 0; I < 10; ++I)
      branchy(K, I % 3 == 0);
  });
}

TEST(Counts, TermsNamingMissingCountersAddNothingAndAreReported) {
  TempDir Dir;
  ChildResult R = runWithDamagedTerms(Dir, [](energy_count_term *Terms) { Terms[1].counter = 7; });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_EQ(R.Report["diagnostics"]["invalid_table_entries"], 1);
  // The damaged term was `then`'s only one: 10 entries, 0 `then`, 6 `else`, 10 joins.
  EXPECT_EQ(regionNamed(R.Report, "branchy")["counts"]["blocks"], 10 + 0 + 6 + 10);
}

TEST(Counts, TermsNamingMissingBlocksStopTheWalkAndAreReported) {
  TempDir Dir;
  ChildResult R = runWithDamagedTerms(Dir, [](energy_count_term *Terms) { Terms[3].block = 99; });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  // The damaged term and the join's after it are never reached.
  EXPECT_EQ(R.Report["diagnostics"]["invalid_table_entries"], 2);
  // 10 entries, 4 `then`, `else` without its subtracted term 10, no joins.
  EXPECT_EQ(regionNamed(R.Report, "branchy")["counts"]["blocks"], 10 + 4 + 10 + 0);
}

/// A function that was never entered, counted by terms ahead of one that
/// ran: the report sums no term of the first and resumes at the second's.
using TwoFunctionCounters = ModuleCounters<15>;

struct IdleThenBranchy {
  FakeModule M{"two.c", &TwoFunctionCounters::get};
  uint32_t Idle = M.region("idle");
  uint32_t IdleLoop = M.region("idle:loop", ENERGY_REGION_LOOP, Idle);
  uint32_t IdleEntry = M.block(Idle, cost(3));
  uint32_t IdleBody = M.block(IdleLoop, cost(5));
  uint32_t F = M.region("branchy");
  uint32_t Entry = M.block(F, cost(4));
  uint32_t Then = M.block(F, cost(7));
  uint32_t Else = M.block(F, cost(2));
  energy_module *D;

  IdleThenBranchy() {
    M.entryBlock(Idle, IdleEntry);
    M.entryBlock(IdleLoop, IdleBody);
    M.entryBlock(F, Entry);
    // Counters 0 and 1 are idle's, 2 and 3 branchy's.
    M.countByTerms(4, {{IdleEntry, 0, 1},
                       {IdleBody, 1, 1},
                       {IdleBody, 0, 1},
                       {Entry, 2, 1},
                       {Then, 3, 1},
                       {Else, 2, 1},
                       {Else, 3, -1}});
    D = M.descriptor();
  }
};

TEST(Counts, FunctionsNeverEnteredAreSkippedAndTheNextOnesCountedExactly) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static IdleThenBranchy K;
    __energy_register_module(K.D);
    for (int I = 0; I < 10; ++I) {
      ENERGY_TEST_ENTER(K.D, K.F);
      ++TwoFunctionCounters::Slots[2];
      if (I % 3 == 0)
        ++TwoFunctionCounters::Slots[3];
      ENERGY_TEST_EXIT(K.D, K.F);
    }
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  const auto &Branchy = regionNamed(R.Report, "branchy");
  EXPECT_EQ(Branchy["calls"], 10);
  // 10 entries, 4 into `then`, 6 into `else`.
  EXPECT_EQ(Branchy["counts"]["blocks"], 10 + 4 + 6);
  EXPECT_EQ(Branchy["counts"]["instructions"], 4 * 10 + 7 * 4 + 2 * 6);
  EXPECT_EQ(R.Report["regions_not_run"], 2);
  EXPECT_EQ(R.Report["totals"]["counts"]["blocks"], 10 + 4 + 6);
  EXPECT_EQ(R.Report["diagnostics"]["invalid_table_entries"], 0);
}

} // namespace
