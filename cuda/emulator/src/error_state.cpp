//===- error_state.cpp - Last and sticky errors, and their names -----------===//
#include "error_state.h"

#include <atomic>

namespace energy_cuda_emu::detail {
namespace {
thread_local cudaError_t last_error = cudaSuccess;
std::atomic<cudaError_t> sticky{cudaSuccess};
} // namespace

cudaError_t record_error(cudaError_t error) {
  if (error != cudaSuccess)
    last_error = error;
  return error;
}

void record_sticky_error(cudaError_t error) {
  cudaError_t none = cudaSuccess;
  sticky.compare_exchange_strong(none, error);
  last_error = error;
}

cudaError_t sticky_error() { return sticky.load(); }

} // namespace energy_cuda_emu::detail

using energy_cuda_emu::detail::last_error;

extern "C" cudaError_t cudaGetLastError(void) {
  const cudaError_t sticky = energy_cuda_emu::detail::sticky_error();
  const cudaError_t error = last_error;
  last_error = cudaSuccess;
  return sticky != cudaSuccess ? sticky : error;
}

extern "C" cudaError_t cudaPeekAtLastError(void) {
  const cudaError_t sticky = energy_cuda_emu::detail::sticky_error();
  return sticky != cudaSuccess ? sticky : last_error;
}

extern "C" const char *cudaGetErrorName(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "cudaSuccess";
  case cudaErrorInvalidValue:
    return "cudaErrorInvalidValue";
  case cudaErrorMemoryAllocation:
    return "cudaErrorMemoryAllocation";
  case cudaErrorInitializationError:
    return "cudaErrorInitializationError";
  case cudaErrorInvalidConfiguration:
    return "cudaErrorInvalidConfiguration";
  case cudaErrorInvalidSymbol:
    return "cudaErrorInvalidSymbol";
  case cudaErrorInvalidDevicePointer:
    return "cudaErrorInvalidDevicePointer";
  case cudaErrorInvalidMemcpyDirection:
    return "cudaErrorInvalidMemcpyDirection";
  case cudaErrorInvalidDevice:
    return "cudaErrorInvalidDevice";
  case cudaErrorInvalidResourceHandle:
    return "cudaErrorInvalidResourceHandle";
  case cudaErrorNotReady:
    return "cudaErrorNotReady";
  case cudaErrorLaunchFailure:
    return "cudaErrorLaunchFailure";
  case cudaErrorUnknown:
    return "cudaErrorUnknown";
  }
  return "cudaErrorUnknown";
}

extern "C" const char *cudaGetErrorString(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "no error";
  case cudaErrorInvalidValue:
    return "invalid argument";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInitializationError:
    return "initialization error";
  case cudaErrorInvalidConfiguration:
    return "invalid configuration argument";
  case cudaErrorInvalidSymbol:
    return "invalid device symbol";
  case cudaErrorInvalidDevicePointer:
    return "invalid device pointer";
  case cudaErrorInvalidMemcpyDirection:
    return "invalid copy direction for memcpy";
  case cudaErrorInvalidDevice:
    return "invalid device ordinal";
  case cudaErrorInvalidResourceHandle:
    return "invalid resource handle";
  case cudaErrorNotReady:
    return "device not ready";
  case cudaErrorLaunchFailure:
    return "unspecified launch failure";
  case cudaErrorUnknown:
    return "unknown error";
  }
  return "unrecognized error code";
}
