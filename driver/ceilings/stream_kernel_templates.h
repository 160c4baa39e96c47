//===- stream_kernel_templates.h - Load, copy and triad for any width -----===//
//
// Included only by streams_<isa>.cpp, each compiled with its ISA's flags.
// Internal linkage throughout, so that differently-flagged instantiations are
// never merged. Each step moves StreamBlock doubles through eight vectors, as
// likwid-bench's unrolled kernels do. An empty volatile asm per step keeps the
// compiler from turning copy loops into memcpy calls (whose speed would be
// libc's, not this ISA's) and the loads of the load kernel alive.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "kernels.h"

namespace energy::ceilings {
namespace {

template <int Lanes> struct DoubleVector {
  typedef double Type __attribute__((vector_size(sizeof(double) * Lanes)));
};

template <int Lanes> struct Streams {
  using V = typename DoubleVector<Lanes>::Type;
  static constexpr std::size_t Step = 8 * Lanes;
  static_assert(StreamBlock % Step == 0, "a block must be whole steps");

  static void load(const double *A, std::size_t N) {
    for (std::size_t I = 0; I < N; I += Step) {
      const V *P = reinterpret_cast<const V *>(A + I);
      V X0 = P[0], X1 = P[1], X2 = P[2], X3 = P[3], X4 = P[4], X5 = P[5], X6 = P[6], X7 = P[7];
#if defined(__AVX512F__)
      asm volatile("" ::"v"(X0), "v"(X1), "v"(X2), "v"(X3), "v"(X4), "v"(X5), "v"(X6), "v"(X7));
#else
      asm volatile("" ::"x"(X0), "x"(X1), "x"(X2), "x"(X3), "x"(X4), "x"(X5), "x"(X6), "x"(X7));
#endif
    }
  }

  template <bool NonTemporal> static void copy(double *Dst, const double *Src, std::size_t N) {
    for (std::size_t I = 0; I < N; I += Step) {
      const V *S = reinterpret_cast<const V *>(Src + I);
      V *D = reinterpret_cast<V *>(Dst + I);
#pragma unroll
      for (int K = 0; K < 8; ++K) {
        if constexpr (NonTemporal)
          __builtin_nontemporal_store(S[K], D + K);
        else
          D[K] = S[K];
      }
      asm volatile("");
    }
    if constexpr (NonTemporal)
      __builtin_ia32_sfence();
  }

  template <bool NonTemporal>
  static void triad(double *A, const double *B, const double *C, const double *D, std::size_t N) {
    for (std::size_t I = 0; I < N; I += Step) {
      const V *PB = reinterpret_cast<const V *>(B + I);
      const V *PC = reinterpret_cast<const V *>(C + I);
      const V *PD = reinterpret_cast<const V *>(D + I);
      V *PA = reinterpret_cast<V *>(A + I);
#pragma unroll
      for (int K = 0; K < 8; ++K) {
#if defined(__FMA__)
        V Value = __builtin_elementwise_fma(PB[K], PC[K], PD[K]);
#else
        V Value = PB[K] * PC[K] + PD[K];
#endif
        if constexpr (NonTemporal)
          __builtin_nontemporal_store(Value, PA + K);
        else
          PA[K] = Value;
      }
      asm volatile("");
    }
    if constexpr (NonTemporal)
      __builtin_ia32_sfence();
  }

  static StreamKernels kernels(const char *Isa) {
    return {Isa, load, copy<false>, copy<true>, triad<false>, triad<true>};
  }
};

} // namespace
} // namespace energy::ceilings
