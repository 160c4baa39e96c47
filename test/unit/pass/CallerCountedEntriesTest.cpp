//===- CallerCountedEntriesTest.cpp - Which functions callers count -------===//
#include "CallerCountedEntries.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

constexpr const char *Source = R"IR(
@table = global ptr @pointed

define internal void @helper() { ret void }
define internal void @pointed() { ret void }
define internal void @rec(i32 %n) {
  call void @rec(i32 %n)
  ret void
}
define internal void @outer() {
  call void @inner()
  ret void
}
define internal void @inner() { ret void }
define internal void @cycle1() {
  call void @cycle2()
  ret void
}
define internal void @cycle2() {
  call void @cycle1()
  ret void
}
define void @external() { ret void }
define internal void @fromSkipped() { ret void }
define void @skipped() {
  call void @fromSkipped()
  ret void
}
define void @main() {
  call void @helper()
  call void @helper()
  call void @rec(i32 3)
  call void @outer()
  call void @cycle1()
  call void @external()
  ret void
}
)IR";

TEST(CallerCountedEntries, SelectsLocalFunctionsCalledOnlyDirectlyByInstrumentedCallers) {
  LLVMContext Ctx;
  SMDiagnostic Error;
  std::unique_ptr<Module> M = parseAssemblyString(Source, Error, Ctx);
  ASSERT_TRUE(M) << Error.getMessage().str();
  energy::CallerCountedEntries Selected(*M,
                                        [](const Function &F) { return F.getName() != "skipped"; });
  auto Has = [&](StringRef Name) { return Selected.contains(*M->getFunction(Name)); };
  EXPECT_TRUE(Has("helper"));
  EXPECT_TRUE(Has("outer"));
  EXPECT_TRUE(Has("inner"));
  EXPECT_FALSE(Has("pointed")) << "its address is taken";
  EXPECT_FALSE(Has("rec")) << "it calls itself";
  EXPECT_FALSE(Has("cycle1")) << "in a cycle of calls";
  EXPECT_FALSE(Has("cycle2")) << "in a cycle of calls";
  EXPECT_FALSE(Has("external")) << "other modules may call it";
  EXPECT_FALSE(Has("fromSkipped")) << "its caller is not instrumented";
  EXPECT_FALSE(Has("main"));
  // Callers first: outer before inner.
  ArrayRef<Function *> Order = Selected.order();
  auto Position = [&](StringRef Name) {
    return std::find(Order.begin(), Order.end(), M->getFunction(Name)) - Order.begin();
  };
  EXPECT_EQ(Order.size(), 3u);
  EXPECT_LT(Position("outer"), Position("inner"));
}

} // namespace
