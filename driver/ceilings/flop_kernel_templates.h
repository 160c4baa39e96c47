//===- flop_kernel_templates.h - Peak-FLOP kernels for any vector width ---===//
//
// Included only by flops_<isa>.cpp, each compiled with its ISA's flags, so
// the same source becomes SSE, AVX2 or AVX-512 code. Everything here has
// internal linkage: instantiations from differently-flagged objects must
// never be merged by the linker.
//
// Values stay exact and normal forever (no denormal slow paths): the FMA
// chains iterate x = x * 0.5 + 0.5, whose fixed point is 1; the multiply
// chains alternate * 0.5 and * 2; the add chains alternate + 0.5 and - 0.5.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "kernels.h"

#include <cstdint>
#include <type_traits>

namespace energy::ceilings {
namespace {

template <typename T, int Lanes> struct VectorOf {
  typedef T Type __attribute__((vector_size(sizeof(T) * Lanes)));
};
template <typename T> struct VectorOf<T, 1> {
  using Type = T;
};
template <typename T, int Lanes> using Vec = typename VectorOf<T, Lanes>::Type;

template <typename V, typename T> inline V splat(T Value) {
  if constexpr (std::is_same_v<V, T>)
    return Value;
  else
    return V{} + Value;
}

// The constants come from memory the compiler cannot see through: known
// powers of two would let it fold x * 0.5 * 2 away and delete the loop.
template <typename T> T opaque(T Value) {
  static volatile T Hidden;
  Hidden = Value;
  return Hidden;
}

// Keeps every lane of every chain alive, so nothing is narrowed or removed.
template <typename V, typename T> void consume(const V *Values, int Count) {
  static volatile T Sink;
  T Sum = 0;
  for (int I = 0; I < Count; ++I) {
    if constexpr (std::is_same_v<V, T>)
      Sum += Values[I];
    else
      for (int Lane = 0; Lane < static_cast<int>(sizeof(V) / sizeof(T)); ++Lane)
        Sum += Values[I][Lane];
  }
  Sink = Sum;
}

template <typename T, int Lanes, int Chains> double fmaChains(std::uint64_t Iterations) {
  using V = Vec<T, Lanes>;
  V Acc[Chains];
  for (int C = 0; C < Chains; ++C)
    Acc[C] = splat<V>(static_cast<T>(C) / Chains);
  const V Half = splat<V>(opaque(static_cast<T>(0.5)));
  for (std::uint64_t I = 0; I < Iterations; ++I) {
#pragma unroll
    for (int C = 0; C < Chains; ++C)
      Acc[C] = __builtin_elementwise_fma(Acc[C], Half, Half);
  }
  consume<V, T>(Acc, Chains);
  return static_cast<double>(Iterations) * Chains * Lanes * 2;
}

// Half the chains multiply, half add: the FLOP/s a kernel without FMA reaches.
template <typename T, int Lanes, int Chains> double mulAddChains(std::uint64_t Iterations) {
  using V = Vec<T, Lanes>;
  constexpr int Half = Chains / 2;
  V Mul[Half], Add[Half];
  for (int C = 0; C < Half; ++C) {
    Mul[C] = splat<V>(static_cast<T>(1 + C));
    Add[C] = splat<V>(static_cast<T>(C));
  }
  const V PointFive = splat<V>(opaque(static_cast<T>(0.5)));
  const V Two = splat<V>(opaque(static_cast<T>(2)));
  for (std::uint64_t I = 0; I < Iterations; ++I) {
#pragma unroll
    for (int C = 0; C < Half; ++C) {
      Mul[C] = Mul[C] * PointFive;
      Add[C] = Add[C] + PointFive;
    }
#pragma unroll
    for (int C = 0; C < Half; ++C) {
      Mul[C] = Mul[C] * Two;
      Add[C] = Add[C] - PointFive;
    }
  }
  consume<V, T>(Mul, Half);
  consume<V, T>(Add, Half);
  return static_cast<double>(Iterations) * Chains * 2 * Lanes;
}

} // namespace
} // namespace energy::ceilings
