//===- device_builtins.cpp - Barriers and warp intrinsics, as library calls ===//
//
// The entry points that device code calls in the emulator's headers. Each
// suspends the calling fiber through its host thread's block_runner; called
// outside a kernel they stop the program with a message, since there is no
// block to synchronise with.
//
//===----------------------------------------------------------------------===//
#include "block_runner.h"

#include <cstdio>
#include <cstdlib>

namespace energy_cuda_emu::detail {
namespace {
block_runner &runner_inside_kernel(const char *intrinsic) {
  block_runner *runner = block_runner::active();
  if (__builtin_expect(runner == nullptr, 0)) {
    std::fprintf(stderr, "energy-cuda-emu: %s called outside a kernel\n", intrinsic);
    std::abort();
  }
  return *runner;
}
} // namespace

uint64_t warp_collective(warp_op op, unsigned mask, uint64_t value, int param, int width) {
  return runner_inside_kernel("a warp intrinsic").warp_collective(op, mask, value, param, width);
}

unsigned warp_active_mask() { return runner_inside_kernel("__activemask").active_mask(); }

} // namespace energy_cuda_emu::detail

void *energy_cuda_emu::dynamic_shared_memory() {
  return detail::block_runner::of_this_thread().dynamic_shared_memory();
}

using energy_cuda_emu::detail::runner_inside_kernel;

extern "C" void __syncthreads(void) { runner_inside_kernel("__syncthreads").barrier(0); }

extern "C" int __syncthreads_count(int predicate) {
  return runner_inside_kernel("__syncthreads_count").barrier(predicate);
}

extern "C" int __syncthreads_and(int predicate) {
  // Every live thread took part, so "all true" means the count equals the live threads.
  auto &runner = runner_inside_kernel("__syncthreads_and");
  const int lanes_true = runner.barrier(predicate != 0);
  return lanes_true == runner.live_threads_at_last_barrier();
}

extern "C" int __syncthreads_or(int predicate) {
  return runner_inside_kernel("__syncthreads_or").barrier(predicate) != 0;
}
