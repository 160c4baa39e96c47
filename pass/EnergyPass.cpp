//===- EnergyPass.cpp - The energy-instrument module pass -----------------===//
//
// Instruments a module for EnergyPass's exact counting:
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-instrument -S in.ll -o out.ll
//
// Plans first, rewrites second: all counter slots must be known before the
// counter array (block and edge counters first, then dynamic amounts) can be
// created, and costs are computed before any instrumentation is inserted so
// that the pass's own instructions are never counted. The CFG changes the
// plan needs (unwind cleanups, loop preheaders and exits) come first, and
// the blocks they add hold no user code and get no counter.
//
//===----------------------------------------------------------------------===//
#include "EnergyPass.h"

#include "CallerCountedEntries.h"
#include "CarriedUserCode.h"
#include "CostModel.h"
#include "CounterPlacement.h"
#include "DeviceInstrumenter.h"
#include "FilterFile.h"
#include "FootprintSampling.h"
#include "Instrumentable.h"
#include "Instrumenter.h"
#include "LineTable.h"
#include "LoopRegions.h"
#include "RegionTable.h"
#include "ReturningFunctions.h"
#include "Selection.h"
#include "TripCounts.h"
#include "UnwindExits.h"
#include "UserRegions.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/StructuralHash.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>

#define DEBUG_TYPE "energy-instrument"

using namespace llvm;

namespace energy {
namespace {

bool isAlreadyInstrumented(const Module &M) {
  return M.getModuleFlag(ENERGY_MODULE_FLAG) != nullptr;
}

/// A region's file as debug information names it, spelled one way: a
/// header included as "./x.h" and one found on the include path are the same.
std::string normalisedFile(StringRef File) {
  return sys::path::remove_leading_dotslash(File).str();
}

/// The mangled name of the function whose `#pragma omp task` clang outlined
/// into F, an `.omp_task_entry.` (which names no function, unlike the
/// `f.omp_outlined` of a parallel region): the one the code that allocates
/// the task was written in (the debug location's own subprogram, so inlining
/// does not move it), else the one function that allocates it. Empty when
/// none is found or the allocations name several.
std::string ompTaskParent(const Function &F) {
  std::string Parent;
  for (const User *U : F.users()) {
    const auto *Call = dyn_cast<CallBase>(U);
    if (!Call || !Call->getCalledFunction() ||
        !Call->getCalledFunction()->getName().starts_with("__kmpc_omp_"))
      continue;
    std::string Name;
    if (const DILocation *Loc = Call->getDebugLoc().get()) {
      const DISubprogram *SP = Loc->getScope()->getSubprogram();
      StringRef Linkage = SP ? SP->getLinkageName() : StringRef();
      Name = SP ? (Linkage.empty() ? SP->getName() : Linkage).str() : std::string();
    }
    if (Name.empty())
      Name = Call->getFunction()->getName().str();
    // With -g a parallel region's body is `f.omp_outlined_debug__`, which
    // `f.omp_outlined` calls: named as without -g.
    if (StringRef(Name).ends_with(".omp_outlined_debug__"))
      Name.resize(Name.size() - StringRef("_debug__").size());
    if (!Parent.empty() && Parent != Name)
      return "";
    Parent = Name;
  }
  return Parent;
}

/// `fib.omp_task_entry.3` for clang's `.omp_task_entry..3` allocated in fib
/// (ompTaskParent), demangled as clang's `f.omp_outlined` are (C++:
/// `fib(int) (.omp_task_entry.3)`); empty when F is no task entry or no parent
/// is found.
std::string ompTaskEntryName(const Function &F) {
  StringRef Name = F.getName();
  if (!F.hasLocalLinkage() || !Name.starts_with(".omp_task_entry."))
    return "";
  std::string Parent = ompTaskParent(F);
  if (Parent.empty())
    return "";
  StringRef Suffix = Name.drop_front(StringRef(".omp_task_entry.").size());
  return demangle(Parent + ".omp_task_entry" +
                  (Suffix.empty() ? "" : "." + Suffix.ltrim('.').str()));
}

/// `Carried`: the user code that F, a library function, is made of
/// (CarriedUserCode.h); the region is named and placed after it, its
/// mangled name (which stays F's) telling the two apart.
RegionDesc describeFunction(const Function &F, const DISubprogram *Carried) {
  RegionDesc Region;
  Region.Name = F.getName().str();
  Region.Demangled = demangle(Region.Name);
  if (Carried) {
    StringRef Linkage = Carried->getLinkageName();
    Region.Demangled = Linkage.empty() ? Carried->getName().str() : demangle(Linkage);
    Region.File = normalisedFile(Carried->getFilename());
    Region.Line = Carried->getLine();
  } else if (const DISubprogram *SP = F.getSubprogram()) {
    Region.File = normalisedFile(SP->getFilename());
    Region.Line = SP->getLine();
  } else {
    Region.File = F.getParent()->getSourceFileName();
  }
  if (!Carried)
    if (std::string Task = ompTaskEntryName(F); !Task.empty())
      Region.Demangled = Task;
  Region.Kind = ENERGY_REGION_FUNCTION;
  Region.Parent = ENERGY_NO_REGION;
  return Region;
}

/// The file part of a loop or user region's name: the file's name without
/// its directories, which the region's `file` holds (names stay short).
std::string sourceName(StringRef File) { return sys::path::filename(File).str(); }

/// `func:loop@file:line`; a second loop with the same name in the function
/// (loops the vectoriser split) gets `loop#2`, `loop#3`... Without a line
/// (no debug information) a loop is named by its place among the function's
/// loop regions, NestPath: `func:loop#2.1@file`, the first loop inside the
/// second top-level one.
RegionDesc describeLoop(const Loop &L, const RegionDesc &Function, uint32_t Parent,
                        StringRef NestPath, StringSet<> &Taken) {
  RegionDesc Region;
  Region.File = Function.File;
  if (DebugLoc Loc = L.getStartLoc()) {
    Region.File = normalisedFile(Loc->getFilename());
    Region.Line = Loc.getLine();
  }
  std::string Where = "@" + sourceName(Region.File);
  if (Region.Line)
    Where += ":" + std::to_string(Region.Line);
  else
    Where = "#" + NestPath.str() + Where;
  std::string Loop = ":loop";
  for (unsigned Ordinal = 2; !Taken.insert(Loop + Where).second; ++Ordinal)
    Loop = ":loop#" + std::to_string(Ordinal);
  Region.Name = Function.Name + Loop + Where;
  Region.Demangled = Function.Demangled + Loop + Where;
  Region.Kind = ENERGY_REGION_LOOP;
  Region.Parent = Parent;
  return Region;
}

/// `func:name@file:line`, at the region's first BEGIN.
RegionDesc describeUserRegion(const UserRegions::Region &User, const RegionDesc &Function,
                              uint32_t Parent) {
  RegionDesc Region;
  Region.File = Function.File;
  if (const DebugLoc &Loc = User.Loc) {
    Region.File = normalisedFile(Loc->getFilename());
    Region.Line = Loc.getLine();
  }
  std::string Suffix =
      ":" + User.Name + "@" + sourceName(Region.File) + ":" + std::to_string(Region.Line);
  Region.Name = Function.Name + Suffix;
  Region.Demangled = Function.Demangled + Suffix;
  Region.Kind = ENERGY_REGION_USER;
  Region.Parent = Parent;
  return Region;
}

uint32_t firstLine(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (!I.isDebugOrPseudoInst())
      if (const DebugLoc &Loc = I.getDebugLoc(); Loc && Loc.getLine())
        return Loc.getLine();
  return 0;
}

/// Blocks with no insertion point (catchswitch) cannot hold a counter.
bool canCount(BasicBlock &BB) { return BB.getFirstInsertionPt() != BB.end(); }

/// A block footprint sampling added around its runtime call: no program code.
bool isFootprintBlock(const BasicBlock &BB) {
  return all_of(
      BB, [](const Instruction &I) { return I.isDebugOrPseudoInst() || isFootprintSampling(I); });
}

/// Plans one module: regions, blocks and dynamic counters into the table,
/// counter placement into one FunctionPlan per function.
class ModulePlanner {
public:
  ModulePlanner(const EnergyOptions &Options, const RegionSelector &Selector,
                const ReturningFunctions &Returning, const CallerCountedEntries &CallerCounted,
                FunctionAnalysisManager &FAM)
      : Options(Options), Selector(Selector), Returning(Returning), CallerCounted(CallerCounted),
        FAM(FAM) {}

  void planFunction(Function &F);

  RegionTable Table;
  SmallVector<FunctionPlan, 0> Plans;
  /// Per plan, the table index of each dynamic site (slots need the final
  /// block count).
  SmallVector<SmallVector<uint32_t, 0>, 0> DynamicIndices;

private:
  SmallVector<BasicBlock *, 2> addCleanups(Function &F);
  using LoopDescs = SmallVector<std::pair<Loop *, RegionDesc>, 4>;
  LoopDescs describeLoops(LoopRegions &Loops, const RegionDesc &Function);
  void planLoops(const LoopRegions &Loops, LoopDescs Described, FunctionPlan &Plan,
                 DenseMap<const Loop *, uint32_t> &LoopRegion);
  SmallVector<uint32_t, 2> planUserRegions(const UserRegions &User, const LoopRegions *Loops,
                                           FunctionPlan &Plan,
                                           const DenseMap<const Loop *, uint32_t> &LoopRegion);
  static void planPromotion(const LoopRegions &Loops, FunctionPlan &Plan);
  void planNesting(FunctionPlan &Plan);
  void planReentries(FunctionPlan &Plan, function_ref<uint32_t(const BasicBlock *)> RegionOf,
                     function_ref<bool(const BasicBlock *)> IsCleanup);
  void planEntryBlocks(const FunctionPlan &Plan,
                       const DenseMap<const BasicBlock *, uint32_t> &IndexOf);
  void planTripCounts(FunctionPlan &Plan);
  void planCounters(FunctionPlan &Plan, ArrayRef<BasicBlock *> Blocks,
                    ArrayRef<uint32_t> BlockIndices);
  void planLoopRegisters(FunctionPlan &Plan);

  const EnergyOptions &Options;
  const RegionSelector &Selector;
  const ReturningFunctions &Returning;
  const CallerCountedEntries &CallerCounted;
  FunctionAnalysisManager &FAM;
  /// Each counted block's count, and how often it reached its terminator
  /// where known, in counter slots: for the entry counts of the functions
  /// it calls (CallerCountedEntries.h).
  DenseMap<const BasicBlock *, SlotTerms> BlockTerms;
  DenseMap<const BasicBlock *, SlotTerms> CompletionTerms;
};

SmallVector<BasicBlock *, 2> ModulePlanner::addCleanups(Function &F) {
  if (!Options.InstrumentLoops)
    return addUnwindExits(F, [](const BasicBlock &) -> const void * { return nullptr; });
  // One cleanup per innermost loop keeps each a dedicated loop exit.
  DominatorTree DT(F);
  LoopInfo LI(DT);
  return addUnwindExits(F,
                        [&LI](const BasicBlock &BB) -> const void * { return LI.getLoopFor(&BB); });
}

/// F's region loops named, then those the filter leaves out dropped: names
/// come from the whole nest, so that a loop keeps its name whichever of its
/// neighbours a filter drops (energy-report filter writes rules by name).
ModulePlanner::LoopDescs ModulePlanner::describeLoops(LoopRegions &Loops,
                                                      const RegionDesc &Function) {
  StringSet<> Taken;
  // Each loop region's place in the nest; loops() is in preorder, siblings
  // in the order of their headers.
  DenseMap<const Loop *, std::string> NestPath;
  DenseMap<const Loop *, unsigned> Children; // by enclosing region, or null
  LoopDescs Described;
  for (Loop *L : Loops.loops()) {
    const Loop *Enclosing = Loops.enclosingRegion(L);
    std::string Rank = std::to_string(++Children[Enclosing]);
    NestPath[L] = Enclosing ? NestPath.lookup(Enclosing) + "." + Rank : Rank;
    Described.emplace_back(L, describeLoop(*L, Function, ENERGY_NO_REGION, NestPath[L], Taken));
  }
  erase_if(Described, [&](const std::pair<Loop *, RegionDesc> &Loop) {
    if (!Selector.excludesLoop(Loop.second.Name, Loop.second.Demangled))
      return false;
    Loops.dropRegion(Loop.first);
    return true;
  });
  return Described;
}

void ModulePlanner::planLoops(const LoopRegions &Loops, LoopDescs Described, FunctionPlan &Plan,
                              DenseMap<const Loop *, uint32_t> &LoopRegion) {
  for (auto &[L, Region] : Described) {
    const Loop *Enclosing = Loops.enclosingRegion(L);
    Region.Parent = Enclosing ? LoopRegion.lookup(Enclosing) : Plan.Region;
    LoopRegion[L] = Table.addRegion(std::move(Region));
    Plan.LoopEntries.emplace_back(L->getLoopPreheader(), LoopRegion[L]);
  }
  for (Loop *L : reverse(Loops.loops())) {
    SmallVector<BasicBlock *, 4> Exits;
    L->getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits)
      Plan.LoopExits[Exit].push_back(LoopRegion.lookup(L));
  }
}

/// Adds F's user regions to the table and returns their table indices; a
/// loop that a user region encloses gets that region as its parent.
SmallVector<uint32_t, 2>
ModulePlanner::planUserRegions(const UserRegions &User, const LoopRegions *Loops,
                               FunctionPlan &Plan,
                               const DenseMap<const Loop *, uint32_t> &LoopRegion) {
  const RegionDesc Function = Table.region(Plan.Region);
  SmallVector<uint32_t, 2> Ids;
  ArrayRef<UserRegions::Region> Regions = User.regions();
  for (const UserRegions::Region &Region : Regions) {
    // The innermost of the enclosing user region and loop region; a loop
    // inside the enclosing user region is nested in it.
    bool InOuter = Region.Outer >= 0 && Regions[Region.Outer].Loop == Region.Loop;
    uint32_t Parent = InOuter       ? Ids[Region.Outer]
                      : Region.Loop ? LoopRegion.lookup(Region.Loop)
                                    : Plan.Region;
    Ids.push_back(Table.addRegion(describeUserRegion(Region, Function, Parent)));
  }
  for (const UserMarker &Marker : User.markers())
    Plan.UserMarkers.push_back({Marker.Before, Ids[Marker.Region], Marker.Enter});
  if (Loops)
    for (Loop *L : Loops->loops())
      if (int Outer = User.enclosingLoop(L->getHeader(), Loops->enclosingRegion(L)); Outer >= 0)
        Table.region(LoopRegion.lookup(L)).Parent = Ids[Outer];
  return Ids;
}

void ModulePlanner::planPromotion(const LoopRegions &Loops, FunctionPlan &Plan) {
  for (Loop *L : Loops.counterLoops()) {
    PromotedLoop &Promoted = Plan.PromotedLoops.emplace_back();
    Promoted.Preheader = L->getLoopPreheader();
    L->getUniqueExitBlocks(Promoted.Exits);
    Promoted.Blocks.insert(L->block_begin(), L->block_end());
  }
}

/// Each of the function's regions' depth below the function's own, by its
/// parents: the function's regions are its region and those added after it.
void ModulePlanner::planNesting(FunctionPlan &Plan) {
  for (uint32_t R = Plan.Region; R < Table.numRegions(); ++R) {
    uint32_t Depth = 0;
    for (uint32_t Up = R; Up != Plan.Region; Up = Table.region(Up).Parent)
      ++Depth;
    Plan.Nesting[R] = Depth;
    Plan.InnerSlots = std::max(Plan.InnerSlots, std::min(Depth, ENERGY_REGION_STACK_SLACK - 1));
  }
}

/// Calls that return twice (setjmp, sigsetjmp, vfork) and landing pads
/// other than the pass's own cleanups: longjmp and exceptions come back
/// there past frames whose exits never ran.
void ModulePlanner::planReentries(FunctionPlan &Plan,
                                  function_ref<uint32_t(const BasicBlock *)> RegionOf,
                                  function_ref<bool(const BasicBlock *)> IsCleanup) {
  for (BasicBlock &BB : *Plan.F) {
    if (IsCleanup(&BB))
      continue;
    uint32_t Nesting = Plan.Nesting.lookup(RegionOf(&BB));
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (isa<LandingPadInst>(I) || (Call && Call->hasFnAttr(Attribute::ReturnsTwice)))
        Plan.Reentries.emplace_back(&I, Nesting);
    }
  }
}

/// The block whose count is each region's entries: the function's entry
/// block, a loop's preheader, the block that ends with a user region's BEGIN
/// (markers end their blocks). A user region begun in several places (the
/// optimiser may duplicate a BEGIN) gets a block of its own that executes
/// nothing: its count terms are those of every BEGIN's block.
void ModulePlanner::planEntryBlocks(const FunctionPlan &Plan,
                                    const DenseMap<const BasicBlock *, uint32_t> &IndexOf) {
  auto SetEntry = [&](uint32_t Region, const BasicBlock *BB) {
    auto It = IndexOf.find(BB);
    Table.region(Region).EntryBlock = It == IndexOf.end() ? ENERGY_NO_BLOCK : It->second;
  };
  SetEntry(Plan.Region, &Plan.F->getEntryBlock());
  for (auto [Preheader, Region] : Plan.LoopEntries)
    SetEntry(Region, Preheader);
  MapVector<uint32_t, SmallVector<const BasicBlock *, 2>> Begins;
  for (const UserMarker &Marker : Plan.UserMarkers)
    if (Marker.Enter)
      Begins[Marker.Region].push_back(Marker.Before->getParent());
  for (const auto &[Region, Blocks] : Begins) {
    if (Blocks.size() == 1) {
      SetEntry(Region, Blocks.front());
      continue;
    }
    energy_block Entries = {Region, 0, {}};
    Entries.cost.flags = ENERGY_BLOCK_ADDED;
    uint32_t Index = Table.addBlock(Entries);
    for (const BasicBlock *BB : Blocks)
      for (auto [Slot, Coefficient] : BlockTerms.lookup(BB))
        Table.addTerm(Index, Slot, Coefficient);
    Table.region(Region).EntryBlock = Index;
  }
}

void ModulePlanner::planTripCounts(FunctionPlan &Plan) {
  Function &F = *Plan.F;
  SmallPtrSet<const BasicBlock *, 16> CallFree;
  for (const PromotedLoop &Loop : Plan.PromotedLoops)
    CallFree.insert(Loop.Blocks.begin(), Loop.Blocks.end());
  Plan.SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
  Plan.TripCounted = findTripCountedLoops(F, CallFree, FAM.getResult<LoopAnalysis>(F),
                                          FAM.getResult<DominatorTreeAnalysis>(F), *Plan.SE,
                                          Options.InductionTripCounts);
}

/// Gives Blocks (table indices BlockIndices) their counters and count terms.
void ModulePlanner::planCounters(FunctionPlan &Plan, ArrayRef<BasicBlock *> Blocks,
                                 ArrayRef<uint32_t> BlockIndices) {
  Function &F = *Plan.F;
  SmallPtrSet<const BasicBlock *, 16> Counted(Blocks.begin(), Blocks.end());
  DenseMap<const BasicBlock *, unsigned> ByTripCount;
  // A group per loop, and one per guarded block: equal counts share a counter.
  unsigned Groups = 0;
  for (const TripCountedLoop &Loop : Plan.TripCounted) {
    unsigned Group = Groups++;
    for (const BasicBlock *BB : Loop.Blocks)
      if (Counted.contains(BB))
        ByTripCount[BB] = Group;
    for (const GuardedBlock &Guarded : Loop.Guarded)
      if (Counted.contains(Guarded.Block))
        ByTripCount[Guarded.Block] = Groups++;
  }
  const BlockFrequencyInfo *BFI = nullptr;
  const BranchProbabilityInfo *BPI = nullptr;
  if (Options.SpanningTree) {
    BFI = &FAM.getResult<BlockFrequencyAnalysis>(F);
    BPI = &FAM.getResult<BranchProbabilityAnalysis>(F);
  }
  std::optional<SlotTerms> Entry;
  if (Options.SpanningTree)
    Entry = CallerCounted.entryTerms(F, BlockTerms, CompletionTerms, Returning, MaxTermsPerBlock);
  CounterPlan Counters = placeCounters(
      F, Blocks, ByTripCount, BFI, BPI, Returning,
      Entry ? ArrayRef(*Entry) : ArrayRef<std::pair<uint32_t, int64_t>>(), Options.SpanningTree);
  SmallVector<uint32_t, 16> Slots;
  for (const PlannedCounter &Counter : Counters.Counters) {
    if (Counter.Slot) {
      Slots.push_back(*Counter.Slot);
      continue;
    }
    uint32_t Slot = Slots.emplace_back(Table.addCounter());
    for (BasicBlock *BB : Counter.Blocks)
      Plan.BlockSlots.emplace_back(BB, Slot);
    if (Counter.Blocks.empty())
      Plan.EdgeSlots.emplace_back(Counter.Edge, Slot);
  }
  auto InSlots = [&](const CountTerms &Terms) {
    SlotTerms Mapped;
    for (auto [Counter, Coefficient] : Terms)
      Mapped.emplace_back(Slots[Counter], Coefficient);
    return Mapped;
  };
  for (auto [BB, Block, Terms, Completion] :
       zip(Blocks, BlockIndices, Counters.Terms, Counters.Completions)) {
    for (auto [Slot, Coefficient] : BlockTerms[BB] = InSlots(Terms))
      Table.addTerm(Block, Slot, Coefficient);
    if (Completion)
      CompletionTerms[BB] = InSlots(*Completion);
  }
}

/// Which counters of each promoted loop live in registers (the choice
/// Options::LoopRegisters explains), by their increments' expected
/// frequency: blocks counted by trip count are added to once, at the exit,
/// and are not candidates, nor are blocks whose innermost loop is longer
/// than Options::LoopRegisterBody: the loop that repeats them is the one
/// whose speed a counter in memory would bound (an outer loop's body holds
/// its inner loops). Sizes are the program's own, before any counter.
void ModulePlanner::planLoopRegisters(FunctionPlan &Plan) {
  if (Plan.PromotedLoops.empty() || Options.LoopRegisters == 0)
    return;
  const auto &BFI = FAM.getResult<BlockFrequencyAnalysis>(*Plan.F);
  const auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(*Plan.F);
  SmallPtrSet<const BasicBlock *, 8> ByTripCount;
  for (const TripCountedLoop &Loop : Plan.TripCounted) {
    ByTripCount.insert(Loop.Blocks.begin(), Loop.Blocks.end());
    for (const GuardedBlock &Guarded : Loop.Guarded)
      ByTripCount.insert(Guarded.Block);
  }
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(*Plan.F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*Plan.F);
  DenseMap<const Loop *, bool> Sweeps;
  auto InShortSweep = [&](const BasicBlock *BB) {
    const Loop *Innermost = LI.getLoopFor(BB);
    auto [It, New] = Sweeps.try_emplace(Innermost, false);
    if (New) {
      unsigned Body = 0;
      for (const BasicBlock *Member : Innermost->blocks())
        Body += Member->sizeWithoutDebug();
      It->second = Body <= Options.LoopRegisterBody &&
                   !isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(Innermost));
    }
    return It->second;
  };
  for (PromotedLoop &Loop : Plan.PromotedLoops) {
    MapVector<uint32_t, uint64_t> Frequency;
    for (auto [BB, Slot] : Plan.BlockSlots)
      if (Loop.Blocks.contains(BB) && !ByTripCount.contains(BB) && InShortSweep(BB))
        Frequency[Slot] += BFI.getBlockFreq(BB).getFrequency();
    for (auto [Point, Slot] : Plan.EdgeSlots) {
      if (!Loop.Blocks.contains(Point.Block) || !InShortSweep(Point.Block))
        continue;
      BlockFrequency Edge = BFI.getBlockFreq(Point.Block);
      if (Point.Where == EdgePoint::OnEdge)
        Edge *= BPI.getEdgeProbability(Point.Block, Point.Successor);
      Frequency[Slot] += Edge.getFrequency();
    }
    uint64_t Entries = BFI.getBlockFreq(Loop.Preheader).getFrequency();
    SmallVector<std::pair<uint64_t, uint32_t>, 8> Hottest;
    for (auto [Slot, Count] : Frequency)
      if (Count / 2 >= Entries)
        Hottest.emplace_back(Count, Slot);
    llvm::sort(Hottest, [](auto A, auto B) {
      return A.first != B.first ? A.first > B.first : A.second < B.second;
    });
    for (auto [Count, Slot] : ArrayRef(Hottest).take_front(Options.LoopRegisters))
      Loop.Slots.insert(Slot);
  }
}

void ModulePlanner::planFunction(Function &F) {
  const DISubprogram *Carried = userCodeCarriedBy(F);
  RegionDesc Function = describeFunction(F, Carried);
  // Before the pass changes the body: the hash is what the program wrote.
  // Names and debug locations are left out of it, so a function renamed with
  // its body unchanged keeps its hash (energy-report diff pairs them).
  Function.BodyHash = StructuralHash(F, /*DetailedHash=*/true);
  // User markers ask for this function's time, whatever its size.
  bool HasMarkers = hasUserMarkers(F);
  if (HasMarkers && !Options.InstrumentRegions) {
    eraseUserMarkers(F);
    HasMarkers = false;
  }
  RegionSelector::Timing Timing =
      HasMarkers ? RegionSelector::Timing::Marked
                 : Selector.timingOf(F, Function.Demangled, Function.File, Carried);
  bool Timed = Options.InstrumentRegions && Timing == RegionSelector::Timing::Marked;
  // A definition the linker may replace with another module's copy (C++
  // inline functions, templates, weak symbols) would be found under the
  // kept copy's module as well.
  if (Options.InstrumentRegions && Options.Timing == ENERGY_TIMING_SAMPLED &&
      Timing == RegionSelector::Timing::ByAddress && !F.isWeakForLinker())
    Function.SampledCode = &F;
  SmallPtrSet<const Instruction *, 4> SplitBranches;
  if (HasMarkers)
    SplitBranches = splitAfterMarkers(F);
  SmallVector<BasicBlock *, 2> Cleanups;
  if (Timed && Options.UnwindExits)
    Cleanups = addCleanups(F);
  bool LoopsAreRegions = Timed && Options.InstrumentLoops;
  std::optional<LoopRegions> Loops;
  if (LoopsAreRegions || Options.PromoteCounters)
    Loops.emplace(F, Options.NestedLoops);
  LoopDescs Described;
  if (LoopsAreRegions)
    Described = describeLoops(*Loops, Function);
  auto LoopRegionOf = [&](const BasicBlock *BB) -> const Loop * {
    return LoopsAreRegions ? Loops->innermostRegion(BB) : nullptr;
  };
  auto IsCleanup = [&](const BasicBlock *BB) { return is_contained(Cleanups, BB); };
  std::optional<UserRegions> User;
  if (HasMarkers)
    User.emplace(F, LoopRegionOf, IsCleanup);

  FunctionPlan &Plan = Plans.emplace_back();
  SmallVector<uint32_t, 0> &Indices = DynamicIndices.emplace_back();
  Plan.F = &F;
  Plan.Timed = Timed;
  Plan.Region = Table.addRegion(std::move(Function));
  DenseMap<const Loop *, uint32_t> LoopRegion;
  if (LoopsAreRegions)
    planLoops(*Loops, std::move(Described), Plan, LoopRegion);
  SmallVector<uint32_t, 2> UserRegion;
  if (User)
    UserRegion = planUserRegions(*User, LoopsAreRegions ? &*Loops : nullptr, Plan, LoopRegion);
  planNesting(Plan);
  auto RegionOf = [&](const BasicBlock *BB) {
    const Loop *Owner = LoopRegionOf(BB);
    int UserOwner = User ? User->ownerOf(BB) : -1;
    return UserOwner >= 0 ? UserRegion[UserOwner] : Owner ? LoopRegion.lookup(Owner) : Plan.Region;
  };
  if (Timed && Options.Timing == ENERGY_TIMING_SAMPLED)
    planReentries(Plan, RegionOf, IsCleanup);
  if (Loops && Options.PromoteCounters)
    planPromotion(*Loops, Plan);
  // The CFG has changed (preheaders, exits, cleanups, split markers) since
  // any cached analysis of F was computed.
  FAM.invalidate(F, PreservedAnalyses::none());
  if (Options.TripCounts && !Plan.PromotedLoops.empty())
    planTripCounts(Plan);

  CostContext Costs(F, &FAM.getResult<TargetLibraryAnalysis>(F));
  SmallPtrSet<const BasicBlock *, 4> LoopEntryBlocks;
  for (auto [Preheader, Region] : Plan.LoopEntries)
    LoopEntryBlocks.insert(Preheader);
  SmallVector<BasicBlock *, 16> Counted;
  SmallVector<uint32_t, 16> CountedIndices;
  DenseMap<const BasicBlock *, uint32_t> IndexOf;
  for (BasicBlock &BB : F) {
    // A preheader the pass added is counted for its loop's entries alone.
    bool Added = Loops && Loops->isAddedBlock(&BB);
    bool AddedEntry = Added && LoopEntryBlocks.contains(&BB);
    if (is_contained(Cleanups, &BB) || (Added && !AddedEntry) || !canCount(BB) ||
        isFootprintBlock(BB))
      continue;
    uint32_t Region = RegionOf(&BB);
    BlockCost Cost;
    if (AddedEntry)
      Cost.Static.flags = ENERGY_BLOCK_ADDED;
    else
      Cost = computeBlockCost(BB, Costs);
    // The branch that split the block after a marker is the pass's own.
    const Instruction *OwnBranch =
        SplitBranches.contains(BB.getTerminator()) ? BB.getTerminator() : nullptr;
    if (OwnBranch)
      --Cost.Static.instructions;
    uint32_t Index = Table.addBlock({Region, firstLine(BB), Cost.Static});
    if (!AddedEntry)
      addBlockLines(Table, Index, BB, Costs, OwnBranch);
    Counted.push_back(&BB);
    CountedIndices.push_back(Index);
    IndexOf[&BB] = Index;
    for (DynamicSite &Site : Cost.Dynamic) {
      Site.Entry.block = Index;
      Indices.push_back(Table.addDynamic(Site.Entry));
      Plan.DynamicSlots.emplace_back(Site, 0);
    }
  }
  planCounters(Plan, Counted, CountedIndices);
  planLoopRegisters(Plan);
  planEntryBlocks(Plan, IndexOf);
  LLVM_DEBUG(dbgs() << "energy: " << F.getName() << (Timed ? "" : " (untimed)") << ": "
                    << Counted.size() << " blocks, " << Plan.EdgeSlots.size() << " edge counters, "
                    << Plan.LoopEntries.size() << " loop regions, " << Plan.DynamicSlots.size()
                    << " dynamic sites\n");
}

} // namespace

PreservedAnalyses EnergyPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (isAlreadyInstrumented(M))
    return PreservedAnalyses::all();
  if (isGpuModule(M)) {
    if (!Triple(M.getTargetTriple()).isNVPTX() || !instrumentNvptxKernels(M, Options))
      return PreservedAnalyses::all();
    M.addModuleFlag(Module::Max, ENERGY_MODULE_FLAG, 1);
    return PreservedAnalyses::none();
  }
  std::optional<FilterFile> Filter;
  if (!Options.FilterFile.empty()) {
    Expected<FilterFile> Loaded = FilterFile::load(Options.FilterFile);
    if (!Loaded) {
      M.getContext().emitError("energy-instrument: " + toString(Loaded.takeError()));
      return PreservedAnalyses::all();
    }
    Filter = std::move(*Loaded);
  }
  M.addModuleFlag(Module::Max, ENERGY_MODULE_FLAG, 1);
  // Emulated kernels are counted per CUDA thread, as on a GPU, not as host
  // code.
  SmallPtrSet<Function *, 8> DeviceFunctions;
  bool DeviceChanged = instrumentEmulatedKernels(M, Options, DeviceFunctions);

  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  RegionSelector Selector(M, Options, Filter ? &*Filter : nullptr);
  ReturningFunctions Returning(M);
  auto Instrumented = [&](const Function &F) {
    return isInstrumentable(F) && !DeviceFunctions.contains(&F);
  };
  CallerCountedEntries CallerCounted(M, Instrumented);
  ModulePlanner Planner(Options, Selector, Returning, CallerCounted, FAM);
  // Callers first: a function whose entries its callers count needs their
  // counts.
  for (Function &F : M)
    if (Instrumented(F) && !CallerCounted.contains(F))
      Planner.planFunction(F);
  for (Function *F : CallerCounted.order())
    Planner.planFunction(*F);
  // Markers in code that is not instrumented here have nothing to lower to.
  eraseUserMarkers(M);
  if (Planner.Plans.empty())
    return DeviceChanged ? PreservedAnalyses::none() : PreservedAnalyses::all();

  EmittedTable Emitted = Planner.Table.emit(M, Options.Timing, Options.Continuous);
  Instrumenter Rewriter(M, Emitted, Options);
  for (auto [Plan, Indices] : zip(Planner.Plans, Planner.DynamicIndices)) {
    for (auto [Dynamic, Index] : zip(Plan.DynamicSlots, Indices))
      Dynamic.second = Planner.Table.dynamicSlot(Index);
    Rewriter.instrument(Plan);
  }
  return PreservedAnalyses::none();
}

} // namespace energy
