//===- FootprintSampling.cpp - Sampled cache-line footprint of regions ----===//
//
// See FootprintSampling.h. Per access the inserted code is a shift, a
// multiply, a compare and a branch that is almost never taken:
//
//   %line = lshr i64 (ptrtoint %p), 6
//   %hash = mul i64 %line, 0x9e3779b97f4a7c15
//   br (icmp ult %hash, UINT64_MAX / N), label %sample, label %cont
//   sample: call void @__energy_footprint_sample(i64 %line, i64 N)
//
// An access that may straddle two lines (size above its alignment) tests its
// last line too. Scalar locals that mem2reg keeps in registers are skipped,
// as the cost model skips them (their loads and stores at -O0 are not the
// program's data).
//
//===----------------------------------------------------------------------===//
#include "FootprintSampling.h"
#include "Instrumentable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

static cl::opt<bool>
    ClFootprint("energy-footprint", cl::init(false),
                cl::desc("Sample the cache lines each region touches, for the roofline's "
                         "locality wall (energycc --energy-footprint; default off)"));

static cl::opt<unsigned>
    ClFootprintSample("energy-footprint-sample", cl::init(64),
                      cl::desc("Footprint sampling: one cache line in N, a power of two "
                               "(default 64; 1 records every line)"));

namespace energy {

FootprintOptions FootprintOptions::fromCommandLine() { return {ClFootprint, ClFootprintSample}; }

namespace {

/// Set on modules already sampled: LTO runs the extension points twice.
constexpr const char *FootprintModuleFlag = "energypass.footprint";

/// One memory access to instrument, collected before any is rewritten.
struct Access {
  Instruction *At = nullptr;
  Value *Pointer = nullptr; /// a pointer, or a vector of them (gather/scatter)
  Value *Mask = nullptr;    /// lanes of a gather/scatter
  Value *Length = nullptr;  /// a memcpy/memset range, in bytes
  uint64_t Size = 0;        /// bytes of a plain access
  bool MayStraddle = false; /// its last byte may lie in the next line
};

bool isRegisterLocal(const Value *Pointer) {
  auto *Alloca = dyn_cast<AllocaInst>(Pointer);
  return Alloca && Alloca->isStaticAlloca() && isAllocaPromotable(Alloca);
}

/// A plain access of Ty at Pointer, or none for register locals.
std::optional<Access> plainAccess(Instruction &I, Value *Pointer, Type *Ty, Align Alignment) {
  if (isRegisterLocal(Pointer))
    return std::nullopt;
  Access A;
  A.At = &I;
  A.Pointer = Pointer;
  TypeSize Size = I.getDataLayout().getTypeStoreSize(Ty);
  if (Size.isScalable()) {
    // Only known at run time: the runtime tests every line of the range.
    A.Length = IRBuilder<>(&I).CreateTypeSize(Type::getInt64Ty(I.getContext()), Size);
    if (auto *Computed = dyn_cast<Instruction>(A.Length))
      Computed->setMetadata(FootprintMetadata, MDNode::get(I.getContext(), {}));
    return A;
  }
  A.Size = Size.getFixedValue();
  A.MayStraddle = A.Size > 1 && A.Size > Alignment.value();
  return A;
}

Access rangeAccess(Instruction &I, Value *Pointer, Value *Length) {
  Access A;
  A.At = &I;
  A.Pointer = Pointer;
  A.Length = Length;
  return A;
}

Access laneAccess(Instruction &I, Value *Pointers, Value *Mask) {
  Access A;
  A.At = &I;
  A.Pointer = Pointers;
  A.Mask = Mask;
  return A;
}

/// The accesses of an intrinsic call: masked loads and stores as their
/// whole vector (masked-off lanes lie in the same lines in practice),
/// gathers and scatters lane by lane, transfers as ranges.
void collectIntrinsic(IntrinsicInst &II, SmallVectorImpl<Access> &Out) {
  auto alignOf = [&](unsigned Operand) {
    return cast<ConstantInt>(II.getArgOperand(Operand))->getAlignValue();
  };
  switch (II.getIntrinsicID()) {
  case Intrinsic::masked_load:
    if (auto A = plainAccess(II, II.getArgOperand(0), II.getType(), alignOf(1)))
      Out.push_back(*A);
    return;
  case Intrinsic::masked_store:
    if (auto A = plainAccess(II, II.getArgOperand(1), II.getArgOperand(0)->getType(), alignOf(2)))
      Out.push_back(*A);
    return;
  case Intrinsic::masked_gather:
    if (isa<FixedVectorType>(II.getArgOperand(0)->getType()))
      Out.push_back(laneAccess(II, II.getArgOperand(0), II.getArgOperand(2)));
    return;
  case Intrinsic::masked_scatter:
    if (isa<FixedVectorType>(II.getArgOperand(1)->getType()))
      Out.push_back(laneAccess(II, II.getArgOperand(1), II.getArgOperand(3)));
    return;
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
    Out.push_back(rangeAccess(II, II.getArgOperand(1), II.getArgOperand(2)));
    Out.push_back(rangeAccess(II, II.getArgOperand(0), II.getArgOperand(2)));
    return;
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    Out.push_back(rangeAccess(II, II.getArgOperand(0), II.getArgOperand(2)));
    return;
  default:
    return;
  }
}

void collectAccesses(Function &F, SmallVectorImpl<Access> &Out) {
  for (Instruction &I : instructions(F)) {
    std::optional<Access> A;
    if (auto *Load = dyn_cast<LoadInst>(&I))
      A = plainAccess(I, Load->getPointerOperand(), Load->getType(), Load->getAlign());
    else if (auto *Store = dyn_cast<StoreInst>(&I))
      A = plainAccess(I, Store->getPointerOperand(), Store->getValueOperand()->getType(),
                      Store->getAlign());
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      A = plainAccess(I, RMW->getPointerOperand(), RMW->getValOperand()->getType(),
                      RMW->getAlign());
    else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
      A = plainAccess(I, CmpXchg->getPointerOperand(), CmpXchg->getCompareOperand()->getType(),
                      CmpXchg->getAlign());
    else if (auto *II = dyn_cast<IntrinsicInst>(&I))
      collectIntrinsic(*II, Out);
    if (A)
      Out.push_back(*A);
  }
}

class SamplingInstrumenter {
public:
  SamplingInstrumenter(Module &M, uint64_t SampleOneIn)
      : Ctx(M.getContext()), I64(Type::getInt64Ty(Ctx)), SampleOneIn(SampleOneIn),
        Sample(declare(M, ENERGY_FOOTPRINT_SAMPLE, {I64, I64})),
        Range(declare(M, ENERGY_FOOTPRINT_RANGE, {PointerType::getUnqual(Ctx), I64, I64})),
        Tag(MDNode::get(Ctx, {})), Unlikely(MDBuilder(Ctx).createUnlikelyBranchWeights()) {}

  void instrument(const Access &A) {
    IRBuilder<> B(A.At);
    setArtificialLocation(B, *A.At->getFunction());
    if (A.Length)
      tagged(B.CreateCall(
          Range, {A.Pointer, B.CreateZExtOrTrunc(A.Length, I64), B.getInt64(SampleOneIn)}));
    else if (A.Mask)
      sampleLanes(A);
    else
      samplePlain(A);
  }

private:
  static FunctionCallee declare(Module &M, StringRef Name, ArrayRef<Type *> Params) {
    FunctionCallee Callee = M.getOrInsertFunction(
        Name, FunctionType::get(Type::getVoidTy(M.getContext()), Params, false));
    if (auto *F = dyn_cast<Function>(Callee.getCallee()))
      F->setDoesNotThrow();
    return Callee;
  }

  static void setArtificialLocation(IRBuilder<> &B, Function &F) {
    if (DISubprogram *SP = F.getSubprogram())
      B.SetCurrentDebugLocation(DILocation::get(F.getContext(), 0, 0, SP));
  }

  Value *tagged(Value *V) {
    if (auto *I = dyn_cast<Instruction>(V))
      I->setMetadata(FootprintMetadata, Tag);
    return V;
  }

  Value *addressOf(IRBuilder<> &B, Value *Pointer) {
    return tagged(B.CreatePtrToInt(Pointer, I64, "fp.addr"));
  }

  Value *lineOf(IRBuilder<> &B, Value *Address) {
    return tagged(B.CreateLShr(Address, ENERGY_FOOTPRINT_LINE_SHIFT, "fp.line"));
  }

  Value *isSampled(IRBuilder<> &B, Value *Line) {
    if (SampleOneIn <= 1)
      return B.getTrue();
    Value *Hash = tagged(B.CreateMul(Line, B.getInt64(ENERGY_FOOTPRINT_HASH), "fp.hash"));
    return tagged(B.CreateICmpULT(Hash, B.getInt64(~uint64_t(0) / SampleOneIn), "fp.sampled"));
  }

  /// Calls the runtime for Line when Condition holds, before Before.
  void sampleIf(Value *Condition, Value *Line, Instruction *Before) {
    Instruction *Then = SplitBlockAndInsertIfThen(Condition, Before->getIterator(),
                                                  /*Unreachable=*/false, Unlikely);
    tagged(Then);
    tagged(Then->getParent()->getSinglePredecessor()->getTerminator());
    IRBuilder<> B(Then);
    setArtificialLocation(B, *Before->getFunction());
    tagged(B.CreateCall(Sample, {Line, B.getInt64(SampleOneIn)}));
  }

  void samplePlain(const Access &A) {
    IRBuilder<> B(A.At);
    setArtificialLocation(B, *A.At->getFunction());
    Value *Address = addressOf(B, A.Pointer);
    Value *First = lineOf(B, Address);
    Value *Last = nullptr;
    if (A.MayStraddle)
      Last = lineOf(B, tagged(B.CreateAdd(Address, B.getInt64(A.Size - 1))));
    sampleIf(isSampled(B, First), First, A.At);
    if (!Last)
      return;
    // The last line only when it differs, so a line is never sent twice.
    IRBuilder<> After(A.At);
    Value *Differs = tagged(After.CreateICmpNE(Last, First));
    sampleIf(tagged(After.CreateAnd(Differs, isSampled(After, Last))), Last, A.At);
  }

  void sampleLanes(const Access &A) {
    auto *Ty = cast<FixedVectorType>(A.Pointer->getType());
    for (unsigned Lane = 0; Lane < Ty->getNumElements(); ++Lane) {
      IRBuilder<> B(A.At);
      setArtificialLocation(B, *A.At->getFunction());
      Value *Pointer = tagged(B.CreateExtractElement(A.Pointer, Lane));
      Value *Active = tagged(B.CreateExtractElement(A.Mask, Lane));
      Value *Line = lineOf(B, addressOf(B, Pointer));
      sampleIf(tagged(B.CreateAnd(Active, isSampled(B, Line))), Line, A.At);
    }
  }

  LLVMContext &Ctx;
  IntegerType *I64;
  uint64_t SampleOneIn;
  FunctionCallee Sample, Range;
  MDNode *Tag;
  MDNode *Unlikely;
};

} // namespace

PreservedAnalyses FootprintSampling::run(Module &M, ModuleAnalysisManager &) {
  if (isGpuModule(M) || M.getModuleFlag(FootprintModuleFlag))
    return PreservedAnalyses::all();
  if (!isPowerOf2_64(Options.SampleOneIn)) {
    M.getContext().emitError("-energy-footprint-sample=" + Twine(Options.SampleOneIn) +
                             " is not a power of two; use 1, 2, 4, ... 64 ...");
    return PreservedAnalyses::all();
  }
  SmallVector<Access, 0> Accesses;
  for (Function &F : M)
    if (isInstrumentable(F))
      collectAccesses(F, Accesses);
  SamplingInstrumenter Instrumenter(M, Options.SampleOneIn);
  for (const Access &A : Accesses)
    Instrumenter.instrument(A);
  M.addModuleFlag(Module::Max, FootprintModuleFlag, 1);
  return Accesses.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace energy
