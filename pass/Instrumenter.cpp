//===- Instrumenter.cpp - Counter increments and region markers -----------===//
//
// See Instrumenter.h. Everything inserted here carries a line-0 location in
// the function's scope, so debuggers and profilers do not attribute it to
// the user's source lines.
//
//===----------------------------------------------------------------------===//
#include "Instrumenter.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace energy {
namespace {

FunctionCallee declareRuntime(Module &M, StringRef Name) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Callee = M.getOrInsertFunction(
      Name, FunctionType::get(Type::getVoidTy(Ctx),
                              {PointerType::getUnqual(Ctx), Type::getInt32Ty(Ctx)}, false));
  // The runtime's markers never throw; saying so keeps them calls, not
  // invokes, and lets the unwind cleanup stay the only landing pad we add.
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    F->setDoesNotThrow();
  return Callee;
}

/// A builder at BB's insertion point after its allocas, so that static
/// allocas stay together at the top of the entry block.
IRBuilder<> builderAfterAllocas(BasicBlock &BB) {
  BasicBlock::iterator It = BB.getFirstInsertionPt();
  while (It != BB.end() && isa<AllocaInst>(*It))
    ++It;
  return IRBuilder<>(&BB, It);
}

void setArtificialLocation(IRBuilder<> &B, Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(F.getContext(), 0, 0, SP));
}

/// Set lanes of a vector of i1.
Value *activeLanes(IRBuilder<> &B, Value *Mask) {
  auto *MaskTy = cast<VectorType>(Mask->getType());
  if (auto *Fixed = dyn_cast<FixedVectorType>(MaskTy)) {
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(Fixed->getNumElements()));
    Value *Set = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits);
    return B.CreateZExtOrTrunc(Set, B.getInt64Ty());
  }
  Value *Wide = B.CreateZExt(Mask, VectorType::get(B.getInt64Ty(), MaskTy->getElementCount()));
  return B.CreateAddReduce(Wide);
}

Value *slotAddress(IRBuilder<> &B, Value *Counters, uint32_t Slot) {
  return B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), Counters, Slot, "energy.slot");
}

/// The promoted loop that contains BB, or null.
const PromotedLoop *promotedLoopOf(const FunctionPlan &Plan, const BasicBlock &BB) {
  for (const PromotedLoop &Loop : Plan.PromotedLoops)
    if (Loop.Blocks.contains(&BB))
      return &Loop;
  return nullptr;
}

/// Whether Slot, counted in BB, lives in a register of BB's loop.
bool inRegister(const FunctionPlan &Plan, const BasicBlock &BB, uint32_t Slot) {
  const PromotedLoop *Loop = promotedLoopOf(Plan, BB);
  return Loop && Loop->Slots.contains(Slot);
}

/// Whether the counter array's address is a constant offset from the thread
/// pointer (local-exec TLS: an executable, PIE or not), so that each block may
/// compute it where it counts, folded into the add's addressing mode. In a
/// shared library it is a call to __tls_get_addr, made once per call of the
/// function, in its entry block.
bool hasLocalExecCounters(const Module &M) {
  return M.getPICLevel() == PICLevel::NotPIC || M.getPIELevel() != PIELevel::Default;
}

/// The runtime's region stack (abi.h). Initial-exec: the runtime is loaded
/// with the program, and a general-dynamic access would be a call.
GlobalVariable *declareRegionStack(Module &M) {
  if (GlobalVariable *Existing = M.getNamedGlobal(ENERGY_REGION_STACK))
    return Existing;
  return new GlobalVariable(M, AbiTypes::get(M.getContext()).RegionStack,
                            /*isConstant=*/false, GlobalValue::ExternalLinkage, nullptr,
                            ENERGY_REGION_STACK, nullptr, GlobalValue::InitialExecTLSModel);
}

} // namespace

Instrumenter::Instrumenter(Module &M, const EmittedTable &Table, const EnergyOptions &Options)
    : Table(Table), Options(Options), LocalExec(hasLocalExecCounters(M)),
      I64(Type::getInt64Ty(M.getContext())) {
  if (Options.Timing == ENERGY_TIMING_EXACT) {
    Enter = declareRuntime(M, ENERGY_REGION_ENTER);
    Exit = declareRuntime(M, ENERGY_REGION_EXIT);
  } else {
    RegionStack = declareRegionStack(M);
  }
}

/// A stack slot standing for counter Slot during Loop: loaded from the
/// counter array in the preheader, stored back at every exit. mem2reg turns
/// it into registers once the function is rewritten.
AllocaInst *Instrumenter::promote(FunctionState &State, const PromotedLoop &Loop, uint32_t Slot) {
  Function &F = *State.Plan.F;
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> AllocaBuilder(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *Register = AllocaBuilder.CreateAlloca(I64, nullptr, "energy.register");

  IRBuilder<> Load(Loop.Preheader->getTerminator());
  setArtificialLocation(Load, F);
  Load.CreateAlignedStore(
      Load.CreateAlignedLoad(I64, counterSlot(Load, State, Slot), Align(8), "energy.count"),
      Register, Align(8));
  for (BasicBlock *Exit : Loop.Exits) {
    IRBuilder<> Store(Exit, Exit->getFirstInsertionPt());
    setArtificialLocation(Store, F);
    Store.CreateAlignedStore(Store.CreateAlignedLoad(I64, Register, Align(8), "energy.count"),
                             counterSlot(Store, State, Slot), Align(8));
  }
  return Register;
}

Value *Instrumenter::counterSlot(IRBuilder<> &B, FunctionState &State, uint32_t Slot) {
  Value *Counters = State.Counters;
  if (LocalExec && B.GetInsertBlock() != &State.Plan.F->getEntryBlock()) {
    Counters = B.CreateThreadLocalAddress(Table.Counters);
    Counters->setName("energy.counters");
  }
  return slotAddress(B, Counters, Slot);
}

Value *Instrumenter::counterAddress(IRBuilder<> &B, FunctionState &State, const BasicBlock &BB,
                                    uint32_t Slot) {
  const PromotedLoop *Loop = promotedLoopOf(State.Plan, BB);
  if (!Loop || !Loop->Slots.contains(Slot))
    return counterSlot(B, State, Slot);
  AllocaInst *&Register = State.Registers[Slot];
  if (!Register) {
    Register = promote(State, *Loop, Slot);
    State.Promoted.push_back(Register);
  }
  return Register;
}

/// Adds each trip-counted block's trip count to its counter at its loop's
/// exit, and returns the blocks so counted. The counter is the block's
/// register; the exit may be where the register is written back, so the
/// register exists (and its write-back is in place) before the add goes in
/// front of it.
SmallPtrSet<const BasicBlock *, 8> Instrumenter::countByTripCounts(FunctionState &State) {
  const FunctionPlan &Plan = State.Plan;
  SmallPtrSet<const BasicBlock *, 8> Counted;
  if (Plan.TripCounted.empty())
    return Counted;
  DenseMap<const BasicBlock *, uint32_t> SlotOf;
  for (auto [BB, Slot] : Plan.BlockSlots)
    SlotOf[BB] = Slot;
  SCEVExpander Expander(*Plan.SE, Plan.F->getParent()->getDataLayout(), "energy.trips");
  for (const TripCountedLoop &Loop : Plan.TripCounted) {
    Value *Trips = nullptr;
    // Blocks of one loop may share their counter: one add of the trips each.
    SmallDenseSet<uint32_t, 4> Added;
    auto CountBy = [&](BasicBlock *BB, const GuardedBlock *Guard) {
      auto It = SlotOf.find(BB);
      if (It == SlotOf.end())
        return;
      Counted.insert(BB);
      if (!Added.insert(It->second).second)
        return;
      if (Loop.TripCount && !Trips)
        Trips = Expander.expandCodeFor(Loop.TripCount, I64, Loop.Preheader->getTerminator());
      IRBuilder<> B(Loop.Exit, Loop.Exit->getFirstInsertionPt());
      setArtificialLocation(B, *Plan.F);
      if (inRegister(Plan, *BB, It->second))
        counterAddress(B, State, *BB, It->second);
      B.SetInsertPoint(Loop.Exit, Loop.Exit->getFirstInsertionPt());
      // From an induction variable, computed where it is added: each add
      // goes in front of the last.
      Value *Amount = Trips ? Trips : tripsFromInduction(B, Loop.Induction);
      Value *Address = counterAddress(B, State, *BB, It->second);
      if (Guard) {
        Value *Zero = B.getInt64(0);
        Amount = B.CreateSelect(Guard->Condition, Guard->WhenTrue ? Amount : Zero,
                                Guard->WhenTrue ? Zero : Amount, "energy.guarded");
      }
      addToCounter(B, Address, Amount);
    };
    for (BasicBlock *BB : Loop.Blocks)
      CountBy(BB, nullptr);
    for (const GuardedBlock &Guarded : Loop.Guarded)
      CountBy(Guarded.Block, &Guarded);
  }
  return Counted;
}

/// (phi - start) / step + 1, where the loop has left: the phi holds its
/// value in the last iteration.
Value *Instrumenter::tripsFromInduction(IRBuilder<> &B, const ExitInduction &Induction) {
  auto Widen = [&](Value *V) -> Value * {
    if (V->getType()->isPointerTy())
      return B.CreatePtrToInt(V, I64);
    return Induction.SignExtend ? B.CreateSExtOrTrunc(V, I64) : B.CreateZExtOrTrunc(V, I64);
  };
  Value *Moved = B.CreateSub(Widen(Induction.Phi), Widen(Induction.Start), "energy.moved");
  Value *Steps = B.CreateExactSDiv(Moved, ConstantInt::get(I64, Induction.Step, /*IsSigned=*/true));
  return B.CreateAdd(Steps, ConstantInt::get(I64, 1), "energy.trips");
}

void Instrumenter::addToCounter(IRBuilder<> &B, Value *Address, Value *Amount) {
  Value *Old = B.CreateAlignedLoad(I64, Address, Align(8), "energy.count");
  B.CreateAlignedStore(B.CreateAdd(Old, Amount, "energy.next"), Address, Align(8));
}

Value *Instrumenter::dynamicAmount(IRBuilder<> &B, const DynamicSite &Site) {
  if (Site.Length)
    return B.CreateZExtOrTrunc(Site.Length, I64);
  return B.CreateMul(activeLanes(B, Site.Mask), ConstantInt::get(I64, Site.BytesPerLane),
                     "energy.bytes");
}

void Instrumenter::callRuntime(IRBuilder<> &B, FunctionCallee Callee, uint32_t Region) {
  // Never a tail call: the runtime tells a live frame from an unwound one by
  // the stack address of the call, which a sibling call would reuse.
  B.CreateCall(Callee, {Table.Descriptor, B.getInt32(Region)})
      ->setTailCallKind(CallInst::TCK_NoTail);
}

/// Adds 1 to each edge counter where the plan put it. Critical edges get a
/// block of their own first; the entry block's counters go after the
/// counter array's address, which the entry builder has just computed. In a
/// loop whose counters live in registers, so do its edges' (a split exit
/// edge's too: its block runs before the exit block writes them back).
void Instrumenter::countEdges(FunctionState &State, IRBuilder<> &EntryBuilder) {
  Function &F = *State.Plan.F;
  for (auto [Point, Slot] : State.Plan.EdgeSlots) {
    BasicBlock *At = Point.Block;
    if (Point.Where == EdgePoint::OnEdge) {
      At = SplitCriticalEdge(Point.Block->getTerminator(), Point.Successor);
      assert(At && "CounterPlacement only splits splittable critical edges");
    }
    if (Point.Where != EdgePoint::BeforeTerminator && At == &F.getEntryBlock()) {
      addToCounter(EntryBuilder, counterSlot(EntryBuilder, State, Slot), EntryBuilder.getInt64(1));
      continue;
    }
    IRBuilder<> B = Point.Where == EdgePoint::BeforeTerminator
                        ? IRBuilder<>(At->getTerminator())
                        : IRBuilder<>(At, At->getFirstInsertionPt());
    setArtificialLocation(B, F);
    addToCounter(B, counterAddress(B, State, *Point.Block, Slot), B.getInt64(1));
  }
}

Value *Instrumenter::regionStackField(IRBuilder<> &B, Value *Stack, unsigned Field) {
  return B.CreateStructGEP(AbiTypes::get(B.getContext()).RegionStack, Stack, Field);
}

Value *Instrumenter::loadEntryDepth(IRBuilder<> &B, Value *Stack) {
  return B.CreateAlignedLoad(B.getInt32Ty(), regionStackField(B, Stack, 0), Align(4),
                             "energy.depth");
}

/// The slot at Depth in the calling thread's array of open regions.
Value *Instrumenter::entrySlot(IRBuilder<> &B, Value *Stack, Value *Depth) {
  Value *Open =
      B.CreateAlignedLoad(B.getPtrTy(), regionStackField(B, Stack, 2), Align(8), "energy.open");
  Value *Slot = B.CreateAnd(Depth, B.getInt32(ENERGY_REGION_STACK_SLOTS - 1));
  return B.CreateInBoundsGEP(B.getPtrTy(), Open, B.CreateZExt(Slot, I64), "energy.region.slot");
}

/// Slot Nesting above the function's own: a nested region's tagged index,
/// or zero (abi.h).
void Instrumenter::storeInnerSlot(IRBuilder<> &B, FunctionState &State, uint32_t Nesting,
                                  uint64_t Contents) {
  Value *Slot =
      B.CreateConstInBoundsGEP1_32(B.getPtrTy(), State.EntrySlot, Nesting, "energy.region.slot");
  const DataLayout &DL = State.Plan.F->getParent()->getDataLayout();
  B.CreateAlignedStore(ConstantInt::get(DL.getIntPtrType(B.getContext()), Contents), Slot,
                       DL.getPointerABIAlignment(0), /*isVolatile=*/true);
}

/// Sampled: whether Region has a slot of the function's (abi.h).
bool Instrumenter::pushed(const FunctionState &State, uint32_t Region) const {
  return State.Plan.Nesting.lookup(Region) <= State.Plan.InnerSlots;
}

/// The function's push claims its slot and the ones above it for its nested
/// regions, which it closes, then names the function. All stores volatile,
/// so that they stay in this order (abi.h says why).
void Instrumenter::pushSampledFunction(IRBuilder<> &B, FunctionState &State, uint32_t Region) {
  uint32_t Inner = State.Plan.InnerSlots;
  setSampledDepth(B, State.EntryStack, B.CreateAdd(State.EntryDepth, B.getInt32(1 + Inner)));
  for (uint32_t N = 1; N <= Inner; ++N)
    storeInnerSlot(B, State, N, 0);
  Constant *Entry = ConstantExpr::getInBoundsGetElementPtr(
      Table.Regions->getValueType(), Table.Regions,
      ArrayRef<Constant *>{B.getInt64(0), B.getInt64(Region)});
  B.CreateAlignedStore(Entry, State.EntrySlot, Align(8), /*isVolatile=*/true);
}

void Instrumenter::setSampledDepth(IRBuilder<> &B, Value *Stack, Value *Depth) {
  B.CreateAlignedStore(Depth, regionStackField(B, Stack, 0), Align(4),
                       /*isVolatile=*/true);
}

/// Sampled: a nested region tags its slot, the ones above it being closed
/// already (abi.h).
void Instrumenter::enterRegion(IRBuilder<> &B, FunctionState &State, uint32_t Region) {
  if (Options.Timing == ENERGY_TIMING_EXACT) {
    callRuntime(B, Enter, Region);
    return;
  }
  if (!pushed(State, Region))
    return;
  if (uint32_t Nesting = State.Plan.Nesting.lookup(Region)) {
    storeInnerSlot(B, State, Nesting, ENERGY_REGION_SLOT_TAG(Region));
    return;
  }
  pushSampledFunction(B, State, Region);
}

/// Sampled: the function leaves by storing back the depth at its entry, so
/// that a frame skipped by longjmp or an exception goes too; a nested
/// region by closing its slot.
void Instrumenter::leaveRegion(IRBuilder<> &B, FunctionState &State, uint32_t Region) {
  if (Options.Timing == ENERGY_TIMING_EXACT) {
    callRuntime(B, Exit, Region);
    return;
  }
  if (!pushed(State, Region))
    return;
  uint32_t Nesting = State.Plan.Nesting.lookup(Region);
  if (Nesting == 0)
    setSampledDepth(B, B.CreateThreadLocalAddress(RegionStack), State.EntryDepth);
  else
    storeInnerSlot(B, State, Nesting, 0);
}

void Instrumenter::insertExits(FunctionState &State) {
  Function &F = *State.Plan.F;
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    Instruction *Before = nullptr;
    if (auto *Ret = dyn_cast<ReturnInst>(Term)) {
      // Nothing may sit between a musttail call and its ret.
      CallInst *MustTail = BB.getTerminatingMustTailCall();
      Before = MustTail ? static_cast<Instruction *>(MustTail) : Ret;
    } else if (isa<ResumeInst>(Term)) {
      Before = Term;
    }
    if (!Before)
      continue;
    IRBuilder<> B(Before);
    setArtificialLocation(B, F);
    leaveRegion(B, State, State.Plan.Region);
  }
}

void Instrumenter::insertLoopMarkers(FunctionState &State) {
  const FunctionPlan &Plan = State.Plan;
  for (auto [Preheader, Region] : Plan.LoopEntries) {
    IRBuilder<> B(Preheader->getTerminator());
    setArtificialLocation(B, *Plan.F);
    enterRegion(B, State, Region);
  }
  for (const auto &[ExitBlock, Regions] : Plan.LoopExits) {
    IRBuilder<> B(ExitBlock, ExitBlock->getFirstInsertionPt());
    setArtificialLocation(B, *Plan.F);
    // Innermost first, so that no open region ever has a closed one below
    // it (abi.h).
    for (uint32_t Region : Regions)
      leaveRegion(B, State, Region);
  }
}

void Instrumenter::insertUserMarkers(FunctionState &State) {
  for (const UserMarker &Marker : State.Plan.UserMarkers) {
    IRBuilder<> B(Marker.Before);
    setArtificialLocation(B, *State.Plan.F);
    if (Marker.Enter)
      enterRegion(B, State, Marker.Region);
    else
      leaveRegion(B, State, Marker.Region);
  }
}

/// Sampled: back in the function past frames that never left (longjmp, an
/// exception), the depth is the function's own again and the regions
/// nested deeper than the one open here are closed (abi.h).
void Instrumenter::insertReentries(FunctionState &State) {
  const FunctionPlan &Plan = State.Plan;
  for (auto [At, Nesting] : Plan.Reentries) {
    IRBuilder<> B(At->getParent(), std::next(At->getIterator()));
    if (isa<PHINode>(*B.GetInsertPoint()) || B.GetInsertPoint()->isEHPad())
      B.SetInsertPoint(At->getParent(), At->getParent()->getFirstInsertionPt());
    setArtificialLocation(B, *Plan.F);
    setSampledDepth(B, B.CreateThreadLocalAddress(RegionStack),
                    B.CreateAdd(State.EntryDepth, B.getInt32(1 + Plan.InnerSlots)));
    for (uint32_t N = Nesting + 1; N <= Plan.InnerSlots; ++N)
      storeInnerSlot(B, State, N, 0);
  }
}

void Instrumenter::instrument(const FunctionPlan &Plan) {
  Function &F = *Plan.F;
  bool Timed = Options.InstrumentRegions && Plan.Timed;
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> EntryBuilder = builderAfterAllocas(Entry);
  setArtificialLocation(EntryBuilder, F);
  FunctionState State{Plan, nullptr, DenseMap<uint32_t, AllocaInst *>(), {}};
  if (Timed) {
    if (Options.Timing == ENERGY_TIMING_SAMPLED) {
      State.EntryStack = EntryBuilder.CreateThreadLocalAddress(RegionStack);
      State.EntryDepth = loadEntryDepth(EntryBuilder, State.EntryStack);
      State.EntrySlot = entrySlot(EntryBuilder, State.EntryStack, State.EntryDepth);
    }
    enterRegion(EntryBuilder, State, Plan.Region);
  }
  Value *Counters = EntryBuilder.CreateThreadLocalAddress(Table.Counters);
  Counters->setName("energy.counters");
  State.Counters = Counters;

  SmallPtrSet<const BasicBlock *, 8> TripCounted = countByTripCounts(State);
  for (auto [BB, Slot] : Plan.BlockSlots) {
    if (TripCounted.contains(BB))
      continue;
    if (BB == &Entry) {
      addToCounter(EntryBuilder, slotAddress(EntryBuilder, Counters, Slot),
                   EntryBuilder.getInt64(1));
      continue;
    }
    IRBuilder<> B(BB, BB->getFirstInsertionPt());
    setArtificialLocation(B, F);
    addToCounter(B, counterAddress(B, State, *BB, Slot), B.getInt64(1));
  }
  countEdges(State, EntryBuilder);
  for (const auto &[Site, Slot] : Plan.DynamicSlots) {
    IRBuilder<> B(Site.Site);
    setArtificialLocation(B, F);
    Value *Amount = dynamicAmount(B, Site);
    addToCounter(B, counterAddress(B, State, *Site.Site->getParent(), Slot), Amount);
  }
  if (!State.Promoted.empty()) {
    DominatorTree DT(F);
    PromoteMemToReg(State.Promoted, DT);
  }
  if (Timed) {
    // Before the loop markers: a user region that ends a loop's preheader
    // encloses the loop, so it is entered first.
    insertUserMarkers(State);
    insertLoopMarkers(State);
    insertExits(State);
    if (Options.Timing == ENERGY_TIMING_SAMPLED)
      insertReentries(State);
  }
}

} // namespace energy
