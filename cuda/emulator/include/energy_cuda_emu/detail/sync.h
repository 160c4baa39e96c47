/*===- energy_cuda_emu/detail/sync.h - barriers, fences, clocks -------------===*
 *
 * `__syncthreads` suspends the calling fiber until every thread of the block
 * that has not exited reaches a barrier (the semantics of sm_70 and later).
 * Fences are real fences: blocks may run in parallel on several host threads.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_SYNC_H
#define ENERGY_CUDA_EMU_SYNC_H

#include <stdint.h>

extern "C" {
void __syncthreads(void);
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
}

inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline long long clock64(void) { return static_cast<long long>(__builtin_readcyclecounter()); }
inline void __nanosleep(unsigned int) {}
[[noreturn]] inline void __trap(void) { __builtin_trap(); }

#endif
