//===- launch_statistics.h - What the emulator ran, and how fast -----------===//
//
// Totals over the process's launches: kernels, blocks, CUDA threads, and the
// wall and CPU time (all host threads) spent running grids. The CPU rate does
// not depend on how busy the machine is; the wall rate does. Printed to stderr at exit when
// ENERGY_CUDA_EMU_STATS=1; bench/cuda-emulator reads that line.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_LAUNCH_STATISTICS_H
#define ENERGY_CUDA_EMU_LAUNCH_STATISTICS_H

#include <cstdint>

namespace energy_cuda_emu::detail {

// Adds one finished grid. Thread-safe (grids run one at a time anyway).
void record_grid(uint64_t blocks, uint64_t threads, double wall_seconds, double cpu_seconds);

// CPU time of the whole process so far, in seconds.
double process_cpu_seconds();

} // namespace energy_cuda_emu::detail

#endif
