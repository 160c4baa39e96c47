//===- emulator_settings.h - Environment settings of the emulator ----------===//
//
// ENERGY_CUDA_EMU_THREADS  host threads that run blocks in parallel
//                          (default: the machine's hardware threads; 1 runs
//                          blocks one after another, in order)
// ENERGY_CUDA_EMU_STACK_KIB  stack of each CUDA thread's fiber (default 128)
// ENERGY_CUDA_EMU_STATS    if 1, print at exit how many launches, blocks and
//                          threads ran and how fast (blocks per second)
//
// Read once, at the first launch. A value that is not a positive number is
// reported on stderr and the default used: the program still runs.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_EMULATOR_SETTINGS_H
#define ENERGY_CUDA_EMU_EMULATOR_SETTINGS_H

#include <cstddef>

namespace energy_cuda_emu::detail {

struct emulator_settings {
  unsigned host_threads;
  std::size_t fiber_stack_bytes;
  bool print_statistics;
};

const emulator_settings &settings();

} // namespace energy_cuda_emu::detail

#endif
