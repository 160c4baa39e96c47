//===- Instrumentable.cpp - Code the pass may instrument ------------------===//
#include "Instrumentable.h"

#include "energy/abi.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace energy {

bool isGpuModule(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.isNVPTX() || T.isAMDGPU() || T.isSPIRV();
}

bool isInstrumentable(const Function &F) {
  return !F.isDeclaration() && !F.getName().starts_with(ENERGY_SYMBOL_PREFIX) &&
         !F.hasFnAttribute(Attribute::Naked) && !F.hasAvailableExternallyLinkage();
}

} // namespace energy
