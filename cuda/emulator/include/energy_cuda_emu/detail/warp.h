/*===- energy_cuda_emu/detail/warp.h - warp vote, shuffle, active mask -----===*
 *
 * Votes, shuffles, matches (sm_70) and reductions (sm_80).
 * The lanes of a warp meet at these intrinsics: each lane posts its operand
 * and is suspended; once every lane named in the mask (and still alive) has
 * posted, the block's scheduler computes all lanes' results at once, as the
 * hardware does in lock step. `__activemask` returns the lanes of the warp
 * that wait at an `__activemask` when all of the warp's live lanes have
 * stopped: lanes elsewhere (exited, or in the other side of a branch) are
 * inactive.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_WARP_H
#define ENERGY_CUDA_EMU_WARP_H

#include <stdint.h>
#include <string.h>
#include <type_traits>

namespace energy_cuda_emu {
enum class warp_op : uint8_t {
  sync,
  shfl_idx,
  shfl_up,
  shfl_down,
  shfl_xor,
  all,
  any,
  ballot,
  match_any,
  match_all,
  reduce_add,
  reduce_min,
  reduce_max,
  reduce_and,
  reduce_or,
  reduce_xor
};
namespace detail {
/* Posts this lane's operand, waits for the group, returns this lane's result. */
uint64_t warp_collective(warp_op op, unsigned mask, uint64_t value, int param, int width);
unsigned warp_active_mask();

template <class T> uint64_t to_bits(T v) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                "warp shuffles move values of at most 8 bytes");
  uint64_t bits = 0;
  memcpy(&bits, &v, sizeof(T));
  return bits;
}
template <class T> T from_bits(uint64_t bits) {
  T v;
  memcpy(&v, &bits, sizeof(T));
  return v;
}
template <class T> T shuffle(warp_op op, unsigned mask, T var, int param, int width) {
  return from_bits<T>(warp_collective(op, mask, to_bits(var), param, width));
}
} // namespace detail
} // namespace energy_cuda_emu

template <class T> T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32) {
  return energy_cuda_emu::detail::shuffle(energy_cuda_emu::warp_op::shfl_idx, mask, var, srcLane,
                                          width);
}
template <class T> T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return energy_cuda_emu::detail::shuffle(energy_cuda_emu::warp_op::shfl_up, mask, var,
                                          static_cast<int>(delta), width);
}
template <class T> T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return energy_cuda_emu::detail::shuffle(energy_cuda_emu::warp_op::shfl_down, mask, var,
                                          static_cast<int>(delta), width);
}
template <class T> T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32) {
  return energy_cuda_emu::detail::shuffle(energy_cuda_emu::warp_op::shfl_xor, mask, var, laneMask,
                                          width);
}
inline int __all_sync(unsigned mask, int predicate) {
  return static_cast<int>(energy_cuda_emu::detail::warp_collective(energy_cuda_emu::warp_op::all,
                                                                   mask, predicate != 0, 0, 32));
}
inline int __any_sync(unsigned mask, int predicate) {
  return static_cast<int>(energy_cuda_emu::detail::warp_collective(energy_cuda_emu::warp_op::any,
                                                                   mask, predicate != 0, 0, 32));
}
inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return static_cast<unsigned>(energy_cuda_emu::detail::warp_collective(
      energy_cuda_emu::warp_op::ballot, mask, predicate != 0, 0, 32));
}
inline void __syncwarp(unsigned mask = 0xffffffffu) {
  energy_cuda_emu::detail::warp_collective(energy_cuda_emu::warp_op::sync, mask, 0, 0, 32);
}
inline unsigned __activemask() { return energy_cuda_emu::detail::warp_active_mask(); }

/* sm_70 matches: lanes of the group whose value has the same bits. */
template <class T> unsigned __match_any_sync(unsigned mask, T value) {
  return static_cast<unsigned>(energy_cuda_emu::detail::warp_collective(
      energy_cuda_emu::warp_op::match_any, mask, energy_cuda_emu::detail::to_bits(value), 0, 32));
}
template <class T> unsigned __match_all_sync(unsigned mask, T value, int *pred) {
  const unsigned result = static_cast<unsigned>(energy_cuda_emu::detail::warp_collective(
      energy_cuda_emu::warp_op::match_all, mask, energy_cuda_emu::detail::to_bits(value), 0, 32));
  *pred = result != 0;
  return result;
}

/* sm_80 reductions over the group; param 1 marks a signed operand. */
#define ENERGY_CUDA_EMU_REDUCE(name, op, T, is_signed)                                             \
  inline T name(unsigned mask, T value) {                                                          \
    return static_cast<T>(energy_cuda_emu::detail::warp_collective(                                \
        energy_cuda_emu::warp_op::op, mask, static_cast<uint64_t>(static_cast<int64_t>(value)),    \
        is_signed, 32));                                                                           \
  }
ENERGY_CUDA_EMU_REDUCE(__reduce_add_sync, reduce_add, unsigned, 0)
ENERGY_CUDA_EMU_REDUCE(__reduce_add_sync, reduce_add, int, 1)
ENERGY_CUDA_EMU_REDUCE(__reduce_min_sync, reduce_min, unsigned, 0)
ENERGY_CUDA_EMU_REDUCE(__reduce_min_sync, reduce_min, int, 1)
ENERGY_CUDA_EMU_REDUCE(__reduce_max_sync, reduce_max, unsigned, 0)
ENERGY_CUDA_EMU_REDUCE(__reduce_max_sync, reduce_max, int, 1)
ENERGY_CUDA_EMU_REDUCE(__reduce_and_sync, reduce_and, unsigned, 0)
ENERGY_CUDA_EMU_REDUCE(__reduce_or_sync, reduce_or, unsigned, 0)
ENERGY_CUDA_EMU_REDUCE(__reduce_xor_sync, reduce_xor, unsigned, 0)
#undef ENERGY_CUDA_EMU_REDUCE
#endif
