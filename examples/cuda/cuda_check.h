// cuda_check.h - Error checking shared by the CUDA examples: stop with the
// CUDA error's name and the failing call's line. Plain CUDA, no EnergyPass.
#ifndef CUDA_EXAMPLES_CHECK_H
#define CUDA_EXAMPLES_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    cudaError_t status_ = (call);                                                        \
    if (status_ != cudaSuccess) {                                                        \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,          \
                   cudaGetErrorString(status_));                                         \
      std::exit(2);                                                                      \
    }                                                                                    \
  } while (0)

// Checks the launch just made and waits for it, so that errors name the kernel.
#define CUDA_CHECK_LAUNCH()                                                              \
  do {                                                                                   \
    CUDA_CHECK(cudaGetLastError());                                                      \
    CUDA_CHECK(cudaDeviceSynchronize());                                                 \
  } while (0)

// Prints PASS or FAIL with the example's name and returns the exit status.
inline int report(const char *name, bool ok) {
  std::printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

#endif
