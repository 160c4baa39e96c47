// divergence.cu - Data-dependent divergence: each thread counts the Collatz
// steps of its own start value (a loop whose trip count differs per thread)
// and takes one of two branches on the parity of the result. Thread 0 of
// block 0 reports, with device printf, how many of its warp's lanes took the
// even branch (a __ballot_sync after the branches reconverge).
#include "cuda_check.h"

#include <vector>

__device__ int collatz_steps(unsigned long long x) {
  int steps = 0;
  while (x != 1) {
    x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
    ++steps;
  }
  return steps;
}

__global__ void classify(const unsigned *starts, int *steps, int *tag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool even = false;
  if (i < n) {
    int s = collatz_steps(starts[i]);
    steps[i] = s;
    if (s % 2 == 0) {
      tag[i] = s / 2;
      even = true;
    } else {
      tag[i] = -s;
    }
  }
  unsigned even_lanes = __ballot_sync(0xffffffffu, even);
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("divergence: warp 0 has %d lanes on the even branch\n", __popc(even_lanes));
}

static int host_steps(unsigned long long x) {
  int steps = 0;
  while (x != 1) {
    x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
    ++steps;
  }
  return steps;
}

int main() {
  const int n = 5000;
  std::vector<unsigned> starts(n);
  for (int i = 0; i < n; ++i)
    starts[i] = 1 + i * 3;
  unsigned *dstarts;
  int *dsteps, *dtag;
  CUDA_CHECK(cudaMalloc(&dstarts, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dsteps, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dtag, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dstarts, starts.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  classify<<<(n + 127) / 128, 128>>>(dstarts, dsteps, dtag, n);
  CUDA_CHECK_LAUNCH();

  std::vector<int> steps(n), tag(n);
  CUDA_CHECK(cudaMemcpy(steps.data(), dsteps, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(tag.data(), dtag, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  int even = 0, warp0_even = 0, longest = 0;
  for (int i = 0; i < n; ++i) {
    int s = host_steps(starts[i]);
    ok = ok && steps[i] == s && tag[i] == (s % 2 == 0 ? s / 2 : -s);
    even += s % 2 == 0;
    warp0_even += i < 32 && s % 2 == 0;
    longest = s > longest ? s : longest;
  }
  std::printf("divergence: n=%d even=%d warp0_even=%d longest=%d\n", n, even, warp0_even, longest);
  CUDA_CHECK(cudaFree(dstarts));
  CUDA_CHECK(cudaFree(dsteps));
  CUDA_CHECK(cudaFree(dtag));
  return report("divergence", ok);
}
