// vector_add.cu - c = a + b with one thread per element and a bounds check:
// n is not a multiple of the block size, so the last block has idle threads.
#include "cuda_check.h"

#include <vector>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  float *da, *db, *dc;
  const size_t bytes = n * sizeof(float);
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes + sizeof(float)));
  CUDA_CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  // A sentinel just past the end: the bounds check must leave it alone.
  const float sentinel = 12345.0f;
  CUDA_CHECK(cudaMemcpy(dc + n, &sentinel, sizeof(float), cudaMemcpyHostToDevice));

  const int block = 256, grid = (n + block - 1) / block;
  vector_add<<<grid, block>>>(da, db, dc, n);
  CUDA_CHECK_LAUNCH();

  float after_end = 0.0f;
  CUDA_CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&after_end, dc + n, sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = after_end == sentinel;
  for (int i = 0; i < n; ++i)
    ok = ok && c[i] == a[i] + b[i];
  std::printf("vector_add: n=%d grid=%d block=%d c[0]=%g c[%d]=%g\n", n, grid, block, c[0],
              n - 1, c[n - 1]);
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return report("vector_add", ok);
}
