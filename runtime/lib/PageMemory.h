//===- PageMemory.h - Allocation that is safe in signal handlers ----------===//
//
// Instrumented code may run in a signal handler that interrupted malloc, and
// the first region entry of a thread allocates its state. So everything the
// entry points can allocate (thread state, region stack, per-module slots and
// statistics) comes straight from mmap, which is async-signal-safe, never
// from malloc, whose lock the interrupted code may hold.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_PAGEMEMORY_H
#define ENERGY_RT_PAGEMEMORY_H

#include <cstddef>
#include <sys/mman.h>

namespace energy::rt {

/// Zero-filled memory for `Bytes` bytes, or null.
inline void *allocatePages(size_t Bytes) noexcept {
  void *P =
      mmap(nullptr, Bytes ? Bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return P == MAP_FAILED ? nullptr : P;
}

/// Zero-filled address space for `Bytes` bytes whose pages are backed only
/// once touched and not counted against the commit limit (a thread's region
/// stack: 8 MiB, of which a few pages are ever used), or null.
inline void *reservePages(size_t Bytes) noexcept {
  void *P = mmap(nullptr, Bytes ? Bytes : 1, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : P;
}

/// Frees what allocatePages(Bytes) or reservePages(Bytes) returned; null is
/// ignored.
inline void freePages(void *P, size_t Bytes) noexcept {
  if (P)
    munmap(P, Bytes ? Bytes : 1);
}

} // namespace energy::rt

#endif
