//===- CounterPlacement.cpp - Which CFG edges carry a counter -------------===//
//
// See CounterPlacement.h. The graph has node 0 for the virtual node, one node
// per block (two for a block whose calls may not come back, or that is
// counted by its loop's trip count), and an edge per CFG edge plus the
// virtual ones: into the entry block, out of every block that leaves the
// function, from the top of each block with such calls, and through each
// block counted by trip count.
//
//===----------------------------------------------------------------------===//
#include "CounterPlacement.h"

#include "llvm/ADT/IntEqClasses.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/MathExtras.h"

#include "energy/abi.h"

using namespace llvm;

namespace energy {
namespace {

/// Beyond this many terms a derived count costs more table than it saves.
constexpr size_t MaxTermsPerBlock = 32;
/// A counter on a critical edge also costs a jump through the block split
/// into the edge: the tree weighs such edges double. (LLVM's CFGMST uses 1000,
/// which keeps the CFG intact but puts a loop's counter on its common path
/// when the rare path is the critical edge: an if without else.)
constexpr uint64_t CriticalEdgeMultiplier = 2;

/// A sparse sum of counters, sorted by counter.
using Sum = SmallVector<std::pair<unsigned, int64_t>, 4>;

void addScaled(Sum &Into, const Sum &Other, int64_t Sign) {
  Sum Merged;
  const auto *A = Into.begin();
  const auto *B = Other.begin();
  while (A != Into.end() || B != Other.end()) {
    if (B == Other.end() || (A != Into.end() && A->first < B->first)) {
      Merged.push_back(*A++);
    } else if (A == Into.end() || B->first < A->first) {
      Merged.emplace_back(B->first, Sign * B->second);
      ++B;
    } else {
      if (int64_t C = A->second + Sign * B->second)
        Merged.emplace_back(A->first, C);
      ++A;
      ++B;
    }
  }
  Into = std::move(Merged);
}

/// Whether control may leave F from inside I without I's block going on:
/// exit(), longjmp, or an exception through a call (an invoke's unwind edge
/// is an ordinary edge, but an invoke may still exit or longjmp).
bool mayNotComeBack(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return false;
  if (const Function *Callee = Call->getCalledFunction())
    if (Callee->getName().starts_with(ENERGY_SYMBOL_PREFIX))
      return false;
  return !I.willReturn() || I.mayThrow();
}

bool hasCallThatMayNotComeBack(const BasicBlock &BB) {
  return any_of(BB, mayNotComeBack);
}

/// Functions whose control flow the graph cannot describe.
bool needsBlockCounters(const Function &F) {
  if (F.callsFunctionThatReturnsTwice())
    return true;
  for (const BasicBlock &BB : F) {
    if (BB.isEHPad() && !BB.isLandingPad())
      return true;
    if (BB.getTerminatingMustTailCall())
      return true;
  }
  return false;
}

struct GraphEdge {
  unsigned From;
  unsigned To;
  uint64_t Frequency; /// static estimate of how often the edge runs
  uint64_t Weight;    /// its claim to a place in the tree
  /// False for edges no counter can see: they must be in the tree.
  bool Countable;
  EdgePoint Point;
  /// The block whose count this edge's flow enters, or null.
  const BasicBlock *Into;
  /// The edge through a block counted by itself (by trip count): its flow
  /// is known and it never enters the tree.
  BasicBlock *Measured = nullptr;
  bool InTree = false;
};

class FlowGraph {
public:
  FlowGraph(Function &F,
            const DenseMap<const BasicBlock *, unsigned> &MeasuredBlocks,
            const BlockFrequencyInfo &BFI, const BranchProbabilityInfo &BPI)
      : F(F), MeasuredBlocks(MeasuredBlocks), BFI(BFI), BPI(BPI) {
    numberNodes();
    for (BasicBlock &BB : F)
      addEdgesOf(BB);
  }

  /// Picks the maximum spanning tree; false when forced edges close a cycle.
  bool chooseTree();
  /// Gives every edge off the tree a counter and derives the tree's edges;
  /// the counters are appended to Plan.
  void countOffTreeEdges(CounterPlan &Plan);
  /// Every block's count as a sum of counters (absent: never entered).
  DenseMap<const BasicBlock *, Sum> blockCounts() const;
  /// How often the counters off the tree run, by static frequencies.
  uint64_t offTreeFrequency() const;
  uint64_t frequency(const BasicBlock &BB) const {
    return BFI.getBlockFreq(&BB).getFrequency();
  }

private:
  void numberNodes();
  void addEdgesOf(BasicBlock &BB);
  void addEdge(unsigned From, unsigned To, uint64_t Frequency,
               EdgePoint Point, const BasicBlock *Into, bool Countable = true) {
    uint64_t Weight = Point.Where == EdgePoint::OnEdge
                          ? SaturatingMultiply(Frequency, CriticalEdgeMultiplier)
                          : Frequency;
    Edges.push_back({From, To, Frequency, Weight, Countable, Point, Into});
  }
  EdgePoint pointOf(BasicBlock &BB, unsigned Successor, bool &Countable) const;
  unsigned counterFor(const GraphEdge &E, CounterPlan &Plan);

  Function &F;
  const DenseMap<const BasicBlock *, unsigned> &MeasuredBlocks;
  const BlockFrequencyInfo &BFI;
  const BranchProbabilityInfo &BPI;
  DenseMap<const BasicBlock *, std::pair<unsigned, unsigned>> Nodes;
  unsigned NumNodes = 1;
  SmallVector<GraphEdge, 16> Edges;
  SmallVector<Sum, 16> Flow;
  /// The counter of each trip-counted loop's blocks.
  DenseMap<unsigned, unsigned> LoopCounter;
};

void FlowGraph::numberNodes() {
  for (BasicBlock &BB : F) {
    unsigned Top = NumNodes++;
    bool TwoNodes =
        MeasuredBlocks.count(&BB) || hasCallThatMayNotComeBack(BB);
    unsigned Bottom = TwoNodes ? NumNodes++ : Top;
    Nodes[&BB] = {Top, Bottom};
  }
}

EdgePoint FlowGraph::pointOf(BasicBlock &BB, unsigned Successor,
                             bool &Countable) const {
  Instruction *Term = BB.getTerminator();
  BasicBlock *Dest = Term->getSuccessor(Successor);
  if (Term->getNumSuccessors() == 1 && !isa<CallBrInst>(Term))
    return {EdgePoint::BeforeTerminator, &BB, 0};
  if (Dest->hasNPredecessors(1))
    return {EdgePoint::AtStart, Dest, 0};
  Countable =
      !isa<IndirectBrInst>(Term) && !isa<CallBrInst>(Term) && !Dest->isEHPad();
  return {EdgePoint::OnEdge, &BB, Successor};
}

void FlowGraph::addEdgesOf(BasicBlock &BB) {
  auto [Top, Bottom] = Nodes.lookup(&BB);
  uint64_t Frequency = frequency(BB);
  Instruction *Term = BB.getTerminator();
  if (&BB == &F.getEntryBlock())
    addEdge(0, Top, Frequency, {EdgePoint::AtStart, &BB, 0}, &BB);
  if (MeasuredBlocks.count(&BB)) {
    addEdge(Top, Bottom, 0, {}, nullptr);
    Edges.back().Measured = &BB;
  } else if (Top != Bottom) {
    addEdge(Top, 0, 0, {}, nullptr, /*Countable=*/false);
    // After an invoke or callbr nothing of the block is left to count in.
    addEdge(Top, Bottom, Frequency, {EdgePoint::BeforeTerminator, &BB, 0},
            nullptr, !isa<InvokeInst>(Term) && !isa<CallBrInst>(Term));
  }
  if (Term->getNumSuccessors() == 0)
    addEdge(Bottom, 0, isa<UnreachableInst>(Term) ? 0 : Frequency,
            {EdgePoint::BeforeTerminator, &BB, 0}, nullptr);
  for (unsigned I = 0, N = Term->getNumSuccessors(); I < N; ++I) {
    BasicBlock *Dest = Term->getSuccessor(I);
    bool Countable = true;
    EdgePoint Point = pointOf(BB, I, Countable);
    addEdge(Bottom, Nodes.lookup(Dest).first,
            BPI.getEdgeProbability(&BB, I).scale(Frequency), Point, Dest,
            Countable);
  }
}

bool FlowGraph::chooseTree() {
  SmallVector<unsigned, 16> Order(Edges.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Order[I] = I;
  // Edges no counter can see first, then the heaviest.
  llvm::stable_sort(Order, [&](unsigned A, unsigned B) {
    const GraphEdge &X = Edges[A], &Y = Edges[B];
    if (X.Countable != Y.Countable)
      return !X.Countable;
    return X.Weight > Y.Weight;
  });
  IntEqClasses Components(NumNodes);
  for (unsigned I : Order) {
    GraphEdge &E = Edges[I];
    if (E.Measured)
      continue;
    if (Components.findLeader(E.From) != Components.findLeader(E.To)) {
      Components.join(E.From, E.To);
      E.InTree = true;
    } else if (!E.Countable) {
      return false;
    }
  }
  return true;
}

/// A new counter for an edge off the tree; the blocks of one loop counted
/// by its trip count share one, since their counts are equal.
unsigned FlowGraph::counterFor(const GraphEdge &E, CounterPlan &Plan) {
  if (!E.Measured) {
    Plan.Counters.emplace_back().Edge = E.Point;
    return Plan.Counters.size() - 1;
  }
  auto [It, New] = LoopCounter.try_emplace(MeasuredBlocks.lookup(E.Measured),
                                           Plan.Counters.size());
  if (New)
    Plan.Counters.emplace_back();
  Plan.Counters[It->second].Blocks.push_back(E.Measured);
  return It->second;
}

void FlowGraph::countOffTreeEdges(CounterPlan &Plan) {
  Flow.assign(Edges.size(), Sum());
  SmallVector<bool, 16> Known(Edges.size(), true);
  SmallVector<SmallVector<unsigned, 4>, 16> Incident(NumNodes);
  SmallVector<unsigned, 16> Unknown(NumNodes, 0);
  for (auto [I, E] : enumerate(Edges)) {
    // A self-loop's flow leaves and enters the same node: no constraint.
    if (E.From != E.To) {
      Incident[E.From].push_back(I);
      Incident[E.To].push_back(I);
    }
    if (E.InTree) {
      Known[I] = false;
      ++Unknown[E.From];
      ++Unknown[E.To];
      continue;
    }
    Flow[I].emplace_back(counterFor(E, Plan), 1);
  }
  // Peel the tree from its leaves: a node with one unknown edge left
  // determines it, since flow in equals flow out.
  SmallVector<unsigned, 16> Leaves;
  for (unsigned N = 0; N < NumNodes; ++N)
    if (Unknown[N] == 1)
      Leaves.push_back(N);
  while (!Leaves.empty()) {
    unsigned N = Leaves.pop_back_val();
    if (Unknown[N] != 1)
      continue;
    Sum Balance; // known flow in minus known flow out
    unsigned Open = 0;
    for (unsigned I : Incident[N]) {
      if (!Known[I])
        Open = I;
      else
        addScaled(Balance, Flow[I], Edges[I].To == N ? 1 : -1);
    }
    const GraphEdge &E = Edges[Open];
    addScaled(Flow[Open], Balance, E.To == N ? -1 : 1);
    Known[Open] = true;
    --Unknown[E.From];
    --Unknown[E.To];
    unsigned Other = E.From == N ? E.To : E.From;
    if (Unknown[Other] == 1)
      Leaves.push_back(Other);
  }
}

uint64_t FlowGraph::offTreeFrequency() const {
  uint64_t Total = 0;
  for (const GraphEdge &E : Edges)
    if (!E.InTree && !E.Measured)
      Total = SaturatingAdd(Total, E.Weight);
  return Total;
}

DenseMap<const BasicBlock *, Sum> FlowGraph::blockCounts() const {
  DenseMap<const BasicBlock *, Sum> Counts;
  // A trip-counted block's count is its own edge's; any other block's is
  // the flow into it.
  for (auto [I, E] : enumerate(Edges))
    if (E.Measured)
      Counts[E.Measured] = Flow[I];
  for (auto [I, E] : enumerate(Edges))
    if (E.Into && !MeasuredBlocks.count(E.Into))
      addScaled(Counts[E.Into], Flow[I], 1);
  return Counts;
}

CounterPlan countEveryBlock(ArrayRef<BasicBlock *> Blocks) {
  CounterPlan Plan;
  for (BasicBlock *BB : Blocks) {
    Plan.Terms.push_back({{unsigned(Plan.Counters.size()), 1}});
    Plan.Counters.emplace_back().Blocks.push_back(BB);
  }
  return Plan;
}

} // namespace

CounterPlan
placeCounters(Function &F, ArrayRef<BasicBlock *> Blocks,
              const DenseMap<const BasicBlock *, unsigned> &MeasuredBlocks,
              const BlockFrequencyInfo *BFI, const BranchProbabilityInfo *BPI,
              bool SpanningTree) {
  if (!SpanningTree || !BFI || !BPI || needsBlockCounters(F))
    return countEveryBlock(Blocks);
  FlowGraph Graph(F, MeasuredBlocks, *BFI, *BPI);
  if (!Graph.chooseTree())
    return countEveryBlock(Blocks);
  // A block whose calls may not come back costs the tree a counter more
  // than it costs to count the block: where that makes the tree dearer
  // (a function that is one block with a call), count blocks.
  uint64_t BlockFrequency = 0;
  for (const BasicBlock *BB : Blocks)
    if (!MeasuredBlocks.count(BB))
      BlockFrequency = SaturatingAdd(BlockFrequency, Graph.frequency(*BB));
  if (Graph.offTreeFrequency() >= BlockFrequency)
    return countEveryBlock(Blocks);
  CounterPlan Plan;
  Plan.SpanningTree = true;
  Graph.countOffTreeEdges(Plan);
  DenseMap<const BasicBlock *, Sum> Counts = Graph.blockCounts();
  for (BasicBlock *BB : Blocks) {
    const Sum &Count = Counts[BB];
    if (Count.size() > MaxTermsPerBlock)
      return countEveryBlock(Blocks);
    Plan.Terms.emplace_back(Count.begin(), Count.end());
  }
  return Plan;
}

} // namespace energy
