//===- warp_exchange.h - One warp-level collective, computed for all lanes --===//
//
// When every lane of a group has posted its operand to a warp intrinsic, the
// block scheduler calls exchange_within_warp once to compute every lane's
// result, as the hardware does in lock step. A pure function, so that the
// semantics of shuffles and votes (widths, out-of-range sources) are tested
// without fibers.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_WARP_EXCHANGE_H
#define ENERGY_CUDA_EMU_WARP_EXCHANGE_H

#include "energy_cuda_emu/cuda_runtime.h"

#include <array>
#include <cstdint>

namespace energy_cuda_emu::detail {

inline constexpr unsigned lanes_per_warp = 32;

// What one lane posted at a warp intrinsic.
struct warp_post {
  warp_op op = warp_op::sync;
  uint32_t mask = 0;
  uint64_t value = 0;
  int param = 0; // source lane, delta or lane mask for shuffles
  int width = 32;
};

using warp_posts = std::array<warp_post, lanes_per_warp>;
using warp_results = std::array<uint64_t, lanes_per_warp>;

// Computes the result of every lane in `group` (bit i = lane i); the other
// entries of `results` are left alone.
void exchange_within_warp(const warp_posts &posts, uint32_t group, warp_results &results);

} // namespace energy_cuda_emu::detail

#endif
