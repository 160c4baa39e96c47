//===- flops_avx512.cpp - Peak-FLOP kernels with AVX-512F -----------------===//
//
// Compiled with -mavx512f (see CMakeLists.txt); dispatched only on CPUs with
// it. 32 vector registers: 16 chains cover two FMA ports of latency 4 twice.
//
//===----------------------------------------------------------------------===//
#include "flop_kernel_templates.h"

namespace energy::ceilings {

std::vector<FlopKernel> avx512FlopKernels() {
  return {
      {"avx512", "double", true, fmaChains<double, 8, 16>},
      {"avx512", "float", true, fmaChains<float, 16, 16>},
      {"avx512", "double", false, mulAddChains<double, 8, 16>},
      {"avx512", "float", false, mulAddChains<float, 16, 16>},
  };
}

} // namespace energy::ceilings
