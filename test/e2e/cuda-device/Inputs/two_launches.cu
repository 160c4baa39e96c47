// Two launches of one kernel, 1-D and 2-D, for the collector on a fake CUDA runtime
// (fake-runtime.test): only their shapes and the entry block matter there.
#include <cstdio>

__global__ void guarded(int *out, int n) {
  int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x * blockDim.y + threadIdx.x;
  if (i < n && out != nullptr)
    out[i] = i;
}

int main() {
  guarded<<<2, 64>>>(nullptr, 100);
  guarded<<<dim3(1, 2), dim3(8, 4)>>>(nullptr, 3);
  std::printf("launches: %s\n", cudaGetErrorString(cudaGetLastError()));
  std::printf("synchronize: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
