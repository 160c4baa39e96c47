//===- streams_avx2.cpp - Streaming kernels with avx2 ===//
//
// Load, copy and triad over AVX2 and FMA3 (256-bit); compiled with -mavx2 -mfma.
//
//===----------------------------------------------------------------------===//
#include "stream_kernel_templates.h"

namespace energy::ceilings {

StreamKernels avx2StreamKernels() { return Streams<4>::kernels("avx2"); }

} // namespace energy::ceilings
