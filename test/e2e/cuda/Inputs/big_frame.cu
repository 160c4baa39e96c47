// Each thread needs about 300 KiB of stack: more than the default fiber stack.
#include <cstdio>

__global__ void big_frame(int *out) {
  volatile char scratch[300 * 1024];
  for (int i = 0; i < 300 * 1024; i += 4096)
    scratch[i] = static_cast<char>(i);
  out[threadIdx.x] = scratch[4096 * threadIdx.x];
}

int main() {
  int *out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  big_frame<<<1, 4>>>(out);
  cudaDeviceSynchronize();
  std::printf("big_frame: %d %d\n", out[0], out[3]);
  return 0;
}
