// scale.cu - a kernel and its host launcher in one CUDA source, linked with
// a plain C++ main (scale_main.cpp) to test multi-file CUDA builds.
#include <cuda_runtime.h>

__global__ void scale(float *x, int n, float factor) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    x[i] *= factor;
}

bool scale_on_device(float *host, int n, float factor) {
  float *device = nullptr;
  const size_t bytes = n * sizeof(float);
  if (cudaMalloc(&device, bytes) != cudaSuccess)
    return false;
  cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice);
  scale<<<4, 64>>>(device, n, factor);
  const bool launched = cudaGetLastError() == cudaSuccess;
  cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost);
  cudaFree(device);
  return launched;
}
