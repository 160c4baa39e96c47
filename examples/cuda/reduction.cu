// reduction.cu - Sum of an array by a tree reduction in shared memory: each
// block loads two elements per thread into dynamic shared memory, halves the
// active threads at every step with __syncthreads between steps, and writes
// one partial sum; a second launch reduces the partial sums.
#include "cuda_check.h"

#include <vector>

__global__ void block_sum(const int *in, int *out, unsigned n) {
  extern __shared__ int partial[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  int sum = 0;
  if (i < n)
    sum += in[i];
  if (i + blockDim.x < n)
    sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  const int n = 100003, block = 256;
  const int blocks = (n + 2 * block - 1) / (2 * block);
  std::vector<int> data(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 7919) % 1000 - 500;
    expected += data[i];
  }
  int *din, *dpartial, *dtotal;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dpartial, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dtotal, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, data.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  block_sum<<<blocks, block, block * sizeof(int)>>>(din, dpartial, n);
  CUDA_CHECK_LAUNCH();
  // The partial sums fit in one block of 256 threads (2 elements each).
  block_sum<<<1, block, block * sizeof(int)>>>(dpartial, dtotal, blocks);
  CUDA_CHECK_LAUNCH();

  int total = 0;
  CUDA_CHECK(cudaMemcpy(&total, dtotal, sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("reduction: n=%d blocks=%d sum=%d expected=%lld\n", n, blocks, total, expected);
  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dpartial));
  CUDA_CHECK(cudaFree(dtotal));
  return report("reduction", total == expected);
}
