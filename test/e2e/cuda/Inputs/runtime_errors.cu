// The runtime's error paths, with the codes and strings a GPU would give.
#include <cstdio>

__global__ void noop() {}

int main() {
  noop<<<1, 2048>>>();
  std::printf("block of 2048: %s\n", cudaGetErrorString(cudaPeekAtLastError()));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  std::printf("after reading it: %s\n", cudaGetErrorName(cudaGetLastError()));
  noop<<<dim3(1, 70000), 32>>>();
  std::printf("grid.y of 70000: %s\n", cudaGetErrorName(cudaGetLastError()));

  int *d = nullptr;
  cudaMalloc(&d, 16 * sizeof(int));
  int host[32] = {};
  std::printf("copy past the allocation: %s\n",
              cudaGetErrorName(cudaMemcpy(d, host, sizeof host, cudaMemcpyHostToDevice)));
  std::printf("host pointer as device: %s\n",
              cudaGetErrorName(cudaMemcpy(host, host + 16, 16, cudaMemcpyDeviceToHost)));
  std::printf("bad direction: %s\n",
              cudaGetErrorName(cudaMemcpy(d, host, 4, static_cast<cudaMemcpyKind>(7))));
  std::printf("free of a host pointer: %s\n", cudaGetErrorName(cudaFree(host)));
  std::printf("free: %s\n", cudaGetErrorName(cudaFree(d)));
  std::printf("double free: %s\n", cudaGetErrorName(cudaFree(d)));
  std::printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
