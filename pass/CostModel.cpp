//===- CostModel.cpp - Static cost vector of a basic block ----------------===//
//
// Counts what one execution of a block does, instruction by instruction. The
// rules follow docs/counting.md: a vector operation counts each lane, an FMA
// lane counts 2 FLOPs (llvm.fmuladd is an FMA only where the target fuses it,
// a multiply and an add elsewhere), an FP operation that instruction selection
// merges into an identical one of the block counts nothing, atomic FP
// read-modify-writes count their operation, fneg/fabs/copysign/conversions/
// compares are not FLOPs, and masked accesses and FP operations kept under a
// mask count only their active lanes (at run time when the mask is not a
// constant).
//
//===----------------------------------------------------------------------===//
#include "CostModel.h"
#include "FootprintSampling.h"
#include "SelectedFpOps.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <optional>

using namespace llvm;

namespace energy {
namespace {

std::optional<energy_precision> precisionOf(Type *Ty) {
  Ty = Ty->getScalarType();
  if (Ty->isHalfTy() || Ty->isBFloatTy())
    return ENERGY_PREC_HALF;
  if (Ty->isFloatTy())
    return ENERGY_PREC_FLOAT;
  // double and the wider formats (x86_fp80, fp128) share the double slot.
  if (Ty->isFloatingPointTy())
    return ENERGY_PREC_DOUBLE;
  return std::nullopt;
}

/// Lanes of a vector (the minimum for scalable vectors), 1 for a scalar.
uint64_t lanesOf(Type *Ty) {
  if (auto *VT = dyn_cast<VectorType>(Ty))
    return VT->getElementCount().getKnownMinValue();
  return 1;
}

energy_vector_width widthOf(Type *Ty) {
  if (!Ty->isVectorTy())
    return ENERGY_WIDTH_SCALAR;
  uint64_t Bits = lanesOf(Ty) * Ty->getScalarSizeInBits();
  if (Bits <= 128)
    return ENERGY_WIDTH_128;
  if (Bits <= 256)
    return ENERGY_WIDTH_256;
  return ENERGY_WIDTH_512;
}

/// Set lanes of a constant mask; nullopt when only known at run time.
std::optional<uint64_t> constantLanes(Value *Mask) {
  auto *C = dyn_cast<Constant>(Mask);
  if (!C)
    return std::nullopt;
  if (C->isNullValue())
    return 0;
  auto *VT = dyn_cast<FixedVectorType>(C->getType());
  if (!VT)
    return std::nullopt;
  uint64_t Set = 0;
  for (unsigned I = 0, E = VT->getNumElements(); I != E; ++I)
    if (auto *Lane = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(I)))
      Set += Lane->isOne();
  return Set;
}

bool isVectorFlop(const Instruction &I) {
  if (!I.getType()->isVectorTy() || !I.getType()->isFPOrFPVectorTy())
    return false;
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
    return true;
  default:
    break;
  }
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    switch (II->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::sqrt:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::minimum:
    case Intrinsic::maximum:
      return true;
    default:
      break;
    }
  return false;
}

/// The mask under which I's lanes are kept, or null: every use of I in its
/// block is the true operand of a `select` on the mask, the value of a
/// `llvm.masked.store` with the mask, or a vector FP operation whose own
/// result is kept under the same mask (as in a tail-folded vectorised loop).
/// Lanes the mask clears compute values nobody keeps: like Intel Advisor,
/// they are not counted as executed FLOPs.
Value *governingMask(Instruction &I, unsigned Depth = 0) {
  constexpr unsigned MaxDepth = 4;
  Value *Mask = nullptr;
  for (User *U : I.users()) {
    auto *UserInst = dyn_cast<Instruction>(U);
    if (!UserInst || UserInst->getParent() != I.getParent())
      return nullptr;
    Value *UseMask = nullptr;
    if (auto *Select = dyn_cast<SelectInst>(UserInst)) {
      if (Select->getTrueValue() == &I && Select->getFalseValue() != &I &&
          Select->getCondition()->getType()->isVectorTy())
        UseMask = Select->getCondition();
    } else if (auto *Store = dyn_cast<IntrinsicInst>(UserInst);
               Store && Store->getIntrinsicID() == Intrinsic::masked_store) {
      if (Store->getArgOperand(0) == &I)
        UseMask = Store->getArgOperand(3);
    } else if (isVectorFlop(*UserInst) && Depth < MaxDepth) {
      UseMask = governingMask(*UserInst, Depth + 1);
    }
    if (!UseMask || (Mask && Mask != UseMask))
      return nullptr;
    Mask = UseMask;
  }
  return Mask;
}

/// Where a run-time amount that depends on values of the block is added:
/// the end of the block, where all of them are available (before a musttail
/// call, which must stay next to its ret).
Instruction *insertionPointFor(BasicBlock &BB) {
  if (CallInst *MustTail = BB.getTerminatingMustTailCall())
    return MustTail;
  return BB.getTerminator();
}

/// Instructions that emit no machine code of their own and so are not
/// counted. PHIs are edges' copies, and splitting an edge (as the pass does
/// to form preheaders) moves them between blocks. Footprint sampling's code
/// is the measurement's, not the program's.
bool isCodeless(const Instruction &I) {
  return I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd() || isa<AssumeInst>(I) ||
         isa<PHINode>(I) || isFootprintSampling(I);
}

class BlockCostBuilder {
public:
  BlockCostBuilder(BasicBlock &BB, const CostContext &Context)
      : DL(Context.DL), TLI(Context.TLI), Context(Context), Selected(BB, Context.FusesMulAdd) {}

  void visit(Instruction &I);
  BlockCost take() { return std::move(Cost); }

private:
  void visitCall(CallBase &Call);
  void visitIntrinsic(IntrinsicInst &II);
  void visitMathLibCall(CallBase &Call);
  void visitMulAdd(IntrinsicInst &II);
  void visitAtomicRMW(AtomicRMWInst &RMW);
  void addFlops(Type *Ty, energy_flop_kind Kind, uint64_t PerLane, uint64_t Lanes);
  void addLaneFlops(Type *Ty, energy_flop_kind Kind, uint64_t PerLane = 1) {
    addFlops(Ty, Kind, PerLane, lanesOf(Ty));
  }
  /// The FLOPs of I, unless instruction selection merges I into an identical
  /// operation earlier in the block.
  void addOpFlops(Instruction &I, energy_flop_kind Kind, uint64_t PerLane = 1) {
    if (!Selected.isMerged(I))
      addKeptLaneFlops(I, Kind, PerLane);
  }
  void addKeptLaneFlops(Instruction &I, energy_flop_kind Kind, uint64_t PerLane = 1);
  void addBytes(energy_dynamic_kind Kind, uint64_t Bytes);
  void addMaskedAccess(Instruction &I, Value *Mask, Type *ValueTy, energy_dynamic_kind Kind);
  void addTransfer(Instruction &I, Value *Length, bool Loads);
  uint64_t storeSize(Type *Ty) const { return DL.getTypeStoreSize(Ty).getKnownMinValue(); }
  bool isRegisterLocal(const Value *Pointer) const {
    auto *Alloca = dyn_cast<AllocaInst>(Pointer);
    return Alloca && Context.RegisterLocals.contains(Alloca);
  }

  const DataLayout &DL;
  const TargetLibraryInfo *TLI;
  const CostContext &Context;
  SelectedFpOps Selected;
  BlockCost Cost;
};

void BlockCostBuilder::addFlops(Type *Ty, energy_flop_kind Kind, uint64_t PerLane, uint64_t Lanes) {
  std::optional<energy_precision> Precision = precisionOf(Ty);
  if (!Precision)
    return;
  uint32_t Flops = PerLane * Lanes;
  Cost.Static.flops[*Precision][Kind] += Flops;
  Cost.Static.flops_by_width[widthOf(Ty)] += Flops;
}

/// The FLOPs of I's lanes; when I's result is only kept under a mask (see
/// governingMask), only the mask's set lanes, counted at run time unless
/// the mask is a constant.
void BlockCostBuilder::addKeptLaneFlops(Instruction &I, energy_flop_kind Kind, uint64_t PerLane) {
  Type *Ty = I.getType();
  Value *Mask = Ty->isVectorTy() ? governingMask(I) : nullptr;
  std::optional<energy_precision> Precision = precisionOf(Ty);
  if (!Mask || !Precision) {
    addLaneFlops(Ty, Kind, PerLane);
    return;
  }
  if (std::optional<uint64_t> Lanes = constantLanes(Mask)) {
    addFlops(Ty, Kind, PerLane, *Lanes);
    return;
  }
  DynamicSite Site;
  Site.Site = insertionPointFor(*I.getParent());
  Site.Entry.kind = ENERGY_DYNAMIC_FLOPS;
  Site.Entry.precision = *Precision;
  Site.Entry.flop_kind = Kind;
  Site.Entry.width = widthOf(Ty);
  Site.Entry.scale = PerLane;
  Site.Mask = Mask;
  Site.BytesPerLane = 1;
  Cost.Dynamic.push_back(Site);
}

void BlockCostBuilder::addBytes(energy_dynamic_kind Kind, uint64_t Bytes) {
  if (Kind == ENERGY_DYNAMIC_BYTES_LOADED)
    Cost.Static.bytes_loaded += Bytes;
  else
    Cost.Static.bytes_stored += Bytes;
}

void BlockCostBuilder::addMaskedAccess(Instruction &I, Value *Mask, Type *ValueTy,
                                       energy_dynamic_kind Kind) {
  uint64_t BytesPerLane = storeSize(ValueTy->getScalarType());
  if (std::optional<uint64_t> Lanes = constantLanes(Mask)) {
    addBytes(Kind, *Lanes * BytesPerLane);
    return;
  }
  DynamicSite Site;
  Site.Site = &I;
  Site.Entry.kind = Kind;
  Site.Entry.scale = 1;
  Site.Mask = Mask;
  Site.BytesPerLane = BytesPerLane;
  Cost.Dynamic.push_back(Site);
}

void BlockCostBuilder::addTransfer(Instruction &I, Value *Length, bool Loads) {
  if (auto *Constant = dyn_cast<ConstantInt>(Length)) {
    if (Loads)
      addBytes(ENERGY_DYNAMIC_BYTES_LOADED, Constant->getZExtValue());
    addBytes(ENERGY_DYNAMIC_BYTES_STORED, Constant->getZExtValue());
    return;
  }
  DynamicSite Site;
  Site.Site = &I;
  Site.Entry.scale = 1;
  Site.Length = Length;
  if (Loads) {
    Site.Entry.kind = ENERGY_DYNAMIC_BYTES_LOADED;
    Cost.Dynamic.push_back(Site);
  }
  Site.Entry.kind = ENERGY_DYNAMIC_BYTES_STORED;
  Cost.Dynamic.push_back(Site);
}

void BlockCostBuilder::visit(Instruction &I) {
  if (isCodeless(I))
    return;
  ++Cost.Static.instructions;
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
    addOpFlops(I, ENERGY_FLOP_ADDSUB);
    break;
  case Instruction::FMul:
    addOpFlops(I, ENERGY_FLOP_MUL);
    break;
  case Instruction::FDiv:
    addOpFlops(I, ENERGY_FLOP_DIV);
    break;
  case Instruction::FRem:
    addOpFlops(I, ENERGY_FLOP_OTHER);
    break;
  case Instruction::Load:
    if (!isRegisterLocal(cast<LoadInst>(I).getPointerOperand()))
      Cost.Static.bytes_loaded += storeSize(I.getType());
    break;
  case Instruction::Store:
    if (!isRegisterLocal(cast<StoreInst>(I).getPointerOperand()))
      Cost.Static.bytes_stored += storeSize(cast<StoreInst>(I).getValueOperand()->getType());
    break;
  case Instruction::AtomicRMW:
    visitAtomicRMW(cast<AtomicRMWInst>(I));
    break;
  case Instruction::AtomicCmpXchg: {
    // Counted as a read and a write whether or not the exchange succeeds:
    // the locked instruction owns the cache line either way.
    uint64_t Size = storeSize(cast<AtomicCmpXchgInst>(I).getCompareOperand()->getType());
    Cost.Static.bytes_loaded += Size;
    Cost.Static.bytes_stored += Size;
    break;
  }
  case Instruction::Br:
    Cost.Static.branches += cast<BranchInst>(I).isConditional();
    break;
  case Instruction::Switch:
  case Instruction::IndirectBr:
    ++Cost.Static.branches;
    break;
  case Instruction::Call:
  case Instruction::Invoke:
  case Instruction::CallBr:
    visitCall(cast<CallBase>(I));
    break;
  default:
    break;
  }
}

void BlockCostBuilder::visitCall(CallBase &Call) {
  if (auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    visitIntrinsic(*II);
    return;
  }
  if (Call.isInlineAsm())
    return;
  ++Cost.Static.calls;
  visitMathLibCall(Call);
}

/// Calls to the C math library do FP work that no instrumented code sees.
/// They count as one FLOP of their kind per call, the same as the intrinsic
/// that -O2 may turn them into, so that -O0 and -O2 agree.
void BlockCostBuilder::visitMathLibCall(CallBase &Call) {
  Function *Callee = Call.getCalledFunction();
  LibFunc Func;
  if (!TLI || !Callee || !TLI->getLibFunc(*Callee, Func) || !TLI->has(Func))
    return;
  Type *Ty = Call.getType();
  switch (Func) {
  case LibFunc_sqrt:
  case LibFunc_sqrtf:
  case LibFunc_sqrtl:
    addLaneFlops(Ty, ENERGY_FLOP_SQRT);
    break;
  case LibFunc_fmin:
  case LibFunc_fminf:
  case LibFunc_fminl:
  case LibFunc_fmax:
  case LibFunc_fmaxf:
  case LibFunc_fmaxl:
    addLaneFlops(Ty, ENERGY_FLOP_MINMAX);
    break;
#define ENERGY_TRANSCENDENTAL(NAME)                                                                \
  case LibFunc_##NAME:                                                                             \
  case LibFunc_##NAME##f:                                                                          \
  case LibFunc_##NAME##l:
    ENERGY_TRANSCENDENTAL(sin)
    ENERGY_TRANSCENDENTAL(cos)
    ENERGY_TRANSCENDENTAL(tan)
    ENERGY_TRANSCENDENTAL(asin)
    ENERGY_TRANSCENDENTAL(acos)
    ENERGY_TRANSCENDENTAL(atan)
    ENERGY_TRANSCENDENTAL(atan2)
    ENERGY_TRANSCENDENTAL(sinh)
    ENERGY_TRANSCENDENTAL(cosh)
    ENERGY_TRANSCENDENTAL(tanh)
    ENERGY_TRANSCENDENTAL(exp)
    ENERGY_TRANSCENDENTAL(exp2)
    ENERGY_TRANSCENDENTAL(exp10)
    ENERGY_TRANSCENDENTAL(expm1)
    ENERGY_TRANSCENDENTAL(log)
    ENERGY_TRANSCENDENTAL(log2)
    ENERGY_TRANSCENDENTAL(log10)
    ENERGY_TRANSCENDENTAL(log1p)
    ENERGY_TRANSCENDENTAL(pow)
    ENERGY_TRANSCENDENTAL(cbrt)
    ENERGY_TRANSCENDENTAL(fmod)
#undef ENERGY_TRANSCENDENTAL
    addLaneFlops(Ty, ENERGY_FLOP_OTHER);
    break;
  default:
    break;
  }
}

/// A read-modify-write reads and writes its operand. Its FP operations run
/// once per attempt of the compare-exchange loop that x86 expands them to:
/// counted once, as on an uncontended line.
void BlockCostBuilder::visitAtomicRMW(AtomicRMWInst &RMW) {
  Type *Ty = RMW.getValOperand()->getType();
  uint64_t Size = storeSize(Ty);
  Cost.Static.bytes_loaded += Size;
  Cost.Static.bytes_stored += Size;
  switch (RMW.getOperation()) {
  case AtomicRMWInst::FAdd:
  case AtomicRMWInst::FSub:
    addLaneFlops(Ty, ENERGY_FLOP_ADDSUB);
    break;
  case AtomicRMWInst::FMax:
  case AtomicRMWInst::FMin:
    addLaneFlops(Ty, ENERGY_FLOP_MINMAX);
    break;
  default:
    break;
  }
}

/// One FMA where the target fuses llvm.fmuladd; otherwise the multiply and
/// the add it is lowered to, each counted unless merged into an identical
/// operation earlier in the block.
void BlockCostBuilder::visitMulAdd(IntrinsicInst &II) {
  if (Selected.fusesMulAdd()) {
    addOpFlops(II, ENERGY_FLOP_FMA, 2);
    return;
  }
  if (!Selected.isMultiplyMerged(II))
    addKeptLaneFlops(II, ENERGY_FLOP_MUL);
  addOpFlops(II, ENERGY_FLOP_ADDSUB);
}

void BlockCostBuilder::visitIntrinsic(IntrinsicInst &II) {
  Type *Ty = II.getType();
  switch (II.getIntrinsicID()) {
  case Intrinsic::experimental_constrained_fadd:
  case Intrinsic::experimental_constrained_fsub:
    addOpFlops(II, ENERGY_FLOP_ADDSUB);
    break;
  case Intrinsic::experimental_constrained_fmul:
    addOpFlops(II, ENERGY_FLOP_MUL);
    break;
  case Intrinsic::experimental_constrained_fdiv:
    addOpFlops(II, ENERGY_FLOP_DIV);
    break;
  case Intrinsic::sqrt:
  case Intrinsic::experimental_constrained_sqrt:
    addOpFlops(II, ENERGY_FLOP_SQRT);
    break;
  case Intrinsic::fma:
  case Intrinsic::experimental_constrained_fma:
    addOpFlops(II, ENERGY_FLOP_FMA, 2);
    break;
  case Intrinsic::fmuladd:
  case Intrinsic::experimental_constrained_fmuladd:
    visitMulAdd(II);
    break;
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::experimental_constrained_minnum:
  case Intrinsic::experimental_constrained_maxnum:
  case Intrinsic::experimental_constrained_minimum:
  case Intrinsic::experimental_constrained_maximum:
    addOpFlops(II, ENERGY_FLOP_MINMAX);
    break;
  case Intrinsic::experimental_constrained_frem:
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::tan:
  case Intrinsic::asin:
  case Intrinsic::acos:
  case Intrinsic::atan:
  case Intrinsic::sinh:
  case Intrinsic::cosh:
  case Intrinsic::tanh:
  case Intrinsic::exp:
  case Intrinsic::exp2:
  case Intrinsic::exp10:
  case Intrinsic::log:
  case Intrinsic::log2:
  case Intrinsic::log10:
  case Intrinsic::pow:
  case Intrinsic::powi:
    addOpFlops(II, ENERGY_FLOP_OTHER);
    break;
  case Intrinsic::vector_reduce_fadd: {
    // start + v[0] + ... + v[n-1]: one add per lane.
    Type *VecTy = II.getArgOperand(1)->getType();
    addFlops(VecTy, ENERGY_FLOP_ADDSUB, 1, lanesOf(VecTy));
    break;
  }
  case Intrinsic::vector_reduce_fmul: {
    Type *VecTy = II.getArgOperand(1)->getType();
    addFlops(VecTy, ENERGY_FLOP_MUL, 1, lanesOf(VecTy));
    break;
  }
  case Intrinsic::vector_reduce_fmin:
  case Intrinsic::vector_reduce_fmax:
  case Intrinsic::vector_reduce_fminimum:
  case Intrinsic::vector_reduce_fmaximum: {
    Type *VecTy = II.getArgOperand(0)->getType();
    addFlops(VecTy, ENERGY_FLOP_MINMAX, 1, lanesOf(VecTy) - 1);
    break;
  }
  case Intrinsic::masked_load:
    addMaskedAccess(II, II.getArgOperand(2), Ty, ENERGY_DYNAMIC_BYTES_LOADED);
    break;
  case Intrinsic::masked_gather:
    addMaskedAccess(II, II.getArgOperand(2), Ty, ENERGY_DYNAMIC_BYTES_LOADED);
    break;
  case Intrinsic::masked_expandload:
    addMaskedAccess(II, II.getArgOperand(1), Ty, ENERGY_DYNAMIC_BYTES_LOADED);
    break;
  case Intrinsic::masked_store:
  case Intrinsic::masked_scatter:
    addMaskedAccess(II, II.getArgOperand(3), II.getArgOperand(0)->getType(),
                    ENERGY_DYNAMIC_BYTES_STORED);
    break;
  case Intrinsic::masked_compressstore:
    addMaskedAccess(II, II.getArgOperand(2), II.getArgOperand(0)->getType(),
                    ENERGY_DYNAMIC_BYTES_STORED);
    break;
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
    addTransfer(II, II.getArgOperand(2), /*Loads=*/true);
    break;
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    addTransfer(II, II.getArgOperand(2), /*Loads=*/false);
    break;
  default:
    break;
  }
}

} // namespace

CostContext::CostContext(Function &F, const TargetLibraryInfo *TLI)
    : DL(F.getDataLayout()), TLI(TLI), FusesMulAdd(fusesMulAdd(F)) {
  for (Instruction &I : F.getEntryBlock())
    if (auto *Alloca = dyn_cast<AllocaInst>(&I); Alloca && isAllocaPromotable(Alloca))
      RegisterLocals.insert(Alloca);
}

BlockCost computeBlockCost(BasicBlock &BB, const CostContext &Context) {
  BlockCostBuilder Builder(BB, Context);
  for (Instruction &I : BB)
    Builder.visit(I);
  return Builder.take();
}

BlockCost computeCostOf(BasicBlock &BB, ArrayRef<Instruction *> Instructions,
                        const CostContext &Context) {
  // The whole block decides how instructions are selected (what fuses with
  // what), so that the parts sum to the block's cost.
  BlockCostBuilder Builder(BB, Context);
  for (Instruction *I : Instructions)
    Builder.visit(*I);
  return Builder.take();
}

} // namespace energy
