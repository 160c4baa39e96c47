//===- kernel_dispatch.cpp - Only the kernels this CPU can run ------------===//
#include "kernels.h"

namespace energy::ceilings {

// The AVX2 objects are compiled with -mavx2 -mfma, the AVX-512 ones with
// -mavx512f on top: each needs all of its flags on the running CPU.
static bool hasAvx2Fma() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

static bool hasAvx512() { return hasAvx2Fma() && __builtin_cpu_supports("avx512f"); }

std::vector<FlopKernel> availableFlopKernels() {
  std::vector<FlopKernel> Kernels = baselineFlopKernels();
  if (hasAvx2Fma())
    for (const auto &K : avx2FlopKernels())
      Kernels.push_back(K);
  if (hasAvx512())
    for (const auto &K : avx512FlopKernels())
      Kernels.push_back(K);
  return Kernels;
}

StreamKernels bestStreamKernels() {
  if (hasAvx512())
    return avx512StreamKernels();
  if (hasAvx2Fma())
    return avx2StreamKernels();
  return baselineStreamKernels();
}

} // namespace energy::ceilings
