//===- EnergyPass.h - The energy-instrument module pass -------------------===//
//
// Makes every instrumentable function of a module a region, gives each of
// its basic blocks a counter and a static cost vector, and emits the tables
// the runtime reads (abi.h).
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-instrument -S in.ll -o out.ll
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_ENERGYPASS_H
#define ENERGYPASS_ENERGYPASS_H

#include "Options.h"

#include "llvm/IR/PassManager.h"

namespace energy {

class EnergyPass : public llvm::PassInfoMixin<EnergyPass> {
public:
  explicit EnergyPass(EnergyOptions Options) : Options(Options) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

  /// Runs at -O0 too, where functions are optnone.
  static bool isRequired() { return true; }

private:
  EnergyOptions Options;
};

} // namespace energy

#endif // ENERGYPASS_ENERGYPASS_H
