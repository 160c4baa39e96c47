//===- TripCounts.cpp - Count a loop's blocks once per entry --------------===//
//
// See TripCounts.h.
//
//===----------------------------------------------------------------------===//
#include "TripCounts.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace energy {
namespace {

/// Iterations per entry of L as an i64, or null when unknown.
const SCEV *tripCount(const Loop &L, ScalarEvolution &SE) {
  const SCEV *BackedgesTaken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BackedgesTaken) || !BackedgesTaken->getType()->isIntegerTy() ||
      BackedgesTaken->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  Type *I64 = Type::getInt64Ty(L.getHeader()->getContext());
  // The backedge-taken count is unsigned; widening first keeps +1 exact.
  return SE.getAddExpr(SE.getZeroExtendExpr(BackedgesTaken, I64), SE.getOne(I64));
}

/// A header phi of L that steps by a constant and cannot wrap, or none.
std::optional<ExitInduction> exitInduction(const Loop &L, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader();
  for (PHINode &Phi : L.getHeader()->phis()) {
    Type *Ty = Phi.getType();
    unsigned Bits = Ty->isPointerTy()   ? SE.getTypeSizeInBits(Ty)
                    : Ty->isIntegerTy() ? Ty->getIntegerBitWidth()
                                        : 0;
    if (Bits == 0 || Bits > 64)
      continue;
    const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
      continue;
    const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
    if (!Step || Step->getValue()->isZero() || Step->getAPInt().getSignificantBits() > 64)
      continue;
    ExitInduction Induction;
    Induction.Phi = &Phi;
    Induction.Start = Phi.getIncomingValueForBlock(Preheader);
    Induction.Step = Step->getAPInt().getSExtValue();
    if (Bits < 64) {
      if (Rec->hasNoSignedWrap())
        Induction.SignExtend = true;
      else if (Rec->hasNoUnsignedWrap() && Induction.Step > 0)
        Induction.SignExtend = false;
      else
        continue;
    }
    return Induction;
  }
  return std::nullopt;
}

/// The blocks of L (in no inner loop) entered only from a block that runs
/// once per iteration, by a branch on a condition defined before L: the
/// condition is the same in every iteration, and so is whether they run.
SmallVector<GuardedBlock, 2> guardedBlocks(const Loop &L, const LoopInfo &LI,
                                           ArrayRef<BasicBlock *> OncePerIteration) {
  SmallVector<GuardedBlock, 2> Guarded;
  SmallPtrSet<const BasicBlock *, 8> EveryIteration(OncePerIteration.begin(),
                                                    OncePerIteration.end());
  for (BasicBlock *BB : L.blocks()) {
    if (LI.getLoopFor(BB) != &L || EveryIteration.contains(BB))
      continue;
    BasicBlock *Pred = BB->getSinglePredecessor();
    if (!Pred || !EveryIteration.contains(Pred))
      continue;
    auto *Branch = dyn_cast<BranchInst>(Pred->getTerminator());
    if (!Branch || !Branch->isConditional() || !L.isLoopInvariant(Branch->getCondition()))
      continue;
    Guarded.push_back({BB, Branch->getCondition(), Branch->getSuccessor(0) == BB});
  }
  return Guarded;
}

std::optional<TripCountedLoop> planLoop(Loop &L, LoopInfo &LI, DominatorTree &DT,
                                        ScalarEvolution &SE, const SCEVExpander &Expander,
                                        bool FromInduction) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getUniqueExitBlock();
  if (!Latch || !Preheader || !Exit || L.getExitingBlock() != Latch)
    return std::nullopt;
  TripCountedLoop Counted;
  Counted.Preheader = Preheader;
  Counted.Exit = Exit;
  const SCEV *Trips = tripCount(L, SE);
  if (Trips && Expander.isSafeToExpandAt(Trips, Preheader->getTerminator())) {
    Counted.TripCount = Trips;
  } else if (std::optional<ExitInduction> Induction =
                 FromInduction ? exitInduction(L, SE) : std::nullopt) {
    Counted.Induction = *Induction;
  } else {
    return std::nullopt;
  }
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L && DT.dominates(BB, Latch))
      Counted.Blocks.push_back(BB);
  if (Counted.Blocks.empty())
    return std::nullopt;
  Counted.Guarded = guardedBlocks(L, LI, Counted.Blocks);
  return Counted;
}

} // namespace

SmallVector<TripCountedLoop, 2>
findTripCountedLoops(Function &F, const SmallPtrSetImpl<const BasicBlock *> &CallFree, LoopInfo &LI,
                     DominatorTree &DT, ScalarEvolution &SE, bool FromInduction) {
  SmallVector<TripCountedLoop, 2> Loops;
  SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "energy.trips");
  for (Loop *L : LI.getLoopsInPreorder())
    if (CallFree.contains(L->getHeader()))
      if (std::optional<TripCountedLoop> Counted =
              planLoop(*L, LI, DT, SE, Expander, FromInduction))
        Loops.push_back(std::move(*Counted));
  return Loops;
}

} // namespace energy
