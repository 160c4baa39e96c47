/*===- energy_cuda_emu/hooks.h - Observing emulated launches ---------------===*
 *
 * For tools, not for CUDA programs: EnergyPass's runtime uses this to give
 * emulated kernels the same per-CUDA-thread instrumentation as kernels on a
 * GPU. Kernels are marked in the IR of emulated builds by
 * __attribute__((annotate("energy_cuda_kernel"))) (what `__global__` becomes),
 * so the pass can find them in llvm.global.annotations; at run time the hooks
 * bracket every launch (to size and collect per-launch buffers) and
 * energy_cuda_emu_current_thread says which CUDA thread is running.
 *
 * Thread safety: set the hooks before the first launch; the hooks run on the
 * launching host thread, one launch at a time, and must not launch kernels;
 *energy_cuda_emu_current_thread may be called from any host thread.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_HOOKS_H
#define ENERGY_CUDA_EMU_HOOKS_H

#include "cuda_runtime_api.h"
#include "vector_types.h"

#include <stddef.h>
#include <stdint.h>

#define ENERGY_CUDA_KERNEL_ANNOTATION "energy_cuda_kernel"

#ifdef __cplusplus
extern "C" {
#endif

struct energy_cuda_emu_launch_info {
  const char *kernel; /* the launch's callee as written in the source */
  uint64_t launch_id; /* 1 for the first launch of the process, then 2, 3, ... */
  uint3 grid;
  uint3 block;
  size_t shared_bytes;
};

struct energy_cuda_emu_hooks {
  /* Before the first block of a valid launch runs. */
  void (*launch_begin)(const struct energy_cuda_emu_launch_info *launch);
  /* After its last block, with the launch's outcome. */
  void (*launch_end)(const struct energy_cuda_emu_launch_info *launch, cudaError_t result);
};

/* Installs `hooks` (copied); null removes them. */
void energy_cuda_emu_set_hooks(const struct energy_cuda_emu_hooks *hooks);

/* 1 and the running CUDA thread's launch, block and thread index when called
 * from inside a kernel on this host thread; 0 otherwise. */
int energy_cuda_emu_current_thread(uint64_t *launch_id, uint3 *block, uint3 *thread);

#ifdef __cplusplus
}
#endif

#endif
