//===- device_and_streams.cpp - The device, streams and events -------------===//
//
// One device, the CPU. Work is finished when a call returns, so streams have
// nothing to wait for and events are time stamps taken when recorded.
//
//===----------------------------------------------------------------------===//
#include "emulator_settings.h"
#include "error_state.h"

#include "energy_cuda_emu/cuda_runtime.h"

#include <chrono>
#include <cstdio>
#include <new>

struct energy_cuda_emu_stream {
  unsigned flags;
};

struct energy_cuda_emu_event {
  std::chrono::steady_clock::time_point when;
  bool recorded;
  unsigned flags;
};

using namespace energy_cuda_emu::detail;

extern "C" cudaError_t cudaDeviceSynchronize(void) { return record_error(sticky_error()); }
extern "C" cudaError_t cudaDeviceReset(void) { return cudaSuccess; }

extern "C" cudaError_t cudaGetDeviceCount(int *count) {
  if (count == nullptr)
    return record_error(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

extern "C" cudaError_t cudaGetDevice(int *device) {
  if (device == nullptr)
    return record_error(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

extern "C" cudaError_t cudaSetDevice(int device) {
  return device == 0 ? cudaSuccess : record_error(cudaErrorInvalidDevice);
}

extern "C" cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
  if (prop == nullptr)
    return record_error(cudaErrorInvalidValue);
  if (device != 0)
    return record_error(cudaErrorInvalidDevice);
  *prop = cudaDeviceProp{};
  std::snprintf(prop->name, sizeof prop->name, "EnergyPass CUDA emulator (CPU)");
  prop->totalGlobalMem = size_t{16} << 30;
  prop->sharedMemPerBlock = 48 * 1024;
  prop->sharedMemPerBlockOptin = energy_cuda_emu::dynamic_shared_capacity;
  prop->sharedMemPerMultiprocessor = energy_cuda_emu::dynamic_shared_capacity;
  prop->regsPerBlock = 65536;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = 1024;
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 0x7fffffff;
  prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->totalConstMem = 64 * 1024;
  prop->major = 9; // the semantics emulated are sm_90's
  prop->minor = 0;
  prop->multiProcessorCount = static_cast<int>(settings().host_threads);
  prop->concurrentKernels = 0;
  prop->unifiedAddressing = 1;
  prop->managedMemory = 1;
  return cudaSuccess;
}

extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags) {
  if (stream == nullptr)
    return record_error(cudaErrorInvalidValue);
  *stream = new (std::nothrow) energy_cuda_emu_stream{flags};
  return *stream ? cudaSuccess : record_error(cudaErrorMemoryAllocation);
}
extern "C" cudaError_t cudaStreamCreate(cudaStream_t *stream) {
  return cudaStreamCreateWithFlags(stream, cudaStreamDefault);
}
extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  delete stream;
  return cudaSuccess;
}
extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t) { return record_error(sticky_error()); }

extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  if (event == nullptr)
    return record_error(cudaErrorInvalidValue);
  *event = new (std::nothrow) energy_cuda_emu_event{{}, false, flags};
  return *event ? cudaSuccess : record_error(cudaErrorMemoryAllocation);
}
extern "C" cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}
extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event) {
  delete event;
  return cudaSuccess;
}
extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
  if (event == nullptr)
    return record_error(cudaErrorInvalidResourceHandle);
  event->when = std::chrono::steady_clock::now();
  event->recorded = true;
  return cudaSuccess;
}
extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return event == nullptr ? record_error(cudaErrorInvalidResourceHandle) : cudaSuccess;
}
extern "C" cudaError_t cudaEventQuery(cudaEvent_t event) {
  return event == nullptr ? record_error(cudaErrorInvalidResourceHandle) : cudaSuccess;
}
extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr || start == nullptr || end == nullptr)
    return record_error(cudaErrorInvalidValue);
  if (!start->recorded || !end->recorded || (start->flags & cudaEventDisableTiming) ||
      (end->flags & cudaEventDisableTiming))
    return record_error(cudaErrorInvalidResourceHandle);
  *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
  return cudaSuccess;
}
