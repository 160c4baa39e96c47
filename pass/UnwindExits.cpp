//===- UnwindExits.cpp - Leave regions when exceptions unwind -------------===//
//
// See UnwindExits.h. Only Itanium-style (landingpad) exception handling is
// handled; functions with funclet-based personalities (Windows) are left as
// they are.
//
//===----------------------------------------------------------------------===//
#include "UnwindExits.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/EHPersonalities.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace energy {
namespace {

/// F's personality, or the one other functions of the module use: a C++
/// function that only lets exceptions pass has none of its own.
Constant *personalityFor(Function &F) {
  if (F.hasPersonalityFn())
    return F.getPersonalityFn();
  for (Function &Other : *F.getParent())
    if (Other.hasPersonalityFn())
      return Other.getPersonalityFn();
  return nullptr;
}

bool isLandingPadPersonality(Constant *Personality) {
  EHPersonality Kind = classifyEHPersonality(Personality);
  return Kind != EHPersonality::Unknown && !isScopedEHPersonality(Kind) &&
         !isAsynchronousEHPersonality(Kind);
}

bool mayUnwindThrough(const CallInst &Call) {
  return !Call.doesNotThrow() && !isa<IntrinsicInst>(Call) && !Call.isInlineAsm() &&
         !Call.isMustTailCall() && !Call.canReturnTwice();
}

Type *landingPadType(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *LP = dyn_cast<LandingPadInst>(&I))
      return LP->getType();
  LLVMContext &Ctx = F.getContext();
  return StructType::get(PointerType::getUnqual(Ctx), Type::getInt32Ty(Ctx));
}

BasicBlock *createCleanup(Function &F, Type *PadTy) {
  BasicBlock *Cleanup = BasicBlock::Create(F.getContext(), "energy.unwind", &F);
  IRBuilder<> B(Cleanup);
  LandingPadInst *Pad = B.CreateLandingPad(PadTy, 0);
  Pad->setCleanup(true);
  B.CreateResume(Pad);
  return Cleanup;
}

} // namespace

SmallVector<BasicBlock *, 2> addUnwindExits(Function &F, CallGroupFn GroupOf) {
  SmallVector<BasicBlock *, 2> Cleanups;
  if (F.doesNotThrow())
    return Cleanups;
  Constant *Personality = personalityFor(F);
  if (!Personality || !isLandingPadPersonality(Personality))
    return Cleanups;
  MapVector<const void *, SmallVector<CallInst *, 8>> Groups;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I); Call && mayUnwindThrough(*Call))
        Groups[GroupOf(BB)].push_back(Call);
  if (Groups.empty())
    return Cleanups;

  if (!F.hasPersonalityFn())
    F.setPersonalityFn(Personality);
  Type *PadTy = landingPadType(F);
  for (auto &[Group, Calls] : Groups) {
    BasicBlock *Cleanup = createCleanup(F, PadTy);
    for (CallInst *Call : Calls)
      changeToInvokeAndSplitBasicBlock(Call, Cleanup);
    Cleanups.push_back(Cleanup);
  }
  return Cleanups;
}

} // namespace energy
