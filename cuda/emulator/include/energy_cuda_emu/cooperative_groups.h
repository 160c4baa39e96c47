/*===- energy_cuda_emu/cooperative_groups.h - thread blocks and tiles ------===*
 *
 * The block-level part of CUDA's cooperative groups, on top of the
 * emulator's barrier and warp intrinsics: this_thread_block(), its sync and
 * ranks, and tiled_partition<N> for N = 1, 2, 4, ..., 32 with the tile's
 * sync, ranks, shuffles (within the tile, like a shuffle of width N) and
 * votes (ballot bits numbered by rank in the tile). Grid-wide groups (which
 * need a cooperative launch), coalesced groups and cg::reduce are not
 * emulated.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_COOPERATIVE_GROUPS_H
#define ENERGY_CUDA_EMU_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

namespace cooperative_groups {

namespace details {
inline unsigned block_rank() {
  return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}
inline unsigned block_size() { return blockDim.x * blockDim.y * blockDim.z; }
} // namespace details

class thread_block {
public:
  void sync() const { __syncthreads(); }
  unsigned long long thread_rank() const { return details::block_rank(); }
  unsigned long long num_threads() const { return details::block_size(); }
  unsigned size() const { return details::block_size(); }
  dim3 group_index() const { return dim3(blockIdx); }
  dim3 thread_index() const { return dim3(threadIdx); }
  dim3 dim_threads() const { return blockDim; }
  dim3 group_dim() const { return blockDim; }
};

inline thread_block this_thread_block() { return thread_block(); }
inline void sync(const thread_block &group) { group.sync(); }

template <unsigned Size> class thread_block_tile {
  static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                "tiles have a power-of-two size of at most 32 threads");

public:
  void sync() const { __syncwarp(mask()); }
  unsigned long long thread_rank() const { return details::block_rank() % Size; }
  unsigned long long num_threads() const { return Size; }
  unsigned size() const { return Size; }
  unsigned long long meta_group_rank() const { return details::block_rank() / Size; }
  unsigned long long meta_group_size() const { return (details::block_size() + Size - 1) / Size; }

  template <class T> T shfl(T value, int source_rank) const {
    return __shfl_sync(mask(), value, source_rank, Size);
  }
  template <class T> T shfl_down(T value, unsigned delta) const {
    return __shfl_down_sync(mask(), value, delta, Size);
  }
  template <class T> T shfl_up(T value, unsigned delta) const {
    return __shfl_up_sync(mask(), value, delta, Size);
  }
  template <class T> T shfl_xor(T value, int lane_mask) const {
    return __shfl_xor_sync(mask(), value, lane_mask, Size);
  }
  int any(int predicate) const { return __any_sync(mask(), predicate); }
  int all(int predicate) const { return __all_sync(mask(), predicate); }
  unsigned ballot(int predicate) const { return __ballot_sync(mask(), predicate) >> first_lane(); }

private:
  static unsigned first_lane() { return details::block_rank() % 32 / Size * Size; }
  static unsigned mask() {
    return (Size == 32 ? 0xffffffffu : ((1u << Size) - 1u)) << first_lane();
  }
};

template <unsigned Size> thread_block_tile<Size> tiled_partition(const thread_block &) {
  return thread_block_tile<Size>();
}

} // namespace cooperative_groups

#endif
