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
// a known trip count; and the block is in no inner loop and
// dominates the latch (so it runs once in every iteration). Only loops whose
// counters live in registers (LoopRegions::counterLoops()) are considered:
// without calls nothing can leave the loop between its entry and its exit
// but the exit edge.
//
// A block whose only predecessor runs once per iteration and branches to it
// on a condition that does not change in the loop (`i > 0` in a loop over j,
// which -O2 does not unswitch) runs in every iteration or in none: it is
// counted by `condition ? trips : 0` at the exit.
//
// The trip count is known either before the loop, from ScalarEvolution's
// backedge-taken count, or after it, from an induction variable: a header phi
// that steps by a constant C from a start S has the value S + C * (trips - 1)
// in the last iteration, which is the value the exit sees, so trips =
// (phi - S) / C + 1 there. That covers loops whose exit depends on data, as
// `while (*p < pivot) ++p;` in a partition or a search, as long as the phi
// cannot wrap: it is 64 bits wide (2^63 iterations would take centuries) or
// ScalarEvolution proves it does not wrap. That count costs about four
// instructions at the exit against one per iteration, so it is an option
// (-energy-induction-trip-counts): scans that stop after two or three
// iterations, as a quicksort's partition scans do, cost more counted so.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_TRIPCOUNTS_H
#define ENERGYPASS_TRIPCOUNTS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace llvm {
class BasicBlock;
class PHINode;
class Value;
class DominatorTree;
class Function;
class LoopInfo;
class SCEV;
class ScalarEvolution;
} // namespace llvm

namespace energy {

/// An induction variable from which the loop's exit computes its trips.
struct ExitInduction {
  llvm::PHINode *Phi = nullptr; /// in the header
  llvm::Value *Start = nullptr; /// its value on entry, from the preheader
  int64_t Step = 0;             /// its constant step per iteration, not 0
  /// How an integer narrower than 64 bits widens: by sign (no signed wrap)
  /// or by zero (no unsigned wrap, positive step).
  bool SignExtend = true;
};

/// A block that runs once in every iteration while a loop-invariant branch
/// condition has one value, and in none while it has the other.
struct GuardedBlock {
  llvm::BasicBlock *Block = nullptr;
  llvm::Value *Condition = nullptr; /// defined before the loop
  bool WhenTrue = true;
};

/// A loop whose once-per-iteration blocks are counted by its trip count.
struct TripCountedLoop {
  llvm::BasicBlock *Preheader = nullptr;
  llvm::BasicBlock *Exit = nullptr;
  /// Iterations per entry, as an i64 SCEV safe to expand in the preheader;
  /// null when Induction says how the exit computes them.
  const llvm::SCEV *TripCount = nullptr;
  ExitInduction Induction;
  llvm::SmallVector<llvm::BasicBlock *, 4> Blocks;
  /// Counted by the trip count where their condition holds, else 0.
  llvm::SmallVector<GuardedBlock, 2> Guarded;
};

/// The loops of F with at least one such block, among the loops whose
/// headers are in CallFree; with FromInduction also those whose trip count
/// an induction variable gives at the exit. LI, DT and SE must describe F's
/// current CFG.
llvm::SmallVector<TripCountedLoop, 2> findTripCountedLoops(
    llvm::Function &F, const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &CallFree,
    llvm::LoopInfo &LI, llvm::DominatorTree &DT, llvm::ScalarEvolution &SE, bool FromInduction);

} // namespace energy

#endif // ENERGYPASS_TRIPCOUNTS_H
