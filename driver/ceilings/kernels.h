//===- kernels.h - Peak-FLOP and streaming kernels, one set per ISA -------===//
//
// The kernels behind every ceiling. Each instruction set's kernels live in
// their own translation units compiled with that ISA's target flags
// (flops_<isa>.cpp, streams_<isa>.cpp); kernel_dispatch.cpp hands out only
// those the running CPU supports.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace energy::ceilings {

/// Independent multiply-add chains, enough of them to hide the latency of
/// the FP units as likwid-bench's peakflops kernels do.
struct FlopKernel {
  const char *Isa;       // "scalar", "sse", "avx2", "avx512"
  const char *Precision; // "float", "double"
  bool Fma;
  /// Runs Iterations rounds; returns the floating-point operations executed.
  double (*Run)(std::uint64_t Iterations);
};

/// Streaming kernels over arrays of doubles; N is a multiple of StreamBlock.
/// Bytes moved per element, counted as likwid-bench does (no write-allocate):
/// load 8, copy 16, triad (a = b * c + d) 32.
struct StreamKernels {
  const char *Isa;
  void (*Load)(const double *A, std::size_t N);
  void (*Copy)(double *Dst, const double *Src, std::size_t N);
  void (*CopyNonTemporal)(double *Dst, const double *Src, std::size_t N);
  void (*Triad)(double *A, const double *B, const double *C, const double *D, std::size_t N);
  void (*TriadNonTemporal)(double *A, const double *B, const double *C, const double *D,
                           std::size_t N);
};

inline constexpr std::size_t StreamBlock = 64; // doubles per unrolled step of the widest ISA

std::vector<FlopKernel> baselineFlopKernels();
std::vector<FlopKernel> avx2FlopKernels();
std::vector<FlopKernel> avx512FlopKernels();
StreamKernels baselineStreamKernels();
StreamKernels avx2StreamKernels();
StreamKernels avx512StreamKernels();

/// Every FLOP kernel this CPU can run, narrowest ISA first.
std::vector<FlopKernel> availableFlopKernels();
/// The streaming kernels of the widest ISA this CPU supports.
StreamKernels bestStreamKernels();

} // namespace energy::ceilings
