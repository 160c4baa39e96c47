//===- FunctionExtentsTest.cpp - Function extents from the unwind index ---===//
//
// Reads this test program's own .eh_frame_hdr, as the runtime reads an
// instrumented object's: a function's extent begins at its address, holds
// its code and ends before the next function's; addresses that begin no
// function, and memory no loaded object holds, have none.
//
//===----------------------------------------------------------------------===//
#include "FunctionExtents.h"

#include <gtest/gtest.h>

#include <cstdint>

using energy::rt::CodeExtent;
using energy::rt::UnwindIndex;

namespace {

[[gnu::noinline]] int first(int X) {
  asm volatile("" ::: "memory");
  return X * 3 + 1;
}

[[gnu::noinline]] int second(int X) {
  asm volatile("" ::: "memory");
  return first(X) - 2;
}

uintptr_t addressOf(int (*F)(int)) { return reinterpret_cast<uintptr_t>(F); }

TEST(FunctionExtentsTest, AFunctionsExtentBeginsAtItsAddressAndHoldsItsCode) {
  UnwindIndex Index = UnwindIndex::ofObjectHolding(reinterpret_cast<const void *>(&first));
  ASSERT_FALSE(Index.empty());
  for (auto *F : {&first, &second}) {
    CodeExtent E = Index.functionAt(addressOf(F));
    ASSERT_TRUE(E.known());
    EXPECT_EQ(E.Begin, addressOf(F));
    // A few instructions: more than a return, less than a page.
    EXPECT_GT(E.End - E.Begin, 1u);
    EXPECT_LT(E.End - E.Begin, 4096u);
  }
  CodeExtent First = Index.functionAt(addressOf(&first));
  CodeExtent Second = Index.functionAt(addressOf(&second));
  EXPECT_TRUE(First.End <= Second.Begin || Second.End <= First.Begin);
  EXPECT_EQ(second(5), 14);
}

TEST(FunctionExtentsTest, TheOrderOfTheQuestionsDoesNotChangeTheAnswers) {
  UnwindIndex Index = UnwindIndex::ofObjectHolding(reinterpret_cast<const void *>(&first));
  ASSERT_FALSE(Index.empty());
  auto Ask = [&](auto *F) { return Index.functionAt(addressOf(F)); };
  CodeExtent First = Ask(&first), Second = Ask(&second);
  for (auto *F : {&second, &first, &first, &second, &second}) {
    CodeExtent Want = F == &first ? First : Second;
    CodeExtent Got = Ask(F);
    EXPECT_EQ(Got.Begin, Want.Begin);
    EXPECT_EQ(Got.End, Want.End);
    EXPECT_FALSE(Index.functionAt(addressOf(F) + 1).known());
  }
}

TEST(FunctionExtentsTest, AnAddressInsideAFunctionBeginsNone) {
  UnwindIndex Index = UnwindIndex::ofObjectHolding(reinterpret_cast<const void *>(&first));
  ASSERT_FALSE(Index.empty());
  EXPECT_FALSE(Index.functionAt(addressOf(&first) + 1).known());
}

TEST(FunctionExtentsTest, MemoryNoObjectHoldsHasNoIndex) {
  int OnTheStack = 0;
  EXPECT_TRUE(UnwindIndex::ofObjectHolding(&OnTheStack).empty());
  EXPECT_FALSE(UnwindIndex().functionAt(addressOf(&first)).known());
}

} // namespace
