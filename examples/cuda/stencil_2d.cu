// stencil_2d.cu - A 5-point 2-D stencil: each block stages its 16x16 tile
// plus a one-cell halo on every side in shared memory (the edge threads load
// the halo cells, zero outside the grid), synchronises, and computes
// out = c0*centre + c1*(north + south + east + west). The coefficients live
// in __constant__ memory, set with cudaMemcpyToSymbol.
#include "cuda_check.h"

#include <cmath>
#include <vector>

constexpr int kBlock = 16;
__constant__ float coefficients[2];

__device__ float at_or_zero(const float *in, int width, int height, int x, int y) {
  return (x >= 0 && x < width && y >= 0 && y < height) ? in[y * width + x] : 0.0f;
}

__global__ void stencil(const float *in, float *out, int width, int height) {
  __shared__ float tile[kBlock + 2][kBlock + 2];
  int x = blockIdx.x * kBlock + threadIdx.x;
  int y = blockIdx.y * kBlock + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  tile[ty][tx] = at_or_zero(in, width, height, x, y);
  if (threadIdx.x == 0)
    tile[ty][0] = at_or_zero(in, width, height, x - 1, y);
  if (threadIdx.x == kBlock - 1)
    tile[ty][kBlock + 1] = at_or_zero(in, width, height, x + 1, y);
  if (threadIdx.y == 0)
    tile[0][tx] = at_or_zero(in, width, height, x, y - 1);
  if (threadIdx.y == kBlock - 1)
    tile[kBlock + 1][tx] = at_or_zero(in, width, height, x, y + 1);
  __syncthreads();
  if (x < width && y < height)
    out[y * width + x] = coefficients[0] * tile[ty][tx] +
                         coefficients[1] * (tile[ty - 1][tx] + tile[ty + 1][tx] +
                                            tile[ty][tx - 1] + tile[ty][tx + 1]);
}

int main() {
  const int width = 75, height = 41;
  const float c[2] = {0.5f, 0.125f};
  std::vector<float> in(width * height), out(width * height), expected(width * height);
  for (int i = 0; i < width * height; ++i)
    in[i] = static_cast<float>((i * 17) % 29) - 14.0f;
  auto cell = [&](int x, int y) {
    return (x >= 0 && x < width && y >= 0 && y < height) ? in[y * width + x] : 0.0f;
  };
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      expected[y * width + x] = c[0] * cell(x, y) + c[1] * (cell(x, y - 1) + cell(x, y + 1) +
                                                            cell(x - 1, y) + cell(x + 1, y));
  float *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, in.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, out.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpyToSymbol(coefficients, c, sizeof c));

  dim3 block(kBlock, kBlock);
  dim3 grid((width + kBlock - 1) / kBlock, (height + kBlock - 1) / kBlock);
  stencil<<<grid, block>>>(din, dout, width, height);
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  double max_error = 0.0;
  for (int i = 0; i < width * height; ++i)
    max_error = std::fmax(max_error, std::fabs(out[i] - expected[i]));
  std::printf("stencil_2d: %dx%d grid=(%u,%u) block=(%u,%u) max_error=%.2e\n", width, height,
              grid.x, grid.y, block.x, block.y, max_error);
  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dout));
  return report("stencil_2d", max_error < 1e-5);
}
