//===- LoopRegions.h - Natural loops that become regions ------------------===//
//
// A loop region is entered in the loop's preheader and left in each of its
// exit blocks. That is only sound when the preheader is the sole way in and
// every exit block is reached only from inside the loop (dedicated exits), so
// this first gives every loop a preheader and dedicated exits, inner loops
// first (splitting an inner loop's exits can create a new exit of the outer
// one), and then keeps the loops whose shape allows it. Loops left through
// an exception landing pad shared with code outside the loop, or entered or
// left through indirectbr, stay part of the enclosing region, and so do loops
// that call vfork(), whose child would leave the loop on the parent's stack.
//
// A loop that calls nothing and is nested in another loop is entered once per
// iteration of its outer loop, where a region entry and exit would cost more
// than many short inner loops do (a tree search inside a loop, a matrix
// kernel's inner loops): unless asked for, such loops are no regions, and
// their blocks count toward the enclosing loop region (as an untimed
// function's time goes to its caller).
//
// The same shape lets block counters live in registers during a loop that
// calls nothing: loaded in the preheader, written back in the exit blocks
// (counterLoops()). Without calls no other code of the thread can touch the
// counters while the loop runs, so the counts stay exact.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_LOOPREGIONS_H
#define ENERGYPASS_LOOPREGIONS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

namespace energy {

class LoopRegions {
public:
  /// Analyses F's loops and reshapes the CFG as described above. Nested
  /// loops that call nothing are regions only with NestedLoops.
  LoopRegions(llvm::Function &F, bool NestedLoops);

  /// The loops that are regions, outermost first.
  llvm::ArrayRef<llvm::Loop *> loops() const { return Regions; }
  /// The innermost region loop that contains BB, or null.
  llvm::Loop *innermostRegion(const llvm::BasicBlock *BB) const;
  /// The outermost loops that call nothing and have the region shape.
  llvm::ArrayRef<llvm::Loop *> counterLoops() const { return CounterLoops; }
  /// The nearest region loop strictly enclosing L, or null.
  llvm::Loop *enclosingRegion(const llvm::Loop *L) const;
  /// Makes region loop L part of its enclosing region (a filter's loop
  /// rule): its blocks then belong to the nearest region loop around it.
  void dropRegion(llvm::Loop *L);
  /// Blocks this added (preheaders, dedicated exits): they hold no user code.
  bool isAddedBlock(const llvm::BasicBlock *BB) const { return Added.contains(BB); }

private:
  bool canBeRegion(const llvm::Loop &L) const;
  llvm::Loop *nearestRegion(llvm::Loop *L) const;

  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
  llvm::SmallVector<llvm::Loop *, 8> Regions;
  llvm::SmallVector<llvm::Loop *, 4> CounterLoops;
  llvm::SmallPtrSet<const llvm::Loop *, 8> IsRegion;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Added;
};

} // namespace energy

#endif // ENERGYPASS_LOOPREGIONS_H
