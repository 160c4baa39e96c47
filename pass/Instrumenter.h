//===- Instrumenter.h - Counter increments and region markers -------------===//
//
// Rewrites one function after its blocks have been given counter slots: the
// calling thread's counter array is looked up in each block that counts
// (llvm.threadlocal.address; once, in the entry block, in shared libraries
// where that costs a call), each block adds 1 to its slot with a plain
// load/add/store (per-thread array, so no atomics), dynamic sites add their
// run-time amount to their slot, and the region is entered at function entry
// and left before every `ret` (before a musttail call) and `resume`; loop
// regions are entered at the end of their preheader and left at the top of
// each exit block, inner loops first; user regions are entered and left
// where their markers were. With sampled timing (the default) entering a
// region is two stores to the runtime's thread-local region stack and
// leaving it one, inline; with exact timing each is a runtime call. In a
// loop that calls nothing, the
// counters live in registers: loaded in the preheader, written back in the
// exit blocks (see LoopRegions.h), so a hot loop pays an add per block
// instead of a load/add/store to thread-local memory, and nothing at all for
// the blocks counted by the loop's trip count at its exit (TripCounts.h).
// Elsewhere counters sit on the CFG edges off a spanning tree
// (CounterPlacement.h), split into their own block where an edge is
// critical.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_INSTRUMENTER_H
#define ENERGYPASS_INSTRUMENTER_H

#include "CostModel.h"
#include "CounterPlacement.h"
#include "Options.h"
#include "RegionTable.h"
#include "TripCounts.h"
#include "UserRegions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"

#include <utility>

namespace energy {

/// A loop whose hottest counters are kept in registers while it runs.
struct PromotedLoop {
  llvm::BasicBlock *Preheader = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 2> Exits;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> Blocks;
  /// The counter slots that live in registers: the others are added to in
  /// memory, in the loop as elsewhere.
  llvm::SmallDenseSet<uint32_t, 4> Slots;
};

/// Where the counters of one function go; built by the pass, read here.
struct FunctionPlan {
  llvm::Function *F = nullptr;
  uint32_t Region = ENERGY_NO_REGION;
  /// Whether the function's region gets enter/exit markers.
  bool Timed = true;
  /// Per region of this function, how many of the function's regions
  /// enclose it (the function's own region: 0): where sampled timing puts
  /// it on the thread's region stack, relative to the depth at entry.
  llvm::SmallDenseMap<uint32_t, uint32_t, 4> Nesting;
  /// Sampled timing: the slots the function keeps above its own for its
  /// nested regions (abi.h), its deepest nesting, at most
  /// ENERGY_REGION_STACK_SLACK - 1; a region nested deeper is not pushed.
  uint32_t InnerSlots = 0;
  /// Where control comes back into the function past frames it never saw
  /// leave (after a returns_twice call such as setjmp, at a landing pad),
  /// and the nesting of the region open there: sampled, the stack is cut
  /// back to the function's own slots and those nested deeper are closed.
  llvm::SmallVector<std::pair<llvm::Instruction *, uint32_t>, 0> Reentries;
  /// Loop regions: entered in the preheader, left in the exit blocks (listed
  /// innermost loop first).
  llvm::SmallVector<std::pair<llvm::BasicBlock *, uint32_t>, 2> LoopEntries;
  llvm::MapVector<llvm::BasicBlock *, llvm::SmallVector<uint32_t, 2>> LoopExits;
  /// User regions (UserRegions.h): entered or left where their markers were.
  llvm::SmallVector<UserMarker, 0> UserMarkers;
  llvm::SmallVector<PromotedLoop, 1> PromotedLoops;
  /// Blocks of promoted loops counted by their loop's trip count, and the
  /// analysis their SCEVs belong to.
  llvm::SmallVector<TripCountedLoop, 1> TripCounted;
  llvm::ScalarEvolution *SE = nullptr;
  /// Blocks counted by themselves, and their counter slots.
  llvm::SmallVector<std::pair<llvm::BasicBlock *, uint32_t>, 8> BlockSlots;
  /// Edges that carry a counter (CounterPlacement.h), and their slots.
  llvm::SmallVector<std::pair<EdgePoint, uint32_t>, 8> EdgeSlots;
  llvm::SmallVector<std::pair<DynamicSite, uint32_t>, 0> DynamicSlots;
};

class Instrumenter {
public:
  Instrumenter(llvm::Module &M, const EmittedTable &Table, const EnergyOptions &Options);

  void instrument(const FunctionPlan &Plan);

private:
  /// Per-function state of the rewrite.
  struct FunctionState {
    const FunctionPlan &Plan;
    llvm::Value *Counters;
    llvm::DenseMap<uint32_t, llvm::AllocaInst *> Registers;
    /// The same, in creation order, for a deterministic mem2reg.
    llvm::SmallVector<llvm::AllocaInst *, 8> Promoted;
    /// Sampled timing: the region stack's address in the entry block, the
    /// thread's region-stack depth at function entry, and the address of
    /// the slot at that depth (abi.h: a region at nesting n is n above it).
    llvm::Value *EntryStack = nullptr;
    llvm::Value *EntryDepth = nullptr;
    llvm::Value *EntrySlot = nullptr;
  };

  llvm::Value *counterSlot(llvm::IRBuilder<> &B, FunctionState &State, uint32_t Slot);
  llvm::Value *counterAddress(llvm::IRBuilder<> &B, FunctionState &State,
                              const llvm::BasicBlock &BB, uint32_t Slot);
  llvm::AllocaInst *promote(FunctionState &State, const PromotedLoop &Loop, uint32_t Slot);
  llvm::Value *tripsFromInduction(llvm::IRBuilder<> &B, const ExitInduction &Induction);
  void addToCounter(llvm::IRBuilder<> &B, llvm::Value *Address, llvm::Value *Amount);
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> countByTripCounts(FunctionState &State);
  llvm::Value *dynamicAmount(llvm::IRBuilder<> &B, const DynamicSite &Site);
  void countEdges(FunctionState &State, llvm::IRBuilder<> &EntryBuilder);
  void insertExits(FunctionState &State);
  void insertLoopMarkers(FunctionState &State);
  void insertUserMarkers(FunctionState &State);
  void insertReentries(FunctionState &State);
  void enterRegion(llvm::IRBuilder<> &B, FunctionState &State, uint32_t Region);
  void leaveRegion(llvm::IRBuilder<> &B, FunctionState &State, uint32_t Region);
  void callRuntime(llvm::IRBuilder<> &B, llvm::FunctionCallee Callee, uint32_t Region);
  llvm::Value *regionStackField(llvm::IRBuilder<> &B, llvm::Value *Stack, unsigned Field);
  llvm::Value *loadEntryDepth(llvm::IRBuilder<> &B, llvm::Value *Stack);
  llvm::Value *entrySlot(llvm::IRBuilder<> &B, llvm::Value *Stack, llvm::Value *Depth);
  void storeInnerSlot(llvm::IRBuilder<> &B, FunctionState &State, uint32_t Nesting,
                      uint64_t Contents);
  bool pushed(const FunctionState &State, uint32_t Region) const;
  void pushSampledFunction(llvm::IRBuilder<> &B, FunctionState &State, uint32_t Region);
  void setSampledDepth(llvm::IRBuilder<> &B, llvm::Value *Stack, llvm::Value *Depth);

  const EmittedTable &Table;
  const EnergyOptions &Options;
  /// The counters are local-exec TLS (see hasLocalExecCounters).
  bool LocalExec;
  llvm::Type *I64;
  llvm::FunctionCallee Enter;
  llvm::FunctionCallee Exit;
  /// Sampled timing: the runtime's thread-local region stack.
  llvm::GlobalVariable *RegionStack = nullptr;
};

} // namespace energy

#endif // ENERGYPASS_INSTRUMENTER_H
