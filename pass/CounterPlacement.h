//===- CounterPlacement.h - Which CFG edges carry a counter ---------------===//
//
// Counts every block of a function from as few counters as possible, as
// Knuth showed ("Optimal measurement points for program frequency counts",
// 1973) and LLVM's PGO instrumentation does: close the CFG with a virtual
// node that every call of the function leaves and every return goes back
// to, and flow is conserved at every node, so the edges of a spanning tree
// follow from the edges off it. The tree is a maximum one under static edge
// frequencies (BlockFrequencyInfo), so the hot edges are the uncounted ones.
// Counters sit on the other edges, and each block's count (the flow into it)
// is a sum of counters with coefficients +1 or -1: its count terms.
//
// Each block is two nodes, its entry and its top, joined by an edge whose
// counter sits at the top of the block: the tree may count a block there
// rather than on an edge (a loop of one block needs no split back edge).
//
// Exactness is kept where flow is not conserved:
//  - a call may not come back (exit(), longjmp, an exception through a call
//    that is not an invoke): the block has an edge to the virtual node that
//    no counter can see; if the block has successors, it is two nodes, top
//    and bottom, and that edge leaves its top. Edges no counter can see
//    (these, an invoke's own, unwind edges into a landing pad with several
//    predecessors, indirectbr's and callbr's) are contracted: the nodes they
//    join conserve flow as a group, whatever the flow on each such edge, and
//    the tree spans the groups. No block's count needs those flows: a block
//    entered by such an edge is counted on its entry-to-top edge;
//  - a block counted by its loop's trip count (TripCounts.h) costs nothing
//    per iteration: it keeps a counter, shared by all such blocks of the
//    loop, on an edge through the block that is known and never in the
//    tree. In a loop whose counters live in
//    registers (LoopRegions.h) the edge counters are registers too, so the
//    tree there saves registers, and the spills a loop nest with many
//    branches would otherwise pay;
//  - functions with returns_twice calls (setjmp), musttail calls or funclet
//    EH pads, or where a derived count would need too many terms, count
//    every block by itself; so do those where the tree's counters would run
//    more often than the blocks' by static frequencies.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_COUNTERPLACEMENT_H
#define ENERGYPASS_COUNTERPLACEMENT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class BasicBlock;
class BlockFrequencyInfo;
class BranchProbabilityInfo;
class Function;
} // namespace llvm

namespace energy {

class ReturningFunctions;

/// Where the counter of an edge goes.
struct EdgePoint {
  enum Kind {
    BeforeTerminator, /// the edge's source, after its last call
    AtStart,          /// the edge's destination, its only way in
    OnEdge,           /// a block split into the critical edge
  };
  Kind Where = BeforeTerminator;
  llvm::BasicBlock *Block = nullptr; /// OnEdge: the edge's source
  unsigned Successor = 0;            /// OnEdge: the terminator's successor
};

/// One counter: an edge, or blocks counted by themselves (a +1 at the top
/// of the one block, in memory or a register; or the trip count of the loop
/// the blocks run once per iteration of, as Instrumenter.h does).
struct PlannedCounter {
  EdgePoint Edge;
  llvm::SmallVector<llvm::BasicBlock *, 1> Blocks; /// non-empty: block counter
  /// Set: a counter the module already has (a caller's, in the function's
  /// entry count), only read; nothing to add to.
  std::optional<uint32_t> Slot;
};

/// Beyond this many terms an entry count from a caller's counters, or a
/// block's completion, costs more table than it saves.
constexpr size_t MaxTermsPerBlock = 32;
/// A derived block count costs table space and work at report time, never
/// run time: where many paths meet (the join of an interpreter's dispatch
/// loop) a sum of a term per path is cheaper than a counter every path runs.
/// A function's block counts may need this many terms per block on average,
/// and one block at most MaxTermsPerDerivedBlock; beyond either, the block
/// with the longest sum is counted by itself and the tree chosen again.
constexpr size_t TermsPerBlockBudget = 16;
constexpr size_t MaxTermsPerDerivedBlock = 512;
/// How many times the tree is chosen again, a block more counted by itself
/// each time, before every block is.
constexpr unsigned MaxPlacementRounds = 64;

/// A block's count: the sum of coefficient x counter (indices into
/// CounterPlan::Counters).
using CountTerms = llvm::SmallVector<std::pair<unsigned, int64_t>, 2>;

struct CounterPlan {
  llvm::SmallVector<PlannedCounter, 8> Counters;
  /// One per block asked for, in the same order.
  llvm::SmallVector<CountTerms, 8> Terms;
  /// Per block asked for, how often it reached its terminator, where the
  /// plan knows: its count when none of its calls may fail to come back.
  llvm::SmallVector<std::optional<CountTerms>, 8> Completions;
  /// Whether the counters are on a spanning tree's edges (else one per block).
  bool SpanningTree = false;
};

/// Plans the counters that count Blocks of F exactly. EntryTerms, when not
/// empty, is how often F is entered, from counters the module already has
/// (CallerCountedEntries.h): F then counts no entries itself. MeasuredBlocks, among
/// Blocks, are counted by the trip count of a loop (block -> a group number;
/// the blocks of one group have equal counts and share a counter). Where the
/// counts off the tree would need more terms than TermsPerBlockBudget and
/// MaxTermsPerDerivedBlock allow, the block with the longest sum is counted
/// by itself too, and the tree chosen again. Without frequency information, or with SpanningTree
/// false, every block gets its own counter.
CounterPlan placeCounters(llvm::Function &F, llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                          const llvm::DenseMap<const llvm::BasicBlock *, unsigned> &MeasuredBlocks,
                          const llvm::BlockFrequencyInfo *BFI,
                          const llvm::BranchProbabilityInfo *BPI,
                          const ReturningFunctions &Returning,
                          llvm::ArrayRef<std::pair<uint32_t, int64_t>> EntryTerms,
                          bool SpanningTree);

} // namespace energy

#endif // ENERGYPASS_COUNTERPLACEMENT_H
