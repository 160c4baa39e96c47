//===- device_memory.cpp - cudaMalloc, cudaMemcpy and cudaMemset -----------===//
//
// Device memory is host memory, 256-byte aligned like cudaMalloc's. Every
// allocation is recorded so that a copy whose device side is not inside one
// allocation fails with cudaErrorInvalidValue, as it would on a GPU: a
// program that passes here does not fail there for a wrong copy direction or
// an overrun of a device buffer.
//
//===----------------------------------------------------------------------===//
#include "error_state.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace energy_cuda_emu::detail {
namespace {

constexpr std::size_t device_alignment = 256;

class allocation_registry {
public:
  void add(void *base, std::size_t bytes) {
    std::lock_guard lock(mutex_);
    sizes_[reinterpret_cast<std::uintptr_t>(base)] = bytes;
  }
  bool remove(void *base) {
    std::lock_guard lock(mutex_);
    return sizes_.erase(reinterpret_cast<std::uintptr_t>(base)) == 1;
  }
  // True if [address, address + bytes) lies inside one allocation.
  bool contains(const void *address, std::size_t bytes) {
    const auto start = reinterpret_cast<std::uintptr_t>(address);
    std::lock_guard lock(mutex_);
    auto after = sizes_.upper_bound(start);
    if (after == sizes_.begin())
      return false;
    const auto &[base, size] = *std::prev(after);
    return start - base <= size && bytes <= size - (start - base);
  }

private:
  std::mutex mutex_;
  std::map<std::uintptr_t, std::size_t> sizes_;
};

allocation_registry &registry() {
  static allocation_registry *instance = new allocation_registry; // outlives static destructors
  return *instance;
}

cudaError_t allocate(void **pointer, std::size_t bytes, bool device) {
  if (pointer == nullptr)
    return record_error(cudaErrorInvalidValue);
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + device_alignment - 1) /
                              device_alignment * device_alignment;
  void *memory = std::aligned_alloc(device_alignment, rounded);
  if (memory == nullptr) {
    *pointer = nullptr;
    return record_error(cudaErrorMemoryAllocation);
  }
  if (device)
    registry().add(memory, bytes);
  *pointer = memory;
  return cudaSuccess;
}

bool device_side_valid(const void *pointer, std::size_t bytes) {
  return registry().contains(pointer, bytes);
}

cudaError_t check_copy(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind) {
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (count == 0)
    return cudaSuccess;
  if (dst == nullptr || src == nullptr)
    return cudaErrorInvalidValue;
  const bool dst_on_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_on_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if ((dst_on_device && !device_side_valid(dst, count)) ||
      (src_on_device && !device_side_valid(src, count)))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

} // namespace

cudaError_t copy_memory(void *dst, const void *src, std::size_t count, cudaMemcpyKind kind) {
  if (sticky_error() != cudaSuccess)
    return record_error(sticky_error());
  if (const cudaError_t error = check_copy(dst, src, count, kind); error != cudaSuccess)
    return record_error(error);
  if (count != 0)
    std::memmove(dst, src, count);
  return cudaSuccess;
}

} // namespace energy_cuda_emu::detail

using namespace energy_cuda_emu::detail;

extern "C" cudaError_t cudaMalloc(void **devPtr, size_t size) {
  return allocate(devPtr, size, true);
}
extern "C" cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int) {
  return allocate(devPtr, size, true);
}
extern "C" cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return allocate(ptr, size, false);
}
extern "C" cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int) {
  return allocate(ptr, size, false);
}

extern "C" cudaError_t cudaFree(void *devPtr) {
  if (devPtr == nullptr)
    return cudaSuccess;
  if (!registry().remove(devPtr))
    return record_error(cudaErrorInvalidValue);
  std::free(devPtr);
  return cudaSuccess;
}

extern "C" cudaError_t cudaFreeHost(void *ptr) {
  std::free(ptr);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind) {
  return copy_memory(dst, src, count, kind);
}

extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                       cudaMemcpyKind kind, cudaStream_t) {
  return copy_memory(dst, src, count, kind);
}

extern "C" cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  if (count == 0)
    return cudaSuccess;
  if (!device_side_valid(devPtr, count))
    return record_error(cudaErrorInvalidValue);
  std::memset(devPtr, value, count);
  return cudaSuccess;
}

extern "C" cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t) {
  return cudaMemset(devPtr, value, count);
}

extern "C" cudaError_t energy_cuda_emu_memcpy_symbol(void *dst, const void *src, size_t count,
                                                     size_t symbolSize, size_t offset, int toSymbol,
                                                     cudaMemcpyKind kind) {
  if (offset > symbolSize || count > symbolSize - offset)
    return record_error(cudaErrorInvalidValue);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return record_error(cudaErrorInvalidMemcpyDirection);
  if (count == 0)
    return cudaSuccess;
  if (toSymbol)
    std::memcpy(static_cast<char *>(dst) + offset, src, count);
  else
    std::memcpy(dst, static_cast<const char *>(src) + offset, count);
  return cudaSuccess;
}
