//===- streams_baseline.cpp - Streaming kernels with sse ===//
//
// Load, copy and triad over SSE2 (128-bit), which every x86-64 CPU has.
//
//===----------------------------------------------------------------------===//
#include "stream_kernel_templates.h"

namespace energy::ceilings {

StreamKernels baselineStreamKernels() { return Streams<2>::kernels("sse"); }

} // namespace energy::ceilings
