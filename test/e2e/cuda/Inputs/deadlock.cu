// Half of a warp waits at __syncwarp for the other half, which waits at
// __syncthreads: neither can complete (undefined on a GPU, where it hangs).
#include <cstdio>

__global__ void stuck() {
  if (threadIdx.x < 16)
    __syncwarp();
  else
    __syncthreads();
}

int main() {
  stuck<<<2, 32>>>();
  cudaError_t status = cudaDeviceSynchronize();
  std::printf("after deadlock: %s\n", cudaGetErrorName(status));
  std::printf("later call: %s\n", cudaGetErrorName(cudaMemset(nullptr, 0, 4)));
  return status == cudaErrorLaunchFailure ? 0 : 1;
}
