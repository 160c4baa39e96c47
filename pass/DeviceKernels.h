//===- DeviceKernels.h - Finding CUDA kernels and their device functions --===//
//
// Device mode instruments CUDA kernels, on nvptx64 device IR and in emulated
// host builds (cuda/emulator), where `__global__` becomes the annotation
// "energy_cuda_kernel". Block IDs are per kernel, so every device function a
// kernel calls is cloned for that kernel: a function called from two kernels
// then has one numbering in each.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_DEVICEKERNELS_H
#define ENERGYPASS_DEVICEKERNELS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace energy {

/// Kernels of an nvptx64 module: `nvvm.annotations` "kernel" = 1 (LLVM 19)
/// and the `ptx_kernel` calling convention (later versions), in layout order.
llvm::SmallVector<llvm::Function *, 4> findNvptxKernels(llvm::Module &M);

/// Kernels of an emulated host module: definitions annotated
/// "energy_cuda_kernel", in layout order.
llvm::SmallVector<llvm::Function *, 4> findEmulatedKernels(llvm::Module &M);

/// Marks emulated kernels noinline before the inliner runs, so each launch
/// runs the kernel function that device mode instruments (a GPU never
/// inlines a kernel into host code either).
bool keepEmulatedKernelsOutOfLine(llvm::Module &M);

/// The kernel followed by private copies of every device function it can
/// reach through direct calls (calls rewritten to the copies), in layout
/// order. The emulator's own functions are left out: on a GPU they are
/// instructions, not code of the program.
llvm::SmallVector<llvm::Function *, 4> cloneKernelCallees(llvm::Function &Kernel);

} // namespace energy

#endif // ENERGYPASS_DEVICEKERNELS_H
