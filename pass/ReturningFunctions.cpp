//===- ReturningFunctions.cpp - Functions whose calls always come back ----===//
//
// See ReturningFunctions.h.
//
//===----------------------------------------------------------------------===//
#include "ReturningFunctions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include "energy/abi.h"

using namespace llvm;

namespace energy {

ReturningFunctions::ReturningFunctions(Module &M) {
  for (Function &F : M)
    if (!F.isDeclaration() && !F.isInterposable() && F.doesNotThrow())
      Returning.insert(&F);
  // A function drops out when a call of its own may not come back, or when
  // a function it calls drops out.
  DenseMap<const Function *, SmallVector<const Function *, 2>> CallersOf;
  SmallVector<const Function *, 8> Dropped;
  for (const Function *F : Returning)
    for (const Instruction &I : instructions(*F)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || comesBackWhateverTheCallee(*Call))
        continue;
      const Function *Callee = Call->getCalledFunction();
      if (Callee && Returning.contains(Callee))
        CallersOf[Callee].push_back(F);
      else
        Dropped.push_back(F);
    }
  while (!Dropped.empty()) {
    const Function *F = Dropped.pop_back_val();
    if (Returning.erase(F))
      append_range(Dropped, CallersOf.lookup(F));
  }
}

bool ReturningFunctions::comesBackWhateverTheCallee(const CallBase &Call) {
  if (const Function *Callee = Call.getCalledFunction())
    if (Callee->getName().starts_with(ENERGY_SYMBOL_PREFIX))
      return true;
  return Call.willReturn() && !Call.mayThrow();
}

bool ReturningFunctions::mayNotComeBack(const CallBase &Call) const {
  if (comesBackWhateverTheCallee(Call))
    return false;
  const Function *Callee = Call.getCalledFunction();
  return !Callee || !Returning.contains(Callee) || Call.mayThrow();
}

} // namespace energy
