//===- flops_baseline.cpp - Peak-FLOP kernels with baseline x86-64 (SSE2) ===//
//
// Compiled without extra target flags: scalar and 128-bit SSE arithmetic,
// which every x86-64 CPU has, and no FMA (SSE2 has none).
//
//===----------------------------------------------------------------------===//
#include "flop_kernel_templates.h"

namespace energy::ceilings {

std::vector<FlopKernel> baselineFlopKernels() {
  return {
      {"scalar", "double", false, mulAddChains<double, 1, 12>},
      {"scalar", "float", false, mulAddChains<float, 1, 12>},
      {"sse", "double", false, mulAddChains<double, 2, 12>},
      {"sse", "float", false, mulAddChains<float, 4, 12>},
  };
}

} // namespace energy::ceilings
