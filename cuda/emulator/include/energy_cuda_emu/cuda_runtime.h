/*===- energy_cuda_emu/cuda_runtime.h - CUDA on the CPU: the umbrella header ===*
 *
 * Stands in for the CUDA toolkit's cuda_runtime.h when a .cu program is built
 * with `--cuda-emulate`: the program is compiled as host C++ (after
 * energy-cuda-rewrite has turned `<<<...>>>` launches into calls) and its
 * kernels run on the CPU, the threads of a block as fibers. The driver
 * force-includes this header, as nvcc implicitly includes the real one, and
 * puts its folder first on the system include path so that
 * `#include <cuda_runtime.h>` in the program finds it too.
 *
 * See docs/cuda.md for what is emulated and what is not.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_CUDA_RUNTIME_H
#define ENERGY_CUDA_EMU_CUDA_RUNTIME_H

#define ENERGY_CUDA_EMULATION 1

#include "cuda_runtime_api.h"
#include "detail/atomics.h"
#include "detail/builtin_vars.h"
#include "detail/device_math.h"
#include "detail/launch.h"
#include "detail/qualifiers.h"
#include "detail/symbols.h"
#include "detail/sync.h"
#include "detail/warp.h"
#include "vector_types.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdio.h>

#endif
