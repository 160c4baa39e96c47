//===- TripCounts.cpp - Count a loop's blocks once per entry --------------===//
//
// See TripCounts.h.
//
//===----------------------------------------------------------------------===//
#include "TripCounts.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace energy {
namespace {

/// Iterations per entry of L as an i64, or null when unknown.
const SCEV *tripCount(const Loop &L, ScalarEvolution &SE) {
  const SCEV *BackedgesTaken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BackedgesTaken) ||
      !BackedgesTaken->getType()->isIntegerTy() ||
      BackedgesTaken->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  Type *I64 = Type::getInt64Ty(L.getHeader()->getContext());
  // The backedge-taken count is unsigned; widening first keeps +1 exact.
  return SE.getAddExpr(SE.getZeroExtendExpr(BackedgesTaken, I64),
                       SE.getOne(I64));
}

std::optional<TripCountedLoop> planLoop(Loop &L, LoopInfo &LI,
                                        DominatorTree &DT,
                                        ScalarEvolution &SE,
                                        const SCEVExpander &Expander) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exit = L.getUniqueExitBlock();
  if (!Latch || !Preheader || !Exit || L.getExitingBlock() != Latch)
    return std::nullopt;
  const SCEV *Trips = tripCount(L, SE);
  if (!Trips || !Expander.isSafeToExpandAt(Trips, Preheader->getTerminator()))
    return std::nullopt;
  TripCountedLoop Counted;
  Counted.Preheader = Preheader;
  Counted.Exit = Exit;
  Counted.TripCount = Trips;
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L && DT.dominates(BB, Latch))
      Counted.Blocks.push_back(BB);
  if (Counted.Blocks.empty())
    return std::nullopt;
  return Counted;
}

} // namespace

SmallVector<TripCountedLoop, 2>
findTripCountedLoops(Function &F,
                     const SmallPtrSetImpl<const BasicBlock *> &CallFree,
                     LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  SmallVector<TripCountedLoop, 2> Loops;
  SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "energy.trips");
  for (Loop *L : LI.getLoopsInPreorder())
    if (CallFree.contains(L->getHeader()))
      if (std::optional<TripCountedLoop> Counted =
              planLoop(*L, LI, DT, SE, Expander))
        Loops.push_back(std::move(*Counted));
  return Loops;
}

} // namespace energy
