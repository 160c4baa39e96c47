// grid_stride.cu - y = a*x + y over far more elements than threads: a small
// grid walks the array with a grid-stride loop, so each thread handles many
// elements and the last stride is partial. Done in float and in double
// (a template kernel, launched with its type deduced from the arguments).
#include "cuda_check.h"

#include <cmath>
#include <vector>

template <typename T> __global__ void saxpy(int n, T a, const T *x, T *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

template <typename T> bool run(const char *type, int n, int grid, int block) {
  std::vector<T> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<T>(i % 1000) * static_cast<T>(0.001);
    y[i] = static_cast<T>(1);
  }
  T *dx, *dy;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  const T a = static_cast<T>(2.5);
  saxpy<<<grid, block>>>(n, a, dx, dy);
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaMemcpy(y.data(), dy, n * sizeof(T), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && std::fabs(y[i] - (a * x[i] + static_cast<T>(1))) <= static_cast<T>(1e-5);
  std::printf("grid_stride: %s n=%d grid=%d block=%d elements_per_thread=%.1f y[n-1]=%g\n", type,
              n, grid, block, static_cast<double>(n) / (grid * block), static_cast<double>(y[n - 1]));
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  return ok;
}

int main() {
  bool ok = run<float>("float", 100003, 8, 128);
  ok = run<double>("double", 50000, 3, 96) && ok;
  return report("grid_stride", ok);
}
