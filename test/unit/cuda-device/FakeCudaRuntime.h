//===- FakeCudaRuntime.h - A CUDA runtime on host memory, for tests -------===//
//
// The test seam of the real-GPU collector (cuda/device/src/GpuCollector.cpp):
// the CUDA runtime functions it calls, implemented on host memory, linked
// into the test instead of libcudart. "Device" memory is host memory, every
// stream-ordered operation runs at once (a valid order of any stream), and
// a launch runs the body the test gave for its stub, which fills the
// counter rows the way the instrumented device code would.
//
// Built as a shared library too (libenergy_fake_cudart.so), which programs
// compiled by energyc++ link instead of libcudart in
// test/e2e/cuda-device/fake-runtime.test. There the device code is absent:
// the kernel table a device module would hold is read from the file named by
// ENERGY_FAKE_CUDA_TABLE, and a launch without a body counts every thread's
// entry block once, as any kernel does.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TEST_FAKECUDARUNTIME_H
#define ENERGY_TEST_FAKECUDARUNTIME_H

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <functional>

extern "C" void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress,
                                  const char *deviceName, int ext, size_t size, int constant,
                                  int global);
extern "C" void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
                                       const char *deviceName, int threadLimit, uint3 *tid,
                                       uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize);

namespace fake_cuda {

struct Launch {
  dim3 grid, block;
  void **args;
  /// What the module's __energy_gpu_rows held when the kernel started.
  uint64_t *rows;
};
using KernelBody = std::function<void(const Launch &)>;

void setKernelBody(const void *stub, KernelBody body);
/// The device memory behind a registered host shadow variable.
void *symbolStorage(const void *hostVar);
/// Allocations above this many bytes fail with cudaErrorMemoryAllocation.
void setAllocationLimit(size_t bytes);

struct Stats {
  int launches = 0;
  size_t lastAllocationBytes = 0;
  bool lastAllocationZeroed = false;
  int liveAllocations = 0;
};
const Stats &stats();

} // namespace fake_cuda

#endif
