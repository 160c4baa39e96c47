//===- DeviceInstrumenter.h - Per-thread block and edge counts in kernels -===//
//
// Device mode of EnergyPass: every basic block of a CUDA kernel (and of the
// device functions it calls, cloned per kernel) gets a stable ID and a slot
// in a per-thread counter row; critical edges get slots of their own. Each
// kernel carries a constant `energy_gpu_kernel` descriptor (energy_gpu/abi.h)
// with its static block facts, from which the collector (cuda/device/)
// writes the GPU profile. docs/cuda-instrumentation.md has the design.
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-instrument -energy-gpu-mode=thread -S k.ll
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_DEVICEINSTRUMENTER_H
#define ENERGYPASS_DEVICEINSTRUMENTER_H

#include "Options.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace energy {

/// Emulated host builds: instruments the kernels annotated
/// "energy_cuda_kernel"; each thread finds its row through
/// energy_gpu_emu_row. Adds every function it instrumented (kernels and
/// their device-function copies) to `Instrumented`, which host mode skips.
bool instrumentEmulatedKernels(llvm::Module &M, const EnergyOptions &Options,
                               llvm::SmallPtrSetImpl<llvm::Function *> &Instrumented);

/// nvptx64 device modules: instruments every kernel; rows live in the buffer
/// whose address the host writes into `__energy_gpu_rows` before a launch.
bool instrumentNvptxKernels(llvm::Module &M, const EnergyOptions &Options);

} // namespace energy

#endif // ENERGYPASS_DEVICEINSTRUMENTER_H
