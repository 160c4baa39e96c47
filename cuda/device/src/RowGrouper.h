//===- RowGrouper.h - Per-thread counter rows into GPU profile groups -----===//
//
// After a launch the collector holds one counter row per thread (abi.h).
// Threads with identical rows form one group of the GPU profile
// (docs/formats/gpu-profile.md): their linear ids as inclusive ranges, the
// sparse block counts and the edge counts read from each edge's slot.
// All-zero rows (threads that counted nothing) are left out, as the format
// allows.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_GPU_ROWGROUPER_H
#define ENERGY_GPU_ROWGROUPER_H

#include "energy_gpu/abi.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace energy::gpu {

/// `rows` holds `threads` rows of `kernel.num_slots` counters each, in
/// linear thread id order. Returns the profile's "threads" array.
nlohmann::json groupRows(const energy_gpu_kernel &kernel, const uint64_t *rows, uint64_t threads);

/// Warp mode in emulation: adds every lane's row into its warp's first lane
/// (warps are 32 consecutive ids of a thread block) and clears the others,
/// which is what the first active lane adding the active mask's popcount
/// yields on a GPU.
void foldWarps(uint64_t *rows, uint64_t threads, uint32_t slots, uint64_t threads_per_block);

} // namespace energy::gpu

#endif
