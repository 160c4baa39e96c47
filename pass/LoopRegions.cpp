//===- LoopRegions.cpp - Natural loops that become regions ----------------===//
//
// See LoopRegions.h.
//
//===----------------------------------------------------------------------===//
#include "LoopRegions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace energy {
namespace {

/// Intrinsics never run instrumented code; everything else may.
bool callsNothing(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (!isa<IntrinsicInst>(Call) || Call->isInlineAsm())
          return false;
  return true;
}

/// Whether the loop calls vfork(). Its child runs in the parent's memory,
/// thread-local region stack included, until it execs or _exits, and leaves
/// the loop on its way there: that exit's store would pop the loop from the
/// parent's stack, which then runs the rest of the loop outside it.
bool callsVfork(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (Callee->getName() == "vfork" || Callee->getName() == "__vfork")
            return true;
  return false;
}

} // namespace

LoopRegions::LoopRegions(Function &F, bool NestedLoops) : DT(F), LI(DT) {
  SmallPtrSet<const BasicBlock *, 32> Original;
  for (const BasicBlock &BB : F)
    Original.insert(&BB);

  // Inner loops first: see the file comment in LoopRegions.h.
  SmallVector<Loop *, 8> Preorder = LI.getLoopsInPreorder();
  for (Loop *L : reverse(Preorder)) {
    if (L->getHeader()->isEHPad())
      continue;
    if (!L->getLoopPreheader())
      InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
    formDedicatedExitBlocks(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  }
  // Loops inside a counter loop: their counters are already in registers.
  SmallPtrSet<const Loop *, 4> Covered;
  for (Loop *L : Preorder) {
    if (const Loop *Parent = L->getParentLoop(); Parent && Covered.contains(Parent))
      Covered.insert(L);
    if (!canBeRegion(*L))
      continue;
    bool CallsNothing = callsNothing(*L);
    if (NestedLoops || !L->getParentLoop() || !CallsNothing) {
      Regions.push_back(L);
      IsRegion.insert(L);
    }
    if (!Covered.contains(L) && CallsNothing) {
      CounterLoops.push_back(L);
      Covered.insert(L);
    }
  }
  for (const BasicBlock &BB : F)
    if (!Original.contains(&BB))
      Added.insert(&BB);
}

bool LoopRegions::canBeRegion(const Loop &L) const {
  // An exception landing pad cannot be split, so one shared with code
  // outside the loop leaves the exits undedicated and the loop no region.
  if (!L.getLoopPreheader() || !L.hasDedicatedExits() || L.getHeader()->isEHPad() || callsVfork(L))
    return false;
  SmallVector<BasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  return none_of(Exits,
                 [](const BasicBlock *Exit) { return Exit->getFirstInsertionPt() == Exit->end(); });
}

void LoopRegions::dropRegion(Loop *L) {
  if (IsRegion.erase(L))
    erase(Regions, L);
}

Loop *LoopRegions::nearestRegion(Loop *L) const {
  while (L && !IsRegion.contains(L))
    L = L->getParentLoop();
  return L;
}

Loop *LoopRegions::innermostRegion(const BasicBlock *BB) const {
  return nearestRegion(LI.getLoopFor(BB));
}

Loop *LoopRegions::enclosingRegion(const Loop *L) const {
  return nearestRegion(L->getParentLoop());
}

} // namespace energy
