//===- flops_avx2.cpp - Peak-FLOP kernels with AVX2 and FMA3 --------------===//
//
// Compiled with -mavx2 -mfma (see CMakeLists.txt); dispatched only on CPUs
// with both. Holds the FMA forms of scalar and 128-bit arithmetic too, since
// FMA3 arrived with AVX2-class cores. 16 vector registers: 12 chains leave
// room for the constants.
//
//===----------------------------------------------------------------------===//
#include "flop_kernel_templates.h"

namespace energy::ceilings {

std::vector<FlopKernel> avx2FlopKernels() {
  return {
      {"scalar", "double", true, fmaChains<double, 1, 12>},
      {"scalar", "float", true, fmaChains<float, 1, 12>},
      {"sse", "double", true, fmaChains<double, 2, 12>},
      {"sse", "float", true, fmaChains<float, 4, 12>},
      {"avx2", "double", true, fmaChains<double, 4, 12>},
      {"avx2", "float", true, fmaChains<float, 8, 12>},
      {"avx2", "double", false, mulAddChains<double, 4, 12>},
      {"avx2", "float", false, mulAddChains<float, 8, 12>},
  };
}

} // namespace energy::ceilings
