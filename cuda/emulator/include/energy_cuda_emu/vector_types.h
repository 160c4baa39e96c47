/*===- energy_cuda_emu/vector_types.h - dim3, uint3 and the vector types ---===*
 *
 * The layouts match the toolkit's vector_types.h (alignment included), so
 * that device data structures have the same size on the CPU as on the GPU.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_VECTOR_TYPES_H
#define ENERGY_CUDA_EMU_VECTOR_TYPES_H

#define ENERGY_CUDA_EMU_VEC(T, name, align)                                                        \
  struct __attribute__((aligned(align))) name##1 { T x; };                                         \
  struct __attribute__((aligned(2 * align))) name##2 { T x, y; };                                  \
  struct name##3 { T x, y, z; };                                                                   \
  struct __attribute__((aligned(4 * align > 16 ? 16 : 4 * align))) name##4 { T x, y, z, w; };      \
  static inline name##1 make_##name##1(T x) { return name##1 {x}; }                                \
  static inline name##2 make_##name##2(T x, T y) { return name##2 {x, y}; }                        \
  static inline name##3 make_##name##3(T x, T y, T z) { return name##3 {x, y, z}; }                \
  static inline name##4 make_##name##4(T x, T y, T z, T w) { return name##4 {x, y, z, w}; }

ENERGY_CUDA_EMU_VEC(signed char, char, 1)
ENERGY_CUDA_EMU_VEC(unsigned char, uchar, 1)
ENERGY_CUDA_EMU_VEC(short, short, 2)
ENERGY_CUDA_EMU_VEC(unsigned short, ushort, 2)
ENERGY_CUDA_EMU_VEC(int, int, 4)
ENERGY_CUDA_EMU_VEC(unsigned int, uint, 4)
ENERGY_CUDA_EMU_VEC(float, float, 4)
ENERGY_CUDA_EMU_VEC(long long, longlong, 8)
ENERGY_CUDA_EMU_VEC(unsigned long long, ulonglong, 8)
ENERGY_CUDA_EMU_VEC(double, double, 8)
#undef ENERGY_CUDA_EMU_VEC

/* dim3: a uint3 whose missing components default to 1. */
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif
