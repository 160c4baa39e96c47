// histogram.cu - A 64-bin histogram computed twice: once with atomicAdd on
// global memory, once privatised per block with atomicAdd on shared memory
// (merged into global memory at the end). Both must equal the CPU's count.
#include "cuda_check.h"

#include <vector>

constexpr int kBins = 64;

__global__ void histogram_global(const unsigned char *data, int n, unsigned *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % kBins], 1u);
}

__global__ void histogram_shared(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i] % kBins], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  const int n = 1 << 18;
  std::vector<unsigned char> data(n);
  unsigned state = 12345;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    data[i] = static_cast<unsigned char>(state >> 24);
  }
  std::vector<unsigned> expected(kBins, 0);
  for (unsigned char v : data)
    ++expected[v % kBins];

  unsigned char *ddata;
  unsigned *dglobal, *dshared;
  CUDA_CHECK(cudaMalloc(&ddata, n));
  CUDA_CHECK(cudaMalloc(&dglobal, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dshared, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(ddata, data.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dglobal, 0, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(dshared, 0, kBins * sizeof(unsigned)));

  histogram_global<<<64, 256>>>(ddata, n, dglobal);
  CUDA_CHECK_LAUNCH();
  histogram_shared<<<64, 256>>>(ddata, n, dshared);
  CUDA_CHECK_LAUNCH();

  std::vector<unsigned> global_bins(kBins), shared_bins(kBins);
  CUDA_CHECK(cudaMemcpy(global_bins.data(), dglobal, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(shared_bins.data(), dshared, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  bool ok = global_bins == expected && shared_bins == expected;
  unsigned long long total = 0;
  for (unsigned count : shared_bins)
    total += count;
  std::printf("histogram: n=%d bins=%d total=%llu bin0=%u bin63=%u\n", n, kBins, total,
              shared_bins[0], shared_bins[kBins - 1]);
  CUDA_CHECK(cudaFree(ddata));
  CUDA_CHECK(cudaFree(dglobal));
  CUDA_CHECK(cudaFree(dshared));
  return report("histogram", ok);
}
