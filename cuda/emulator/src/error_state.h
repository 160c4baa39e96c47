//===- error_state.h - cudaGetLastError's state ----------------------------===//
//
// As in CUDA: each host thread has its own last error, which
// cudaGetLastError returns and clears; a failed kernel (here: a deadlocked
// block) leaves a sticky error that every later synchronising call returns.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_ERROR_STATE_H
#define ENERGY_CUDA_EMU_ERROR_STATE_H

#include "energy_cuda_emu/cuda_runtime_api.h"

namespace energy_cuda_emu::detail {

// Records `error` as the calling thread's last error and returns it.
cudaError_t record_error(cudaError_t error);
// Records a sticky error: the device is unusable from now on.
void record_sticky_error(cudaError_t error);
cudaError_t sticky_error();

} // namespace energy_cuda_emu::detail

#endif
