//===- FakeCudaRuntime.cpp - A CUDA runtime on host memory, for tests -----===//
#include "FakeCudaRuntime.h"

#include "energy_gpu/abi.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fake_cuda {
namespace {

struct Variable {
  void **module;
  std::string name;
  std::vector<char> storage;
};

struct Runtime {
  std::map<const void *, Variable> variables;    // by host shadow
  std::map<const void *, void **> kernelModules; // stub -> module handle
  std::map<const void *, KernelBody> bodies;
  std::map<void *, size_t> allocations;
  size_t allocationLimit = SIZE_MAX;
  cudaError_t lastError = cudaSuccess;
  Stats stats;
  std::string tableText;                      // ENERGY_FAKE_CUDA_TABLE's contents
  std::map<std::string, uint32_t> tableSlots; // kernel name -> num_slots
  std::map<const void *, std::string> kernelNames;
  struct Configuration {
    dim3 grid, block;
    size_t shared;
    void *stream;
  };
  std::vector<Configuration> configurations;
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

/// The table a device module would hold, from ENERGY_FAKE_CUDA_TABLE.
void loadTable(Runtime &r) {
  const char *path = std::getenv("ENERGY_FAKE_CUDA_TABLE");
  if (path == nullptr || !r.tableText.empty())
    return;
  std::ifstream in(path);
  r.tableText.assign(std::istreambuf_iterator<char>(in), {});
  const nlohmann::json table = nlohmann::json::parse(r.tableText);
  for (const auto &kernel : table["kernels"])
    r.tableSlots[kernel["name"].get<std::string>()] = kernel["num_slots"].get<uint32_t>();
}

/// What every kernel does: each thread runs its entry block (slot 0) once.
void countEntryBlocks(const Launch &launch, uint32_t slots) {
  if (launch.rows == nullptr)
    return;
  const uint64_t threads = uint64_t(launch.grid.x) * launch.grid.y * launch.grid.z *
                           launch.block.x * launch.block.y * launch.block.z;
  for (uint64_t t = 0; t < threads; ++t)
    launch.rows[t * slots] += 1;
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

extern "C" void __cudaRegisterVar(void **handle, char *hostVar, char *, const char *deviceName, int,
                                  size_t size, int, int) {
  Runtime &r = runtime();
  Variable &variable = r.variables[hostVar] = Variable{handle, deviceName, std::vector<char>(size)};
  loadTable(r);
  if (variable.name == "__energy_gpu_table_ref" && !r.tableText.empty()) {
    const energy_gpu_table_ref ref{r.tableText.data(), r.tableText.size()};
    std::memcpy(variable.storage.data(), &ref, std::min(sizeof ref, size));
  }
}

extern "C" void __cudaRegisterFunction(void **handle, const char *hostFun, char *,
                                       const char *deviceName, int, uint3 *, uint3 *, dim3 *,
                                       dim3 *, int *) {
  runtime().kernelModules[hostFun] = handle;
  runtime().kernelNames[hostFun] = deviceName;
}

extern "C" void **__cudaRegisterFatBinary(void *) {
  static void *handle = nullptr;
  return &handle;
}
extern "C" void __cudaRegisterFatBinaryEnd(void **) {}
extern "C" void __cudaUnregisterFatBinary(void **) {}

extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
                                                void *stream) {
  runtime().configurations.push_back({grid, block, shared, stream});
  return 0;
}

extern "C" cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared,
                                                  void *stream) {
  Runtime::Configuration c = runtime().configurations.back();
  runtime().configurations.pop_back();
  *grid = c.grid;
  *block = c.block;
  *shared = c.shared;
  *static_cast<void **>(stream) = c.stream;
  return cudaSuccess;
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
                                               size_t offset, enum cudaMemcpyKind, cudaStream_t) {
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
  const Launch launch{grid, block, args, buffer};
  auto body = runtime().bodies.find(func);
  if (body != runtime().bodies.end() && body->second) {
    body->second(launch);
    return cudaSuccess;
  }
  auto name = runtime().kernelNames.find(func);
  if (body == runtime().bodies.end() && name != runtime().kernelNames.end() &&
      runtime().tableSlots.count(name->second)) {
    countEntryBlocks(launch, runtime().tableSlots[name->second]);
    return cudaSuccess;
  }
  return fail(cudaErrorInvalidDeviceFunction);
}
