/*===- energy_cuda_emu/detail/symbols.h - cudaMemcpyToSymbol and friends ---===*
 *
 * The toolkit's C++ overloads take the `__device__`/`__constant__` variable
 * itself; under emulation it is an ordinary global, so its address and size
 * are known here and the library checks the copy's bounds.
 *===----------------------------------------------------------------------===*/
#ifndef ENERGY_CUDA_EMU_SYMBOLS_H
#define ENERGY_CUDA_EMU_SYMBOLS_H

#include "../cuda_runtime_api.h"

template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return energy_cuda_emu_memcpy_symbol(const_cast<T *>(&symbol), src, count, sizeof(T), offset, 1,
                                       kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return energy_cuda_emu_memcpy_symbol(dst, &symbol, count, sizeof(T), offset, 0, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                    size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t = nullptr) {
  return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <class T> cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  *devPtr = const_cast<T *>(&symbol);
  return cudaSuccess;
}

#endif
