/*===- energy_cuda_emu/detail/device_math.h - CUDA device math on the host -===*
 *
 * The device functions of the CUDA math API that have no host equivalent of
 * the same name: min/max overloads, the fast intrinsics (computed here at
 * full precision: results may differ from the GPU's in the last bits, which
 * CUDA documents for these functions anyway), bit tricks and __ldg.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_DEVICE_MATH_H
#define ENERGY_CUDA_EMU_DEVICE_MATH_H

#include <math.h>
#include <stdint.h>

#define ENERGY_CUDA_EMU_MINMAX(T)                                                                  \
  inline T min(T a, T b) { return b < a ? b : a; }                                                 \
  inline T max(T a, T b) { return a < b ? b : a; }
ENERGY_CUDA_EMU_MINMAX(int)
ENERGY_CUDA_EMU_MINMAX(unsigned int)
ENERGY_CUDA_EMU_MINMAX(long long int)
ENERGY_CUDA_EMU_MINMAX(unsigned long long int)
#undef ENERGY_CUDA_EMU_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }

inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __powf(float a, float b) { return powf(a, b); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
inline int __float2int_rn(float x) { return static_cast<int>(nearbyintf(x)); }
inline int __float2int_rz(float x) { return static_cast<int>(x); }

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
inline unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
inline int __mul24(int a, int b) { return (a << 8 >> 8) * (b << 8 >> 8); }
inline unsigned int __umul24(unsigned int a, unsigned int b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline unsigned int __umulhi(unsigned int a, unsigned int b) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(a) * b) >> 32);
}

inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
inline float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
inline unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
inline double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
inline long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }

template <class T> T __ldg(const T *p) { return *p; }

#endif
