//===- CounterPlacement.cpp - Which CFG edges carry a counter -------------===//
//
// See CounterPlacement.h. The graph has node 0 for the virtual node and, per
// block, up to four nodes: its entry (where its CFG edges arrive), its top,
// its middle and its bottom (where its CFG edges leave). Entry and top
// differ for a block that some edge enters where no counter can go; top and
// bottom differ for a block counted by itself (by its loop's trip count, or
// by a counter at its top where its derived count would be too long), and
// for one whose calls may not come back and that has successors; such a
// block counted by itself has a middle too, between its counter and its
// calls. Besides the CFG edges there are virtual ones: into the entry block,
// out of every block that leaves the function, from the top (or middle) of
// each block with such calls, from each block's entry to its top, and
// through each block counted by itself.
//
//===----------------------------------------------------------------------===//
#include "CounterPlacement.h"
#include "ReturningFunctions.h"

#include "llvm/ADT/IntEqClasses.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace energy {
namespace {

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

bool hasCallThatMayNotComeBack(const BasicBlock &BB, const ReturningFunctions &Returning) {
  return any_of(BB, [&](const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    return Call && Returning.mayNotComeBack(*Call);
  });
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
  /// False for edges no counter can see: they are contracted, never counted.
  bool Countable;
  EdgePoint Point;
  /// The block whose count this edge's flow is, or part of, or null.
  const BasicBlock *Into;
  /// The edge through a block counted by itself (by trip count): its flow
  /// is known and it never enters the tree.
  BasicBlock *Measured = nullptr;
  /// The edge into the function whose flow its callers' counters give: known,
  /// never in the tree.
  bool FromCallers = false;
  bool InTree = false;
};

/// A block's nodes: where its CFG edges arrive, its top (after the edges
/// no counter sees have joined the others), its middle (after a counter of
/// its own, when its calls may not come back: Top otherwise) and its bottom.
struct BlockNodes {
  unsigned Entry;
  unsigned Top;
  unsigned Mid;
  unsigned Bottom;
};

class FlowGraph {
public:
  FlowGraph(Function &F, const DenseMap<const BasicBlock *, unsigned> &MeasuredBlocks,
            const BlockFrequencyInfo &BFI, const BranchProbabilityInfo &BPI,
            const ReturningFunctions &Returning, ArrayRef<std::pair<uint32_t, int64_t>> EntryTerms)
      : F(F), MeasuredBlocks(MeasuredBlocks), BFI(BFI), BPI(BPI), Returning(Returning),
        EntryTerms(EntryTerms) {
    numberNodes();
    for (BasicBlock &BB : F)
      addEdgesOf(BB);
  }

  /// Contracts the edges no counter can see and picks a maximum spanning
  /// tree of the graph that leaves.
  void chooseTree();
  /// Gives every countable edge off the tree a counter and derives the
  /// tree's edges; the counters are appended to Plan.
  void countOffTreeEdges(CounterPlan &Plan);
  /// Every block's count as a sum of counters (absent: never entered).
  DenseMap<const BasicBlock *, Sum> blockCounts() const;
  /// How often each block that is two nodes reached its terminator, where
  /// a counter sees that (absent: not known, or the block is one node).
  DenseMap<const BasicBlock *, Sum> completions() const;
  /// How often the counters off the tree run, by static frequencies.
  uint64_t offTreeFrequency() const;
  uint64_t frequency(const BasicBlock &BB) const { return BFI.getBlockFreq(&BB).getFrequency(); }

private:
  void numberNodes();
  void addEdgesOf(BasicBlock &BB);
  void addEdge(unsigned From, unsigned To, uint64_t Frequency, EdgePoint Point,
               const BasicBlock *Into, bool Countable = true) {
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
  const ReturningFunctions &Returning;
  ArrayRef<std::pair<uint32_t, int64_t>> EntryTerms;
  DenseMap<const BasicBlock *, BlockNodes> Nodes;
  unsigned NumNodes = 1;
  SmallVector<GraphEdge, 16> Edges;
  /// The nodes joined by edges no counter can see: flow is conserved by
  /// each such group as a whole, whatever splits it among those edges.
  IntEqClasses Contracted;
  SmallVector<Sum, 16> Flow;
  /// The counter of each group of trip-counted blocks.
  DenseMap<unsigned, unsigned> GroupCounter;
};

void FlowGraph::numberNodes() {
  for (BasicBlock &BB : F) {
    bool Measured = MeasuredBlocks.count(&BB);
    // The edge from a block's entry to its top is a counter at the top of
    // the block: the only place to count a block that some edge enters
    // where no counter can go, and in a loop of one block, a counter that
    // does not need the back edge split. (A trip-counted block's count is
    // its own edge's, however it is entered.)
    unsigned Entry = NumNodes++;
    unsigned Top = Measured ? Entry : NumNodes++;
    // Without successors, the block's only way on is out of the function,
    // the same edge its calls that do not come back take.
    bool Escapes =
        hasCallThatMayNotComeBack(BB, Returning) && BB.getTerminator()->getNumSuccessors() > 0;
    unsigned Mid = Measured && Escapes ? NumNodes++ : Top;
    unsigned Bottom = Measured || Escapes ? NumNodes++ : Top;
    Nodes[&BB] = {Entry, Top, Mid, Bottom};
  }
  Contracted = IntEqClasses(NumNodes);
}

EdgePoint FlowGraph::pointOf(BasicBlock &BB, unsigned Successor, bool &Countable) const {
  Instruction *Term = BB.getTerminator();
  BasicBlock *Dest = Term->getSuccessor(Successor);
  if (Term->getNumSuccessors() == 1 && !isa<CallBrInst>(Term))
    return {EdgePoint::BeforeTerminator, &BB, 0};
  if (Dest->hasNPredecessors(1))
    return {EdgePoint::AtStart, Dest, 0};
  Countable = !isa<IndirectBrInst>(Term) && !isa<CallBrInst>(Term) && !Dest->isEHPad();
  return {EdgePoint::OnEdge, &BB, Successor};
}

void FlowGraph::addEdgesOf(BasicBlock &BB) {
  auto [Entry, Top, Mid, Bottom] = Nodes.lookup(&BB);
  uint64_t Frequency = frequency(BB);
  Instruction *Term = BB.getTerminator();
  bool Measured = MeasuredBlocks.count(&BB);
  if (&BB == &F.getEntryBlock()) {
    addEdge(0, Entry, Frequency, {EdgePoint::AtStart, &BB, 0}, Entry == Top ? &BB : nullptr);
    Edges.back().FromCallers = !EntryTerms.empty();
  }
  if (Entry != Top)
    addEdge(Entry, Top, Frequency, {EdgePoint::AtStart, &BB, 0}, &BB);
  bool MayNotComeBack = hasCallThatMayNotComeBack(BB, Returning);
  if (Measured) {
    addEdge(Top, Mid == Top ? Bottom : Mid, 0, {}, nullptr);
    Edges.back().Measured = &BB;
  }
  // The block's calls that may not come back leave from its middle.
  if (Measured ? Mid != Top : Top != Bottom) {
    addEdge(Mid, 0, 0, {}, nullptr, /*Countable=*/false);
    // After an invoke or callbr nothing of the block is left to count in.
    addEdge(Mid, Bottom, Frequency, {EdgePoint::BeforeTerminator, &BB, 0}, nullptr,
            !isa<InvokeInst>(Term) && !isa<CallBrInst>(Term));
  }
  if (Term->getNumSuccessors() == 0)
    addEdge(Bottom, 0, isa<UnreachableInst>(Term) ? 0 : Frequency,
            {EdgePoint::BeforeTerminator, &BB, 0}, nullptr, !MayNotComeBack);
  for (unsigned I = 0, N = Term->getNumSuccessors(); I < N; ++I) {
    BasicBlock *Dest = Term->getSuccessor(I);
    bool Countable = true;
    EdgePoint Point = pointOf(BB, I, Countable);
    BlockNodes To = Nodes.lookup(Dest);
    addEdge(Bottom, To.Entry, BPI.getEdgeProbability(&BB, I).scale(Frequency), Point,
            To.Entry == To.Top ? Dest : nullptr, Countable);
  }
}

void FlowGraph::chooseTree() {
  IntEqClasses Spanned(NumNodes);
  SmallVector<unsigned, 16> Order;
  for (auto [I, E] : enumerate(Edges)) {
    if (E.Countable) {
      if (!E.Measured && !E.FromCallers)
        Order.push_back(I);
      continue;
    }
    Contracted.join(E.From, E.To);
    Spanned.join(E.From, E.To);
  }
  // Heaviest first; ties in the order of the edges, for a stable plan.
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    return std::make_pair(~Edges[A].Weight, A) < std::make_pair(~Edges[B].Weight, B);
  });
  for (unsigned I : Order) {
    GraphEdge &E = Edges[I];
    if (Spanned.findLeader(E.From) != Spanned.findLeader(E.To)) {
      Spanned.join(E.From, E.To);
      E.InTree = true;
    }
  }
}

/// A new counter for an edge off the tree; the blocks of one group counted
/// by a trip count share one, since their counts are equal.
unsigned FlowGraph::counterFor(const GraphEdge &E, CounterPlan &Plan) {
  if (!E.Measured) {
    Plan.Counters.emplace_back().Edge = E.Point;
    return Plan.Counters.size() - 1;
  }
  auto [It, New] =
      GroupCounter.try_emplace(MeasuredBlocks.lookup(E.Measured), Plan.Counters.size());
  if (New)
    Plan.Counters.emplace_back();
  Plan.Counters[It->second].Blocks.push_back(E.Measured);
  return It->second;
}

void FlowGraph::countOffTreeEdges(CounterPlan &Plan) {
  Flow.assign(Edges.size(), Sum());
  Sum FromCallers; // sorted: the counters are appended in order
  for (auto [Slot, Coefficient] : EntryTerms) {
    FromCallers.emplace_back(Plan.Counters.size(), Coefficient);
    Plan.Counters.emplace_back().Slot = Slot;
  }
  SmallVector<bool, 16> Known(Edges.size(), true);
  SmallVector<SmallVector<unsigned, 4>, 16> Incident(NumNodes);
  SmallVector<unsigned, 16> Unknown(NumNodes, 0);
  auto Group = [&](unsigned Node) { return Contracted.findLeader(Node); };
  for (auto [I, E] : enumerate(Edges)) {
    if (!E.Countable)
      continue;
    // Flow that leaves and enters the same group: no constraint.
    if (Group(E.From) != Group(E.To)) {
      Incident[Group(E.From)].push_back(I);
      Incident[Group(E.To)].push_back(I);
    }
    if (E.InTree) {
      Known[I] = false;
      ++Unknown[Group(E.From)];
      ++Unknown[Group(E.To)];
      continue;
    }
    if (E.FromCallers)
      Flow[I] = FromCallers;
    else
      Flow[I].emplace_back(counterFor(E, Plan), 1);
  }
  // Peel the tree from its leaves: a group with one unknown edge left
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
        addScaled(Balance, Flow[I], Group(Edges[I].To) == N ? 1 : -1);
    }
    const GraphEdge &E = Edges[Open];
    addScaled(Flow[Open], Balance, Group(E.To) == N ? -1 : 1);
    Known[Open] = true;
    --Unknown[Group(E.From)];
    --Unknown[Group(E.To)];
    unsigned Other = Group(E.From) == N ? Group(E.To) : Group(E.From);
    if (Unknown[Other] == 1)
      Leaves.push_back(Other);
  }
}

uint64_t FlowGraph::offTreeFrequency() const {
  uint64_t Total = 0;
  for (const GraphEdge &E : Edges)
    if (E.Countable && !E.InTree && !E.Measured && !E.FromCallers)
      Total = SaturatingAdd(Total, E.Weight);
  return Total;
}

DenseMap<const BasicBlock *, Sum> FlowGraph::blockCounts() const {
  DenseMap<const BasicBlock *, Sum> Counts;
  // A trip-counted block's count is its own edge's; any other block's is
  // the flow into its top, which no uncountable edge enters.
  for (auto [I, E] : enumerate(Edges))
    if (E.Measured)
      Counts[E.Measured] = Flow[I];
  for (auto [I, E] : enumerate(Edges))
    if (E.Into && !MeasuredBlocks.count(E.Into))
      addScaled(Counts[E.Into], Flow[I], 1);
  return Counts;
}

/// The flow from each two-node block's top to its bottom.
DenseMap<const BasicBlock *, Sum> FlowGraph::completions() const {
  DenseMap<const BasicBlock *, Sum> Completed;
  for (auto [I, E] : enumerate(Edges))
    if (E.Countable && !E.Measured && E.Point.Where == EdgePoint::BeforeTerminator &&
        E.Point.Block && E.From == Nodes.lookup(E.Point.Block).Mid &&
        E.To == Nodes.lookup(E.Point.Block).Bottom && E.From != E.To)
      Completed[E.Point.Block] = Flow[I];
  return Completed;
}

CounterPlan countEveryBlock(ArrayRef<BasicBlock *> Blocks, const ReturningFunctions &Returning) {
  CounterPlan Plan;
  for (BasicBlock *BB : Blocks) {
    CountTerms Own{{unsigned(Plan.Counters.size()), 1}};
    Plan.Terms.push_back(Own);
    Plan.Completions.push_back(
        hasCallThatMayNotComeBack(*BB, Returning) ? std::nullopt : std::optional<CountTerms>(Own));
    Plan.Counters.emplace_back().Blocks.push_back(BB);
  }
  return Plan;
}

/// The block whose count should be counted by itself rather than summed: the
/// one with the longest sum (the first of equals, for a stable plan), when the
/// sums are over their budget; null when they are within it.
BasicBlock *longestOverBudget(ArrayRef<BasicBlock *> Blocks,
                              DenseMap<const BasicBlock *, Sum> &Counts) {
  size_t Total = 0;
  BasicBlock *Longest = nullptr;
  for (BasicBlock *BB : Blocks) {
    size_t Terms = Counts[BB].size();
    Total += Terms;
    if (!Longest || Terms > Counts[Longest].size())
      Longest = BB;
  }
  if (!Longest)
    return nullptr;
  bool Over = Total > TermsPerBlockBudget * Blocks.size() ||
              Counts[Longest].size() > MaxTermsPerDerivedBlock;
  return Over ? Longest : nullptr;
}

/// A plan on a spanning tree with Measured blocks counted by themselves, or
/// none when the derived counts would need more terms than their budget:
/// TooLong is then the block to count by itself next.
std::optional<CounterPlan>
planOnTree(Function &F, ArrayRef<BasicBlock *> Blocks,
           const DenseMap<const BasicBlock *, unsigned> &Measured, const BlockFrequencyInfo &BFI,
           const BranchProbabilityInfo &BPI, const ReturningFunctions &Returning,
           ArrayRef<std::pair<uint32_t, int64_t>> EntryTerms, BasicBlock *&TooLong) {
  FlowGraph Graph(F, Measured, BFI, BPI, Returning, EntryTerms);
  Graph.chooseTree();
  // A block whose calls may not come back costs the tree a counter more
  // than it costs to count the block: where that makes the tree dearer
  // (a function that is one block with a call), count blocks.
  uint64_t BlockFrequency = 0;
  for (const BasicBlock *BB : Blocks)
    if (!Measured.count(BB))
      BlockFrequency = SaturatingAdd(BlockFrequency, Graph.frequency(*BB));
  if (Graph.offTreeFrequency() >= BlockFrequency)
    return countEveryBlock(Blocks, Returning);
  CounterPlan Plan;
  Plan.SpanningTree = true;
  Graph.countOffTreeEdges(Plan);
  DenseMap<const BasicBlock *, Sum> Counts = Graph.blockCounts();
  DenseMap<const BasicBlock *, Sum> Completed = Graph.completions();
  if ((TooLong = longestOverBudget(Blocks, Counts)))
    return std::nullopt;
  for (BasicBlock *BB : Blocks) {
    const Sum &Count = Counts[BB];
    Plan.Terms.emplace_back(Count.begin(), Count.end());
    auto Done = Completed.find(BB);
    if (Done != Completed.end() && Done->second.size() <= MaxTermsPerBlock)
      Plan.Completions.emplace_back(CountTerms(Done->second.begin(), Done->second.end()));
    else if (!hasCallThatMayNotComeBack(*BB, Returning))
      Plan.Completions.push_back(Plan.Terms.back());
    else
      Plan.Completions.push_back(std::nullopt);
  }
  return Plan;
}

} // namespace

CounterPlan placeCounters(Function &F, ArrayRef<BasicBlock *> Blocks,
                          const DenseMap<const BasicBlock *, unsigned> &MeasuredBlocks,
                          const BlockFrequencyInfo *BFI, const BranchProbabilityInfo *BPI,
                          const ReturningFunctions &Returning,
                          ArrayRef<std::pair<uint32_t, int64_t>> EntryTerms, bool SpanningTree) {
  if (!SpanningTree || !BFI || !BPI || needsBlockCounters(F))
    return countEveryBlock(Blocks, Returning);
  // A block where many paths meet (an interpreter's dispatch loop, where
  // every opcode's case joins) is the sum of a counter per path. Where the
  // sums outgrow their budget, the longest one's block gets a counter of its
  // own instead and the tree is chosen again with its count known, so that
  // the rest of the function stays on the tree. When its calls may not come
  // back, the flow that leaves it is still the tree's to find, after the
  // counter at its top.
  DenseMap<const BasicBlock *, unsigned> Measured = MeasuredBlocks;
  unsigned NextGroup = 0;
  for (auto [BB, Group] : MeasuredBlocks)
    NextGroup = std::max(NextGroup, Group + 1);
  for (unsigned Round = 0; Round < MaxPlacementRounds; ++Round) {
    BasicBlock *TooLong = nullptr;
    if (std::optional<CounterPlan> Plan =
            planOnTree(F, Blocks, Measured, *BFI, *BPI, Returning, EntryTerms, TooLong))
      return std::move(*Plan);
    Measured[TooLong] = NextGroup++;
  }
  return countEveryBlock(Blocks, Returning);
}

} // namespace energy
