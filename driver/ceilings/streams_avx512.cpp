//===- streams_avx512.cpp - Streaming kernels with avx512 ===//
//
// Load, copy and triad over AVX-512F (512-bit); compiled with -mavx512f.
//
//===----------------------------------------------------------------------===//
#include "stream_kernel_templates.h"

namespace energy::ceilings {

StreamKernels avx512StreamKernels() { return Streams<8>::kernels("avx512"); }

} // namespace energy::ceilings
