/*===- energy_cuda_emu/detail/atomics.h - CUDA atomics on host memory ------===*
 *
 * Global and shared memory are both host memory, so one set of functions
 * serves both. They are real atomics (relaxed, as CUDA's are): blocks may run
 * in parallel on several host threads. Floating-point read-modify-writes are
 * compare-and-swap loops on the value's bits. The overloads are the toolkit's:
 * a program that compiles here compiles with nvcc.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_ATOMICS_H
#define ENERGY_CUDA_EMU_ATOMICS_H

#include <stdint.h>
#include <string.h>

namespace energy_cuda_emu::detail {
template <class T, class Bits, class Op> T atomic_float_update(T *address, Op op) {
  Bits *word = reinterpret_cast<Bits *>(address);
  Bits expected = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    T old;
    memcpy(&old, &expected, sizeof(T));
    T updated = op(old);
    Bits desired;
    memcpy(&desired, &updated, sizeof(T));
    if (__atomic_compare_exchange_n(word, &expected, desired, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return old;
  }
}
template <class T> T atomic_min(T *address, T val) {
  T old = __atomic_load_n(address, __ATOMIC_RELAXED);
  while (val < old && !__atomic_compare_exchange_n(address, &old, val, true, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED)) {
  }
  return old;
}
template <class T> T atomic_max(T *address, T val) {
  T old = __atomic_load_n(address, __ATOMIC_RELAXED);
  while (val > old && !__atomic_compare_exchange_n(address, &old, val, true, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED)) {
  }
  return old;
}
template <class T> T atomic_cas(T *address, T compare, T val) {
  __atomic_compare_exchange_n(address, &compare, val, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return compare;
}
} // namespace energy_cuda_emu::detail

#define ENERGY_CUDA_EMU_INT_ATOMICS(T)                                                             \
  inline T atomicAdd(T *a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_RELAXED); }             \
  inline T atomicExch(T *a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_RELAXED); }           \
  inline T atomicMin(T *a, T v) { return energy_cuda_emu::detail::atomic_min(a, v); }              \
  inline T atomicMax(T *a, T v) { return energy_cuda_emu::detail::atomic_max(a, v); }              \
  inline T atomicAnd(T *a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_RELAXED); }             \
  inline T atomicOr(T *a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_RELAXED); }               \
  inline T atomicXor(T *a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_RELAXED); }             \
  inline T atomicCAS(T *a, T compare, T v) {                                                       \
    return energy_cuda_emu::detail::atomic_cas(a, compare, v);                                     \
  }

ENERGY_CUDA_EMU_INT_ATOMICS(int)
ENERGY_CUDA_EMU_INT_ATOMICS(unsigned int)
ENERGY_CUDA_EMU_INT_ATOMICS(unsigned long long int)
#undef ENERGY_CUDA_EMU_INT_ATOMICS

inline int atomicSub(int *a, int v) { return __atomic_fetch_sub(a, v, __ATOMIC_RELAXED); }
inline unsigned int atomicSub(unsigned int *a, unsigned int v) {
  return __atomic_fetch_sub(a, v, __ATOMIC_RELAXED);
}
inline long long int atomicMin(long long int *a, long long int v) {
  return energy_cuda_emu::detail::atomic_min(a, v);
}
inline long long int atomicMax(long long int *a, long long int v) {
  return energy_cuda_emu::detail::atomic_max(a, v);
}
inline unsigned short int atomicCAS(unsigned short int *a, unsigned short int compare,
                                    unsigned short int v) {
  return energy_cuda_emu::detail::atomic_cas(a, compare, v);
}
/* atomicInc/atomicDec wrap at `limit` as the hardware does. */
inline unsigned int atomicInc(unsigned int *a, unsigned int limit) {
  unsigned int old = __atomic_load_n(a, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(a, &old, old >= limit ? 0u : old + 1u, true, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}
inline unsigned int atomicDec(unsigned int *a, unsigned int limit) {
  unsigned int old = __atomic_load_n(a, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(a, &old, (old == 0u || old > limit) ? limit : old - 1u, true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
}
inline float atomicAdd(float *a, float v) {
  return energy_cuda_emu::detail::atomic_float_update<float, uint32_t>(
      a, [v](float old) { return old + v; });
}
inline double atomicAdd(double *a, double v) {
  return energy_cuda_emu::detail::atomic_float_update<double, uint64_t>(
      a, [v](double old) { return old + v; });
}
inline float atomicExch(float *a, float v) {
  return energy_cuda_emu::detail::atomic_float_update<float, uint32_t>(a, [v](float) { return v; });
}

#endif
