//===- ReturningFunctionsTest.cpp - Which calls must come back ------------===//
#include "ReturningFunctions.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

// fib calls itself; even and odd call each other; leaf calls a willreturn
// function; quits calls exit; via calls quits; ping and pong recurse into
// each other and pong calls quits; throws may throw; weak may be replaced.
constexpr const char *Source = R"IR(
declare void @exit(i32) noreturn nounwind
declare double @sqrt(double) nounwind willreturn memory(none)

define double @fib(i32 %n) nounwind {
  %small = icmp slt i32 %n, 2
  br i1 %small, label %leaf, label %rec
leaf:
  ret double 1.0
rec:
  %a = call double @fib(i32 0)
  %b = call double @fib(i32 1)
  %s = fadd double %a, %b
  ret double %s
}
define i1 @even(i32 %n) nounwind {
  %r = call i1 @odd(i32 %n)
  ret i1 %r
}
define i1 @odd(i32 %n) nounwind {
  %r = call i1 @even(i32 %n)
  ret i1 %r
}
define double @leaf(double %x) nounwind {
  %r = call double @sqrt(double %x)
  ret double %r
}
define void @quits() nounwind {
  call void @exit(i32 1)
  unreachable
}
define void @via() nounwind {
  call void @quits()
  ret void
}
define void @ping() nounwind {
  call void @pong()
  ret void
}
define void @pong() nounwind {
  call void @ping()
  call void @quits()
  ret void
}
define void @throws() {
  ret void
}
define void @caller_of_throws() nounwind {
  call void @throws()
  ret void
}
define weak void @weak() nounwind {
  ret void
}
define void @caller_of_weak() nounwind {
  call void @weak()
  ret void
}
define void @indirect(ptr %f) nounwind {
  call void %f()
  ret void
}
)IR";

class ReturningFunctionsTest : public ::testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Error;
    M = parseAssemblyString(Source, Error, Ctx);
    ASSERT_TRUE(M) << Error.getMessage().str();
  }

  /// Whether the first call in Name may not come back.
  bool firstCallMayNotComeBack(StringRef Name) {
    energy::ReturningFunctions Returning(*M);
    for (Instruction &I : instructions(*M->getFunction(Name)))
      if (auto *Call = dyn_cast<CallBase>(&I))
        return Returning.mayNotComeBack(*Call);
    ADD_FAILURE() << Name.str() << " has no call";
    return true;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
};

TEST_F(ReturningFunctionsTest, RecursionWithinTheModuleComesBack) {
  EXPECT_FALSE(firstCallMayNotComeBack("fib"));
  EXPECT_FALSE(firstCallMayNotComeBack("even"));
  EXPECT_FALSE(firstCallMayNotComeBack("leaf"));
}

TEST_F(ReturningFunctionsTest, ACallThatMayEndTheProgramSpreadsToItsCallers) {
  EXPECT_TRUE(firstCallMayNotComeBack("quits"));
  EXPECT_TRUE(firstCallMayNotComeBack("via"));
  EXPECT_TRUE(firstCallMayNotComeBack("ping"));
  EXPECT_TRUE(firstCallMayNotComeBack("pong"));
}

TEST_F(ReturningFunctionsTest, ThrowingWeakAndIndirectCalleesMayNotComeBack) {
  EXPECT_TRUE(firstCallMayNotComeBack("caller_of_throws"));
  EXPECT_TRUE(firstCallMayNotComeBack("caller_of_weak"));
  EXPECT_TRUE(firstCallMayNotComeBack("indirect"));
}

} // namespace
