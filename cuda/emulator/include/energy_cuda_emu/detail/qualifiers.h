/*===- energy_cuda_emu/detail/qualifiers.h - CUDA keywords as host C++ -----===*
 *
 * Under emulation every function is a host function, so the execution-space
 * qualifiers vanish. A `__shared__` variable is one per thread block: the
 * threads of a block are fibers on one host thread and a host thread runs one
 * block at a time, so a static thread_local variable is exactly one per
 * running block. (`extern __shared__` arrays, the dynamic shared memory, are
 * rewritten by energy-cuda-rewrite, since `extern` cannot become static.
 * `__noinline__` is rewritten there too: libstdc++ spells
 * `__attribute__((__noinline__))`, so it cannot be a macro here.)
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_QUALIFIERS_H
#define ENERGY_CUDA_EMU_QUALIFIERS_H

/* Kernels stay recognisable in the IR (see hooks.h). */
#define __global__ __attribute__((annotate("energy_cuda_kernel")))
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static thread_local
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __grid_constant__

#include <stddef.h>

namespace energy_cuda_emu {
/* The largest dynamic shared memory a launch may ask for: sm_90's opt-in
 * maximum per block. */
inline constexpr size_t dynamic_shared_capacity = 227 * 1024;
/* The calling host thread's dynamic shared memory: the same address for
 * every block that thread runs, so a pointer to it may be cached. */
void *dynamic_shared_memory();
} // namespace energy_cuda_emu

#define CUDART_VERSION 13000
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif

#endif
