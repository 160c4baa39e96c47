// matmul_tiled.cu - C = A * B with 16x16 tiles staged in shared memory. The
// sizes are not multiples of the tile, so edge tiles load zeros for the
// elements past the matrix; __syncthreads separates loading from using.
#include "cuda_check.h"

#include <cmath>
#include <vector>

constexpr int kTile = 16;

__global__ void matmul_tiled(const float *a, const float *b, float *c, int m, int n, int k) {
  __shared__ float tile_a[kTile][kTile];
  __shared__ float tile_b[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y;
  int col = blockIdx.x * kTile + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < (k + kTile - 1) / kTile; ++t) {
    int a_col = t * kTile + threadIdx.x;
    int b_row = t * kTile + threadIdx.y;
    tile_a[threadIdx.y][threadIdx.x] = (row < m && a_col < k) ? a[row * k + a_col] : 0.0f;
    tile_b[threadIdx.y][threadIdx.x] = (b_row < k && col < n) ? b[b_row * n + col] : 0.0f;
    __syncthreads();
    for (int i = 0; i < kTile; ++i)
      sum += tile_a[threadIdx.y][i] * tile_b[i][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n)
    c[row * n + col] = sum;
}

int main() {
  const int m = 70, n = 50, k = 40;
  std::vector<float> a(m * k), b(k * n), c(m * n), expected(m * n, 0.0f);
  for (int i = 0; i < m * k; ++i)
    a[i] = static_cast<float>((i * 37) % 19) / 19.0f - 0.5f;
  for (int i = 0; i < k * n; ++i)
    b[i] = static_cast<float>((i * 53) % 23) / 23.0f - 0.5f;
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col)
      for (int i = 0; i < k; ++i)
        expected[r * n + col] += a[r * k + i] * b[i * n + col];

  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, a.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, b.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dc, c.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  dim3 block(kTile, kTile);
  dim3 grid((n + kTile - 1) / kTile, (m + kTile - 1) / kTile);
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start));
  matmul_tiled<<<grid, block>>>(da, db, dc, m, n, k);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

  CUDA_CHECK(cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  double max_error = 0.0;
  for (int i = 0; i < m * n; ++i)
    max_error = std::fmax(max_error, std::fabs(c[i] - expected[i]));
  std::printf("matmul_tiled: %dx%dx%d grid=(%u,%u) block=(%u,%u) max_error=%.2e\n", m, n, k,
              grid.x, grid.y, block.x, block.y, max_error);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return report("matmul_tiled", ms >= 0.0f && max_error < 1e-4);
}
