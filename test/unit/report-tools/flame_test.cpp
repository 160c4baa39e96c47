//===- flame_test.cpp - Folded stacks from region parent links ------------===//
#include "energy/report/flame.h"
#include "energy/report/report_error.h"

#include "report_builder.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace energy::report;
using energy::report::test::addRegion;

TEST(Flame, NestedLoopsStackUnderTheirFunction) {
  Report R;
  auto F = addRegion(R, "solve", "function", 1, std::nullopt, 0, 0.5, 2.0);
  auto Outer = addRegion(R, "solve:loop@a.c:3", "loop", 3, F, 10, 0.25, 1.0);
  addRegion(R, "solve:loop@a.c:4", "loop", 4, Outer, 30, 1.5e-9, 3e-9);
  addRegion(R, "a;b", "function", 9, std::nullopt, 0, 0.0, 0.0);
  std::ostringstream Out;
  printFolded(foldedStacks(R, FlameWeight::Energy), Out);
  EXPECT_EQ(Out.str(), "solve 2000000000\n"
                       "solve;solve:loop@a.c:3 1000000000\n"
                       "solve;solve:loop@a.c:3;solve:loop@a.c:4 3\n");
  Out.str("");
  printFolded(foldedStacks(R, FlameWeight::Time), Out);
  EXPECT_EQ(Out.str(), "solve 500000000\nsolve;solve:loop@a.c:3 250000000\n"
                       "solve;solve:loop@a.c:3;solve:loop@a.c:4 2\n");
  auto Bytes = foldedStacks(R, FlameWeight::Bytes);
  ASSERT_EQ(Bytes.size(), 2u);
  EXPECT_EQ(Bytes[1].weight, 240u);
}

TEST(Flame, SeparatorsInNamesAreReplaced) {
  Report R;
  addRegion(R, "operator;weird", "function", 1, std::nullopt, 4, 0.1, 0.1);
  auto S = foldedStacks(R, FlameWeight::Flops);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].frames.front(), "operator:weird");
}

TEST(Flame, CyclicParentLinksAreRefused) {
  Report R;
  R.origin = "cycle.json";
  addRegion(R, "a", "loop", 1, 1, 1, 0.1, 0.1);
  addRegion(R, "b", "loop", 2, 0, 1, 0.1, 0.1);
  EXPECT_THROW(foldedStacks(R, FlameWeight::Flops), ReportError);
}

TEST(Flame, WeightNames) {
  EXPECT_EQ(parseFlameWeight("bytes"), FlameWeight::Bytes);
  EXPECT_FALSE(parseFlameWeight("watts"));
}
