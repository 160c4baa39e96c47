//===- FakeCudaRuntime.cpp - A CUDA runtime on host memory, for tests -----===//
#include "FakeCudaRuntime.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace fake_cuda {
namespace {

struct Variable {
  void **module;
  std::string name;
  std::vector<char> storage;
};

struct Runtime {
  std::map<const void *, Variable> variables;      // by host shadow
  std::map<const void *, void **> kernelModules;   // stub -> module handle
  std::map<const void *, KernelBody> bodies;
  std::map<void *, size_t> allocations;
  size_t allocationLimit = SIZE_MAX;
  cudaError_t lastError = cudaSuccess;
  Stats stats;
  int events = 0, streams = 0;
};

Runtime &runtime() {
  static Runtime instance;
  return instance;
}

cudaError_t fail(cudaError_t error) {
  runtime().lastError = error;
  return error;
}

/// The module's variable called `name`, for the module of `stub`.
Variable *moduleVariable(const void *stub, const std::string &name) {
  auto module = runtime().kernelModules.find(stub);
  if (module == runtime().kernelModules.end())
    return nullptr;
  for (auto &[shadow, variable] : runtime().variables)
    if (variable.module == module->second && variable.name == name)
      return &variable;
  return nullptr;
}

} // namespace

void setKernelBody(const void *stub, KernelBody body) { runtime().bodies[stub] = std::move(body); }

void *symbolStorage(const void *hostVar) {
  auto it = runtime().variables.find(hostVar);
  return it == runtime().variables.end() ? nullptr : it->second.storage.data();
}

void setAllocationLimit(size_t bytes) { runtime().allocationLimit = bytes; }

const Stats &stats() { return runtime().stats; }

} // namespace fake_cuda

using namespace fake_cuda;

extern "C" void __cudaRegisterVar(void **handle, char *hostVar, char *, const char *deviceName,
                                  int, size_t size, int, int) {
  runtime().variables[hostVar] = Variable{handle, deviceName, std::vector<char>(size)};
}

extern "C" void __cudaRegisterFunction(void **handle, const char *hostFun, char *, const char *,
                                       int, uint3 *, uint3 *, dim3 *, dim3 *, int *) {
  runtime().kernelModules[hostFun] = handle;
}

extern "C" cudaError_t cudaGetLastError(void) {
  const cudaError_t error = runtime().lastError;
  runtime().lastError = cudaSuccess;
  return error;
}

extern "C" const char *cudaGetErrorString(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "no error";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInvalidSymbol:
    return "invalid device symbol";
  default:
    return "fake CUDA error";
  }
}

extern "C" cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t) {
  if (size > runtime().allocationLimit)
    return fail(cudaErrorMemoryAllocation);
  // Not zeroed, like device memory: the collector must clear it.
  *devPtr = std::malloc(size);
  std::memset(*devPtr, 0xA5, size);
  runtime().allocations[*devPtr] = size;
  runtime().stats.lastAllocationBytes = size;
  runtime().stats.lastAllocationZeroed = false;
  ++runtime().stats.liveAllocations;
  return cudaSuccess;
}

extern "C" cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t) {
  if (runtime().allocations.erase(devPtr) == 0)
    return fail(cudaErrorInvalidValue);
  std::free(devPtr);
  --runtime().stats.liveAllocations;
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t) {
  std::memset(devPtr, value, count);
  auto it = runtime().allocations.find(devPtr);
  if (it != runtime().allocations.end() && value == 0 && count == it->second)
    runtime().stats.lastAllocationZeroed = true;
  return cudaSuccess;
}

extern "C" cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int) {
  *pHost = std::calloc(1, size);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                               size_t offset, enum cudaMemcpyKind,
                                               cudaStream_t) {
  auto it = runtime().variables.find(symbol);
  if (it == runtime().variables.end() || offset + count > it->second.storage.size())
    return fail(cudaErrorInvalidSymbol);
  std::memcpy(it->second.storage.data() + offset, src, count);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                            size_t offset, enum cudaMemcpyKind) {
  auto it = runtime().variables.find(symbol);
  if (it == runtime().variables.end() || offset + count > it->second.storage.size())
    return fail(cudaErrorInvalidSymbol);
  std::memcpy(dst, it->second.storage.data() + offset, count);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind) {
  std::memcpy(dst, src, count);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                       enum cudaMemcpyKind, cudaStream_t) {
  std::memcpy(dst, src, count);
  return cudaSuccess;
}

extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int) {
  *stream = reinterpret_cast<cudaStream_t>(uintptr_t(0x1000 + ++runtime().streams));
  return cudaSuccess;
}

extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
extern "C" cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int) {
  return cudaSuccess;
}

extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int) {
  *event = reinterpret_cast<cudaEvent_t>(uintptr_t(0x2000 + ++runtime().events));
  return cudaSuccess;
}

extern "C" cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t) { return cudaSuccess; }
extern "C" cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
extern "C" cudaError_t cudaEventDestroy(cudaEvent_t) { return cudaSuccess; }
extern "C" cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
extern "C" cudaError_t cudaDeviceReset(void) { return cudaSuccess; }

extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t, cudaStream_t) {
  ++runtime().stats.launches;
  Variable *rows = moduleVariable(func, "__energy_gpu_rows");
  uint64_t *buffer = nullptr;
  if (rows != nullptr)
    std::memcpy(&buffer, rows->storage.data(), sizeof buffer);
  auto body = runtime().bodies.find(func);
  if (body == runtime().bodies.end() || !body->second)
    return fail(cudaErrorInvalidDeviceFunction);
  body->second(Launch{grid, block, args, buffer});
  return cudaSuccess;
}
