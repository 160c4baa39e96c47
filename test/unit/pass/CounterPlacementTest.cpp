//===- CounterPlacementTest.cpp - Derived counts equal true block counts --===//
//
// Property test of CounterPlacement: random CFGs (branches, switches with
// shared targets, self-loops, unreachable blocks, calls that may not come
// back, invokes unwinding to landing pads that several of them share),
// random executions of them, and the counters the plan's edge points
// would have seen. Every block's count derived from its terms must equal the
// number of times the executions entered it, including executions that left
// the function from inside a call (exit, longjmp).
//
//===----------------------------------------------------------------------===//
#include "CounterPlacement.h"
#include "ReturningFunctions.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"

#include <gtest/gtest.h>
#include <optional>
#include <random>

using namespace llvm;
using energy::CounterPlan;
using energy::EdgePoint;

namespace {

/// A random function: blocks with an optional call to @work, ending in ret,
/// br, a conditional br, a switch of SwitchCases cases to random blocks other
/// than the entry, or
/// an invoke of @work; and landing pads, shared by the invokes, that end in
/// resume or a branch back into the function.
Function *randomFunction(Module &M, std::mt19937 &Random, unsigned NumBlocks,
                         unsigned SwitchCases = 3) {
  LLVMContext &Ctx = M.getContext();
  auto *I32 = Type::getInt32Ty(Ctx);
  auto *Void = Type::getVoidTy(Ctx);
  FunctionCallee Work = M.getOrInsertFunction("work", FunctionType::get(Void, false));
  FunctionCallee Personality = M.getOrInsertFunction("personality", FunctionType::get(I32, true));
  auto *F = Function::Create(FunctionType::get(Void, {I32}, false), GlobalValue::ExternalLinkage,
                             "f" + std::to_string(M.size()), M);
  F->setPersonalityFn(cast<Constant>(Personality.getCallee()));
  SmallVector<BasicBlock *, 16> Blocks, Pads;
  for (unsigned I = 0; I < NumBlocks; ++I)
    Blocks.push_back(BasicBlock::Create(Ctx, "b" + std::to_string(I), F));
  for (unsigned I = 0, N = 1 + Random() % 3; I < N; ++I)
    Pads.push_back(BasicBlock::Create(Ctx, "pad" + std::to_string(I), F));
  auto AnyButEntry = [&] { return Blocks[1 + Random() % (NumBlocks - 1)]; };
  Value *X = F->getArg(0);
  auto Terminate = [&](IRBuilder<> &B, unsigned I, unsigned Kinds) {
    switch (Random() % Kinds) {
    case 0:
      B.CreateRetVoid();
      break;
    case 1:
      B.CreateBr(AnyButEntry());
      break;
    case 2:
    case 3:
      B.CreateCondBr(B.CreateICmpSLT(X, B.getInt32(I)), AnyButEntry(), AnyButEntry());
      break;
    case 4: {
      SwitchInst *Switch = B.CreateSwitch(X, AnyButEntry(), SwitchCases);
      for (unsigned Case = 0; Case < SwitchCases; ++Case)
        Switch->addCase(B.getInt32(Case), AnyButEntry());
      break;
    }
    default:
      B.CreateInvoke(Work, AnyButEntry(), Pads[Random() % Pads.size()]);
    }
  };
  for (unsigned I = 0; I < NumBlocks; ++I) {
    IRBuilder<> B(Blocks[I]);
    if (Random() % 5 == 0)
      B.CreateCall(Work);
    Terminate(B, I, 7);
  }
  for (BasicBlock *Pad : Pads) {
    IRBuilder<> B(Pad);
    B.CreateLandingPad(StructType::get(B.getPtrTy(), I32), 0)->setCleanup(true);
    if (Random() % 3 == 0)
      B.CreateCall(Work);
    if (Random() % 3 == 0)
      B.CreateResume(PoisonValue::get(StructType::get(B.getPtrTy(), I32)));
    else
      Terminate(B, NumBlocks, 5);
  }
  return F;
}

/// Counter values and true block counts of random executions of F under
/// Plan: each execution enters the entry block, may leave from inside any
/// block with a call, takes random successors, and ends at a ret. (An
/// execution that has not ended after 60 blocks is left out: a loop without
/// a way out, or one that the dice keep in.)
struct Execution {
  std::vector<int64_t> Counters;
  DenseMap<const BasicBlock *, int64_t> Entered;

  void add(const Execution &Other) {
    for (auto [Mine, Theirs] : zip(Counters, Other.Counters))
      Mine += Theirs;
    for (auto [BB, N] : Other.Entered)
      Entered[BB] += N;
  }
};

bool hasCall(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) { return isa<CallInst>(I); });
}

/// Adds 1 to the counters whose point is reached: Where in BB (and, on an
/// edge, its successor Succ). A block's own counter runs at its top.
void reach(const CounterPlan &Plan, Execution &Run, EdgePoint::Kind Where, const BasicBlock *BB,
           unsigned Succ) {
  for (auto [I, Counter] : enumerate(Plan.Counters)) {
    const EdgePoint &P = Counter.Edge;
    bool OnThisEdge = Counter.Blocks.empty() && P.Where == Where && P.Block == BB &&
                      (Where != EdgePoint::OnEdge || P.Successor == Succ);
    bool OfThisBlock = Where == EdgePoint::AtStart && is_contained(Counter.Blocks, BB);
    if (OnThisEdge || OfThisBlock)
      ++Run.Counters[I];
  }
}

/// One execution, or nothing when it has not ended after 60 blocks. An
/// invoke's own call may not come back either, or may unwind.
std::optional<Execution> runOnce(Function &F, const CounterPlan &Plan, std::mt19937 &Random) {
  Execution Run;
  Run.Counters.assign(Plan.Counters.size(), 0);
  BasicBlock *BB = &F.getEntryBlock();
  for (unsigned Step = 0; Step < 60; ++Step) {
    ++Run.Entered[BB];
    reach(Plan, Run, EdgePoint::AtStart, BB, 0);
    if (hasCall(*BB) && Random() % 4 == 0)
      return Run; // exit() or longjmp inside the call
    reach(Plan, Run, EdgePoint::BeforeTerminator, BB, 0);
    Instruction *Term = BB->getTerminator();
    if (Term->getNumSuccessors() == 0)
      return Run;
    if (isa<InvokeInst>(Term) && Random() % 4 == 0)
      return Run;
    unsigned Succ = Random() % Term->getNumSuccessors();
    reach(Plan, Run, EdgePoint::OnEdge, BB, Succ);
    BB = Term->getSuccessor(Succ);
  }
  return std::nullopt;
}

Execution run(Function &F, const CounterPlan &Plan, std::mt19937 &Random, unsigned Executions) {
  Execution Total;
  Total.Counters.assign(Plan.Counters.size(), 0);
  for (unsigned E = 0; E < Executions; ++E)
    if (std::optional<Execution> Run = runOnce(F, Plan, Random))
      Total.add(*Run);
  return Total;
}

class CounterPlacementTest : public ::testing::Test {
protected:
  CounterPlacementTest() {
    PB.registerFunctionAnalyses(FAM);
    PB.registerModuleAnalyses(MAM);
    PB.registerLoopAnalyses(LAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }

  CounterPlan plan(Function &F) {
    SmallVector<BasicBlock *, 16> Blocks;
    for (BasicBlock &BB : F)
      Blocks.push_back(&BB);
    DenseMap<const BasicBlock *, unsigned> NoTripCounts;
    energy::ReturningFunctions Returning(*F.getParent());
    return energy::placeCounters(F, Blocks, NoTripCounts, &FAM.getResult<BlockFrequencyAnalysis>(F),
                                 &FAM.getResult<BranchProbabilityAnalysis>(F), Returning, {},
                                 /*SpanningTree=*/true);
  }

  LLVMContext Ctx;
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
};

/// Every block's count derived from Plan's terms equals how often Run entered it.
void expectExactCounts(Function &F, const CounterPlan &Plan, const Execution &Run) {
  for (auto [BB, Terms] : zip(F, Plan.Terms)) {
    int64_t Derived = 0;
    for (auto [Counter, Coefficient] : Terms)
      Derived += Coefficient * Run.Counters[Counter];
    ASSERT_EQ(Derived, Run.Entered.lookup(&BB))
        << "block " << BB.getName().str() << " of " << F.getName().str();
  }
}

TEST_F(CounterPlacementTest, DerivedCountsEqualTrueCountsOnRandomCFGs) {
  std::mt19937 Random(20261130);
  Module M("random", Ctx);
  unsigned Trees = 0, Functions = 0, Entries = 0;
  for (unsigned N = 0; N < 400; ++N) {
    Function *F = randomFunction(M, Random, 3 + Random() % 12);
    ASSERT_FALSE(verifyFunction(*F, &errs()));
    CounterPlan Plan = plan(*F);
    Trees += Plan.SpanningTree;
    ++Functions;
    Execution Run = run(*F, Plan, Random, 50);
    Entries += Run.Entered.lookup(&F->getEntryBlock());
    expectExactCounts(*F, Plan, Run);
  }
  // The property must be tested on trees, not only on the per-block
  // fallback, and on executions that ended.
  EXPECT_GT(Trees, Functions / 3);
  EXPECT_GT(Entries, 400u * 50 / 2);
}

TEST_F(CounterPlacementTest, CountsStayExactWhereSumsOutgrowTheirBudget) {
  // Functions large enough that their derived counts need more terms than
  // the budget allows: blocks are counted by themselves, round after round,
  // some of them blocks whose calls may not come back, and the tree is chosen
  // again around them. Every count stays exact.
  std::mt19937 Random(20261205);
  Module M("large", Ctx);
  unsigned OverBudget = 0;
  for (unsigned N = 0; N < 40; ++N) {
    Function *F = randomFunction(M, Random, 80 + Random() % 120, /*SwitchCases=*/40);
    ASSERT_FALSE(verifyFunction(*F, &errs()));
    CounterPlan Plan = plan(*F);
    OverBudget += Plan.SpanningTree && any_of(Plan.Counters, [](const auto &Counter) {
                    return !Counter.Blocks.empty();
                  });
    expectExactCounts(*F, Plan, run(*F, Plan, Random, 200));
  }
  EXPECT_GT(OverBudget, 0u);
}

TEST_F(CounterPlacementTest, SpanningTreeUsesFewerCountersThanBlocks) {
  // entry -> (then | else) -> join: two counters for four blocks.
  Module M("diamond", Ctx);
  auto *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), {Type::getInt1Ty(Ctx)}, false),
                             GlobalValue::ExternalLinkage, "diamond", M);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
  BasicBlock *Then = BasicBlock::Create(Ctx, "then", F);
  BasicBlock *Else = BasicBlock::Create(Ctx, "else", F);
  BasicBlock *Join = BasicBlock::Create(Ctx, "join", F);
  IRBuilder<>(Entry).CreateCondBr(F->getArg(0), Then, Else);
  IRBuilder<>(Then).CreateBr(Join);
  IRBuilder<>(Else).CreateBr(Join);
  IRBuilder<>(Join).CreateRetVoid();
  CounterPlan Plan = plan(*F);
  EXPECT_TRUE(Plan.SpanningTree);
  EXPECT_EQ(Plan.Counters.size(), 2u);
}

TEST_F(CounterPlacementTest, InvokesSharingALandingPadKeepTheTree) {
  // Two invokes unwinding to one landing pad: neither unwind edge can hold
  // a counter, and with the calls' ways out of the function they close a
  // cycle of uncountable edges. The pad is counted at its top instead, and
  // the rest of the function still uses the tree.
  Module M("invokes", Ctx);
  auto *Void = Type::getVoidTy(Ctx);
  auto *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee Work = M.getOrInsertFunction("work", FunctionType::get(Void, false));
  auto *F = Function::Create(FunctionType::get(Void, {Type::getInt1Ty(Ctx)}, false),
                             GlobalValue::ExternalLinkage, "invokes", M);
  F->setPersonalityFn(cast<Constant>(
      M.getOrInsertFunction("personality", FunctionType::get(I32, true)).getCallee()));
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
  BasicBlock *Second = BasicBlock::Create(Ctx, "second", F);
  BasicBlock *Then = BasicBlock::Create(Ctx, "then", F);
  BasicBlock *Else = BasicBlock::Create(Ctx, "else", F);
  BasicBlock *Join = BasicBlock::Create(Ctx, "join", F);
  BasicBlock *Pad = BasicBlock::Create(Ctx, "pad", F);
  IRBuilder<>(Entry).CreateInvoke(Work, Second, Pad);
  IRBuilder<>(Second).CreateInvoke(Work, Then, Pad);
  IRBuilder<> B(Then);
  B.CreateCondBr(F->getArg(0), Else, Join);
  IRBuilder<>(Else).CreateBr(Join);
  IRBuilder<>(Join).CreateRetVoid();
  B.SetInsertPoint(Pad);
  auto *Caught = B.CreateLandingPad(StructType::get(B.getPtrTy(), I32), 0);
  Caught->setCleanup(true);
  B.CreateResume(Caught);
  ASSERT_FALSE(verifyFunction(*F, &errs()));
  CounterPlan Plan = plan(*F);
  EXPECT_TRUE(Plan.SpanningTree);
  EXPECT_LT(Plan.Counters.size(), F->size());
  std::mt19937 Random(7);
  Execution Run = run(*F, Plan, Random, 200);
  for (auto [BB, Terms] : zip(*F, Plan.Terms)) {
    int64_t Derived = 0;
    for (auto [Counter, Coefficient] : Terms)
      Derived += Coefficient * Run.Counters[Counter];
    EXPECT_EQ(Derived, Run.Entered.lookup(&BB)) << BB.getName().str();
  }
}

} // namespace
