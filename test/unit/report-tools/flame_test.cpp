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

TEST(Flame, CallTreePathsSplitRegionFiguresBySelfTime) {
  Report R;
  auto Main = addRegion(R, "main", "function", 1, std::nullopt, 0, 0.1, 0.1);
  auto Helper = addRegion(R, "helper", "function", 5, std::nullopt, 90, 0.3, 0.3);
  R.callTree = {{Main, std::nullopt, 1, 0.4, 0.1},
                {Helper, 0, 2, 0.2, 0.2},
                {Helper, std::nullopt, 1, 0.1, 0.1}};
  auto Flops = foldedStacks(R, FlameWeight::Flops);
  ASSERT_EQ(Flops.size(), 2u);
  EXPECT_EQ(Flops[0].frames, (std::vector<std::string>{"main", "helper"}));
  EXPECT_EQ(Flops[0].weight, 60u);
  EXPECT_EQ(Flops[1].frames, std::vector<std::string>{"helper"});
  EXPECT_EQ(Flops[1].weight, 30u);
}

TEST(Flame, WhatTheCallTreeLacksIsStackedUnderAFrameOfItsOwn) {
  Report R;
  addRegion(R, "main", "function", 1, std::nullopt, 0, 0.1, 1.0);
  addRegion(R, "helper", "function", 5, std::nullopt, 90, 0.3, 3.0);
  auto Lost = addRegion(R, "lost", "function", 9, std::nullopt, 10, 0.2, 2.0);
  addRegion(R, "lost:loop@a.c:10", "loop", 10, Lost, 0, 0.4, 4.0);
  // helper's node holds a third of its self time; lost and its loop have
  // no node (a bounded tree).
  R.callTree = {{0, std::nullopt, 1, 0.2, 0.1}, {1, 0, 1, 0.1, 0.1}};
  auto Energy = foldedStacks(R, FlameWeight::Energy);
  EXPECT_EQ(totalWeight(Energy), 10'000'000'000ull);
  EXPECT_EQ(leftOutOfCallTree(Energy), 8'000'000'000ull);
  std::ostringstream Out;
  printFolded(Energy, Out);
  EXPECT_EQ(Out.str(), "main 1000000000\n"
                       "main;helper 1000000000\n"
                       "[not in call tree];helper 2000000000\n"
                       "[not in call tree];lost 2000000000\n"
                       "[not in call tree];lost;lost:loop@a.c:10 4000000000\n");
  auto Time = foldedStacks(R, FlameWeight::Time);
  EXPECT_EQ(totalWeight(Time), 1'000'000'000ull);
  EXPECT_EQ(leftOutOfCallTree(Time), 800'000'000ull);
}

TEST(Flame, MeasuredEnergyOutsideRegionsHasAFrame) {
  Report R;
  auto Main = addRegion(R, "main", "function", 1, std::nullopt, 0, 0.1, 1.0);
  R.regions[Main].energy.measuredJoules = 2.0;
  R.totalEnergy.measuredJoules = 3.0;
  auto Stacks = foldedStacks(R, FlameWeight::Energy);
  ASSERT_EQ(Stacks.size(), 2u);
  EXPECT_EQ(Stacks[1].frames, std::vector<std::string>{"[outside any region]"});
  EXPECT_EQ(totalWeight(Stacks), 3'000'000'000ull);
}
