//===- launch_hooks.h - Calling the tools' launch hooks (see hooks.h) ------===//
#ifndef ENERGY_CUDA_EMU_LAUNCH_HOOKS_H
#define ENERGY_CUDA_EMU_LAUNCH_HOOKS_H

#include "energy_cuda_emu/cuda_runtime.h"
#include "energy_cuda_emu/hooks.h"

namespace energy_cuda_emu::detail {

// Numbers the launch, makes it the current one, and calls launch_begin.
energy_cuda_emu_launch_info begin_launch(const launch_config &config);
void end_launch(const energy_cuda_emu_launch_info &launch, cudaError_t result);
// The launch whose blocks are running (grids run one at a time); 0 between launches.
uint64_t current_launch_id();

} // namespace energy_cuda_emu::detail

#endif
