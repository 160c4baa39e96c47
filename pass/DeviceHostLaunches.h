//===- DeviceHostLaunches.h - Kernel launches of a CUDA host module -------===//
//
// The host half of device mode on a real GPU. The device half
// (DeviceNvptxRows.h) leaves each device module with two variables: the
// pointer `__energy_gpu_rows` that every thread finds its counter row
// through, and `__energy_gpu_table_ref` locating the kernels' static table.
// Here, in the host module clang compiles for the same translation unit:
//   - `__cuda_register_globals` registers a host shadow of each of the two
//     variables (__cudaRegisterVar), so that the collector can reach them
//     with cudaMemcpyToSymbol / cudaMemcpyFromSymbol, and announces every
//     kernel stub it registers, with its device name and the shadows, to
//     energy_gpu_register_kernel;
//   - every call of cudaLaunchKernel (cudaLaunchKernel_ptsz with
//     -fgpu-default-stream=per-thread) goes to the collector's launch entry
//     point instead, which gives the launch its zeroed row buffer and
//     collects the rows afterwards (cuda/device/src/GpuCollector.cpp);
//   - cudaDeviceSynchronize and cudaDeviceReset go through the collector,
//     which collects the finished launches first.
// Modules without kernel registrations are left alone: they need no
// collector at link time.
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-gpu-host-launches -S host.ll
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_DEVICEHOSTLAUNCHES_H
#define ENERGYPASS_DEVICEHOSTLAUNCHES_H

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

namespace energy {

/// Rewrites the host module's kernel registrations and launches; false when
/// it registers no kernel or was rewritten already.
bool instrumentHostLaunches(llvm::Module &M);

struct DeviceHostLaunchesPass : llvm::PassInfoMixin<DeviceHostLaunchesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    return instrumentHostLaunches(M) ? llvm::PreservedAnalyses::none()
                                     : llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

} // namespace energy

#endif // ENERGYPASS_DEVICEHOSTLAUNCHES_H
