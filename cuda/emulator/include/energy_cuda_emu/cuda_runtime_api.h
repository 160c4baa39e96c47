/*===- energy_cuda_emu/cuda_runtime_api.h - the CUDA runtime API on the CPU ===*
 *
 * The subset of the runtime API that CUDA programs commonly use, with the
 * toolkit's names, signatures and error codes (values as in driver_types.h,
 * so that programs printing a code print the same number). Device memory is
 * host memory; copies of every kind are memcpy, after checking that the
 * device side of a copy lies inside one cudaMalloc allocation, as the real
 * runtime would refuse it otherwise. Streams and launches are synchronous.
 *
 * Thread safety: every function may be called from any host thread.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_CUDA_RUNTIME_API_H
#define ENERGY_CUDA_EMU_CUDA_RUNTIME_API_H

#include <stddef.h>

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

typedef struct energy_cuda_emu_stream *cudaStream_t;
typedef struct energy_cuda_emu_event *cudaEvent_t;

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01

/* The fields programs commonly read; values describe the emulator. */
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  size_t sharedMemPerBlockOptin;
  size_t sharedMemPerMultiprocessor;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int maxThreadsPerMultiProcessor;
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int concurrentKernels;
  int unifiedAddressing;
  int managedMemory;
};

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream);

cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);

cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);

cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

/* Copies to and from `__device__`/`__constant__` variables; the symbol is
 * the variable's address (the C++ overloads in detail/symbols.h take the
 * variable itself, as the toolkit's do). */
cudaError_t energy_cuda_emu_memcpy_symbol(void *dst, const void *src, size_t count,
                                          size_t symbolSize, size_t offset, int toSymbol,
                                          enum cudaMemcpyKind kind);

#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
/* Default arguments as in the toolkit's C++ declarations. */
inline cudaError_t cudaEventRecord(cudaEvent_t event) { return cudaEventRecord(event, nullptr); }
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return cudaMalloc(reinterpret_cast<void **>(devPtr), size);
}
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return cudaMallocHost(reinterpret_cast<void **>(ptr), size);
}
template <class T>
cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(reinterpret_cast<void **>(devPtr), size, flags);
}
inline cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind) {
  return cudaMemcpyAsync(dst, src, count, kind, nullptr);
}
inline cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count) {
  return cudaMemsetAsync(devPtr, value, count, nullptr);
}
template <class F> cudaError_t cudaFuncSetAttribute(F *, cudaFuncAttribute, int) {
  return cudaSuccess;
}
#endif

#endif
