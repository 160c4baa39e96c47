//===- TripCounts.h - Count a loop's blocks once per entry ----------------===//
//
// In a loop that calls nothing, a block that runs exactly once per iteration
// runs as often as the loop iterates. When ScalarEvolution can compute that
// trip count at the loop's preheader, the block's counter needs no update per
// iteration: the instrumenter adds the trip count once, at the loop's exit.
// The count stays exact and a hot loop pays nothing per iteration.
//
// A block qualifies when its loop has one exiting block, the latch (so every
// iteration, the last included, reaches the latch), a unique exit block, and
// a computable backedge-taken count; and the block is in no inner loop and
// dominates the latch (so it runs once in every iteration). Only loops whose
// counters live in registers (LoopRegions::counterLoops()) are considered:
// without calls nothing can leave the loop between its entry and its exit
// but the exit edge.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_TRIPCOUNTS_H
#define ENERGYPASS_TRIPCOUNTS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
class SCEV;
class ScalarEvolution;
} // namespace llvm

namespace energy {

/// A loop whose once-per-iteration blocks are counted by its trip count.
struct TripCountedLoop {
  llvm::BasicBlock *Preheader = nullptr;
  llvm::BasicBlock *Exit = nullptr;
  /// Iterations per entry, as an i64 SCEV safe to expand in the preheader.
  const llvm::SCEV *TripCount = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 4> Blocks;
};

/// The loops of F with at least one such block, among the loops whose
/// headers are in CallFree. LI, DT and SE must describe F's current CFG.
llvm::SmallVector<TripCountedLoop, 2>
findTripCountedLoops(llvm::Function &F,
                     const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &CallFree,
                     llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                     llvm::ScalarEvolution &SE);

} // namespace energy

#endif // ENERGYPASS_TRIPCOUNTS_H
