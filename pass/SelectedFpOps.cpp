//===- SelectedFpOps.cpp - FP operations as instruction selection emits them ===//
//
// Value numbering of a block's pure instructions, after SelectionDAG's CSE:
// values from outside the block (arguments, other blocks' instructions, which
// reach the DAG as one virtual register each), constants (uniqued by the
// context) and instructions with effects (loads, calls, PHIs) are numbered by
// identity; a pure instruction by its opcode, type and operands' numbers.
//
//===----------------------------------------------------------------------===//
#include "SelectedFpOps.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <string>

using namespace llvm;

namespace energy {
namespace {

/// Signature kinds beyond IR opcodes: an intrinsic's, and the fused
/// multiply-add that llvm.fma and a fused llvm.fmuladd both become.
constexpr uintptr_t IntrinsicKindBase = 1u << 16;
constexpr uintptr_t FusedMulAddKind = IntrinsicKindBase + Intrinsic::fma;

bool x86HasFusedMulAdd(const Function &F, const Triple &TT) {
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(TT.str(), Error);
  if (!TheTarget)
    return true;
  std::unique_ptr<MCSubtargetInfo> Subtarget(
      TheTarget->createMCSubtargetInfo(TT.str(), F.getFnAttribute("target-cpu").getValueAsString(),
                                       F.getFnAttribute("target-features").getValueAsString()));
  // AVX-512 implies FMA in the feature table, as it does in the back end.
  return !Subtarget || Subtarget->checkFeatures("+fma") || Subtarget->checkFeatures("+fma4");
}

/// Instructions that SelectionDAG turns into nodes found again by their
/// operands: no memory access, no side effect, not a call to a function
/// (calls are chained and never merged), not a PHI.
bool isPure(const Instruction &I) {
  if (I.isDebugOrPseudoInst() || I.getType()->isVoidTy() || isa<PHINode>(I) || isa<AllocaInst>(I) ||
      I.isTerminator() || I.isEHPad() || I.mayReadOrWriteMemory() || I.mayHaveSideEffects())
    return false;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return isa<IntrinsicInst>(Call);
  return true;
}

bool isMulAdd(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && II->getIntrinsicID() == Intrinsic::fmuladd;
}

} // namespace

bool fusesMulAdd(const Function &F) {
  Triple TT(F.getParent()->getTargetTriple());
  if (!TT.isX86())
    return true;
  return x86HasFusedMulAdd(F, TT);
}

SelectedFpOps::SelectedFpOps(const BasicBlock &BB, bool FusesMulAdd) : FusesMulAdd(FusesMulAdd) {
  for (const Instruction &I : BB)
    number(I);
}

unsigned SelectedFpOps::numberOf(const Value *V) {
  auto [It, Inserted] = ValueNumbers.try_emplace(V, NextNumber);
  if (Inserted)
    ++NextNumber;
  return It->second;
}

std::pair<unsigned, bool> SelectedFpOps::numberOf(const Signature &Key) {
  auto [It, Inserted] = Operations.try_emplace(Key, NextNumber);
  if (Inserted)
    ++NextNumber;
  return {It->second, !Inserted};
}

SelectedFpOps::Signature SelectedFpOps::signatureOf(const Instruction &I) {
  Signature Key;
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (II && (II->getIntrinsicID() == Intrinsic::fma || isMulAdd(I)))
    Key.push_back(FusedMulAddKind);
  else if (II)
    Key.push_back(IntrinsicKindBase + II->getIntrinsicID());
  else
    Key.push_back(I.getOpcode());
  Key.push_back(reinterpret_cast<uintptr_t>(I.getType()));
  for (const Value *Operand : II ? make_range(II->arg_begin(), II->arg_end()) : I.operands())
    Key.push_back(numberOf(Operand));
  // What distinguishes two nodes of the same operands besides their opcode.
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    Key.push_back(Cmp->getPredicate());
  else if (auto *Shuffle = dyn_cast<ShuffleVectorInst>(&I))
    for (int Lane : Shuffle->getShuffleMask())
      Key.push_back(static_cast<uintptr_t>(Lane));
  else if (auto *Extract = dyn_cast<ExtractValueInst>(&I))
    Key.append(Extract->idx_begin(), Extract->idx_end());
  else if (auto *Insert = dyn_cast<InsertValueInst>(&I))
    Key.append(Insert->idx_begin(), Insert->idx_end());
  else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    Key.push_back(reinterpret_cast<uintptr_t>(GEP->getSourceElementType()));
  return Key;
}

void SelectedFpOps::number(const Instruction &I) {
  if (!isPure(I)) {
    numberOf(&I);
    return;
  }
  if (isMulAdd(I) && !FusesMulAdd) {
    // Lowered as fmul(a, b) then fadd(product, c), each found like any other
    // multiply and add of the block.
    const auto &MulAdd = cast<IntrinsicInst>(I);
    Signature Multiply = {Instruction::FMul, reinterpret_cast<uintptr_t>(I.getType()),
                          numberOf(MulAdd.getArgOperand(0)), numberOf(MulAdd.getArgOperand(1))};
    auto [Product, MultiplyMerged] = numberOf(Multiply);
    if (MultiplyMerged)
      MergedMultiplies.insert(&I);
    Signature Add = {Instruction::FAdd, reinterpret_cast<uintptr_t>(I.getType()), Product,
                     numberOf(MulAdd.getArgOperand(2))};
    auto [Sum, AddMerged] = numberOf(Add);
    if (AddMerged)
      Merged.insert(&I);
    ValueNumbers[&I] = Sum;
    return;
  }
  auto [Number, WasMerged] = numberOf(signatureOf(I));
  if (WasMerged)
    Merged.insert(&I);
  ValueNumbers[&I] = Number;
}

} // namespace energy
