//===- LinesTest.cpp - The report's lines: block counts times line costs --===//
#include "ChildProcess.h"
#include "FakeModule.h"

#include "energy/report/line_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace energy::test;

namespace {

using Counters = ModuleCounters<7>;

/// A function whose loop body has two lines (2 FLOPs and 1), and whose
/// inlined helper's line sits in both the function and the loop.
struct Program {
  FakeModule M{"lines.c", &Counters::get};
  uint32_t Work = M.region("work");
  uint32_t Loop = M.region("work:loop@lines.c:6", ENERGY_REGION_LOOP, Work, 6);
  uint32_t Entry = M.block(Work, cost(3, 1, ENERGY_FLOP_MUL));
  uint32_t Body = M.block(Loop, cost(9, 4, ENERGY_FLOP_ADDSUB, 16, 8));
  energy_module *D = describe();

  energy_module *describe() {
    M.line(Entry, "helper.h", 20, cost(3, 1, ENERGY_FLOP_MUL));
    M.line(Body, "lines.c", 7, cost(5, 2, ENERGY_FLOP_ADDSUB, 8, 8));
    M.line(Body, "lines.c", 8, cost(3, 1, ENERGY_FLOP_ADDSUB, 8, 0));
    M.line(Body, "helper.h", 20, cost(1, 1, ENERGY_FLOP_ADDSUB));
    return M.descriptor();
  }
};

/// The report's lines, one object each (the runtime writes them as a table).
nlohmann::json linesOf(const nlohmann::json &Report) {
  return energy::report::lineObjects(Report["lines"]);
}

nlohmann::json lineAt(const nlohmann::json &Report, const std::string &File, uint64_t Line,
                      uint64_t Region) {
  for (const auto &L : linesOf(Report))
    if (L["file"] == File && L["line"] == Line && L["region"] == Region)
      return L;
  ADD_FAILURE() << "no line " << File << ":" << Line << " of region " << Region;
  return nullptr;
}

TEST(Lines, BlockCountsTimesEachLinesShareOfTheCost) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static Program P;
    __energy_register_module(P.D);
    ENERGY_TEST_ENTER(P.D, P.Work);
    Counters::Slots[P.Entry] += 2;
    Counters::Slots[P.Body] += 1000;
    ENERGY_TEST_EXIT(P.D, P.Work);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  uint64_t WorkId = regionNamed(R.Report, "work")["id"];
  uint64_t LoopId = regionNamed(R.Report, "work:loop@lines.c:6")["id"];
  ASSERT_EQ(linesOf(R.Report).size(), 4u);
  nlohmann::json Seven = lineAt(R.Report, "lines.c", 7, LoopId);
  EXPECT_EQ(Seven["counts"]["flops"], 2000);
  EXPECT_EQ(Seven["counts"]["instructions"], 5000);
  EXPECT_EQ(Seven["counts"]["bytes_loaded"], 8000);
  EXPECT_EQ(Seven["counts"]["bytes_stored"], 8000);
  nlohmann::json Eight = lineAt(R.Report, "lines.c", 8, LoopId);
  EXPECT_EQ(Eight["counts"]["flops"], 1000);
  EXPECT_EQ(lineAt(R.Report, "helper.h", 20, LoopId)["counts"]["flops"], 1000);
  EXPECT_EQ(lineAt(R.Report, "helper.h", 20, WorkId)["counts"]["flops_by_kind"]["mul"], 2);
  // A file is named once in the table, however many rows name it.
  const nlohmann::json &Files = R.Report["lines"]["files"];
  EXPECT_EQ(std::count(Files.begin(), Files.end(), "helper.h"), 1);
  EXPECT_EQ(R.Report["lines"]["rows"].size(), 4u);

  // Lines carry no energy: readers split a region's modelled energy among
  // its lines by the model's joules per operation, which the report holds.
  EXPECT_FALSE(Seven.contains("energy_j"));
  const auto &Work = R.Report["model"]["work_joules"];
  EXPECT_GT(Work["instruction"].get<double>(), 0);
  EXPECT_GT(Work["flop"]["double"]["addsub"].get<double>(), 0);
}

TEST(Lines, ALineWithoutFlopsHasNoFlopBreakdowns) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static FakeModule M{"int.c", &ModuleCounters<9>::get};
    static uint32_t Work = M.region("work");
    static uint32_t Body = M.block(Work, cost(6, 1, ENERGY_FLOP_ADDSUB));
    M.line(Body, "int.c", 3, cost(4));
    M.line(Body, "int.c", 4, cost(2, 1, ENERGY_FLOP_ADDSUB));
    static energy_module *D = M.descriptor();
    __energy_register_module(D);
    ENERGY_TEST_ENTER(D, Work);
    ModuleCounters<9>::Slots[Body] += 10;
    ENERGY_TEST_EXIT(D, Work);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  uint64_t WorkId = regionNamed(R.Report, "work")["id"];
  nlohmann::json Integer = lineAt(R.Report, "int.c", 3, WorkId)["counts"];
  EXPECT_EQ(Integer["instructions"], 40);
  EXPECT_EQ(Integer["flops"], 0);
  EXPECT_FALSE(Integer.contains("flops_detail"));
  EXPECT_FALSE(Integer.contains("flops_by_precision"));
  nlohmann::json Float = lineAt(R.Report, "int.c", 4, WorkId)["counts"];
  EXPECT_EQ(Float["flops_detail"]["double"]["addsub"], 10);
  // In the table: the breakdowns are a row's extra element, only where FLOPs were done.
  std::vector<size_t> RowSizes;
  for (const auto &Row : R.Report["lines"]["rows"])
    RowSizes.push_back(Row.size());
  EXPECT_EQ(RowSizes, (std::vector<size_t>{11, 12}));
}

TEST(Lines, AnEntryNamingABlockThatDoesNotExistIsSkipped) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static FakeModule M{"bad.c", &ModuleCounters<10>::get};
    static uint32_t Work = M.region("work");
    static uint32_t Body = M.block(Work, cost(4));
    M.line(Body, "bad.c", 2, cost(4));
    M.line(Body + 1000, "bad.c", 3, cost(4));
    static energy_module *D = M.descriptor();
    __energy_register_module(D);
    ENERGY_TEST_ENTER(D, Work);
    ModuleCounters<10>::Slots[Body] += 5;
    ENERGY_TEST_EXIT(D, Work);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  ASSERT_EQ(linesOf(R.Report).size(), 1u);
  EXPECT_EQ(linesOf(R.Report)[0]["line"], 2);
  EXPECT_EQ(linesOf(R.Report)[0]["counts"]["instructions"], 20);
}

TEST(Lines, NoLineTableNoLinesSection) {
  TempDir Dir;
  ChildResult R = runInChild(Dir, [] {
    static FakeModule M{"plain.c", &ModuleCounters<8>::get};
    static uint32_t Work = M.region("work");
    static uint32_t Body = M.block(Work, cost(4, 1));
    static energy_module *D = M.descriptor();
    __energy_register_module(D);
    ENERGY_TEST_ENTER(D, Work);
    ModuleCounters<8>::Slots[Body] += 10;
    ENERGY_TEST_EXIT(D, Work);
  });
  ASSERT_EQ(R.ExitCode, 0) << R.Stderr;
  ASSERT_TRUE(R.HasReport) << R.Stderr;
  EXPECT_FALSE(R.Report.contains("lines"));
}

} // namespace
