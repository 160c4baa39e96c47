//===- Plugin.cpp - Registration of EnergyPass with the pass builder ------===//
//
// Makes libEnergyPass.so a new-pass-manager plugin:
//   - by name, for opt and the lit tests:
//       opt -load-pass-plugin build/lib/libEnergyPass.so \
//           -passes=energy-instrument -S in.ll
//   - at the start of the pipeline, a step that keeps emulated CUDA kernels
//     from being inlined into their launches (DeviceKernels.h);
//   - the kernel launches of CUDA host modules, by name for the lit tests
//     (-passes=energy-gpu-host-launches) and at the same extension points
//     as the pass below (DeviceHostLaunches.h);
//   - opt -passes=energy-footprint: the opt-in footprint sampling alone
//     (FootprintSampling.h); with -energy-footprint it runs before
//     energy-instrument wherever that runs;
//   - at the end of the optimisation pipeline (after inlining and
//     vectorisation, and at -O0) and at the end of full LTO, for
//       clang -fpass-plugin=build/lib/libEnergyPass.so ...
// The module flag the pass sets keeps a module from being instrumented twice
// when both extension points run (LTO pre-link and link).
//
//===----------------------------------------------------------------------===//
#include "DeviceHostLaunches.h"
#include "DeviceKernels.h"
#include "EnergyPass.h"
#include "FootprintSampling.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

namespace {

void addEnergyPass(ModulePassManager &MPM, OptimizationLevel) {
  if (auto Footprint = energy::FootprintOptions::fromCommandLine(); Footprint.Enabled)
    MPM.addPass(energy::FootprintSampling(Footprint));
  MPM.addPass(energy::EnergyPass(energy::EnergyOptions::fromCommandLine()));
}

void addHostLaunches(ModulePassManager &MPM, OptimizationLevel) {
  MPM.addPass(energy::DeviceHostLaunchesPass());
}

/// Emulated CUDA kernels must stay functions of their own for device mode
/// to find them after inlining.
struct KeepKernelsOutOfLine : PassInfoMixin<KeepKernelsOutOfLine> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    return energy::keepEmulatedKernelsOutOfLine(M) ? PreservedAnalyses::none()
                                                   : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(KeepKernelsOutOfLine()); });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "energy-gpu-host-launches") {
          addHostLaunches(MPM, OptimizationLevel::O0);
          return true;
        }
        if (Name == "energy-footprint") {
          MPM.addPass(energy::FootprintSampling(energy::FootprintOptions::fromCommandLine()));
          return true;
        }
        if (Name != "energy-instrument")
          return false;
        addEnergyPass(MPM, OptimizationLevel::O0);
        return true;
      });
  PB.registerOptimizerLastEPCallback(addHostLaunches);
  PB.registerFullLinkTimeOptimizationLastEPCallback(addHostLaunches);
  PB.registerOptimizerLastEPCallback(addEnergyPass);
  PB.registerFullLinkTimeOptimizationLastEPCallback(addEnergyPass);
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "EnergyPass", LLVM_VERSION_STRING, registerCallbacks};
}
