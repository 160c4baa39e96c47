//===- Clock.h - The runtime's time source --------------------------------===//
//
// Region times come from CLOCK_MONOTONIC read through clock_gettime, which
// glibc serves from the vDSO without a system call when the kernel's
// clocksource is the TSC (or kvm-clock in a VM): about 20 ns per reading,
// already in nanoseconds, consistent across cores and immune to frequency
// changes and to VM migration. A raw rdtsc is a few nanoseconds cheaper but
// needs a calibration and an invariant, synchronised TSC to be trusted; the
// difference is small next to the call into the runtime itself, so the
// runtime takes the clock that is always right. docs/runtime.md says more.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CLOCK_H
#define ENERGY_RT_CLOCK_H

#include <cstdint>
#include <ctime>
#include <string>

namespace energy::rt {

inline uint64_t monotonicNs() noexcept {
  timespec Ts;
  clock_gettime(CLOCK_MONOTONIC, &Ts);
  return uint64_t(Ts.tv_sec) * 1000000000u + uint64_t(Ts.tv_nsec);
}

inline uint64_t realtimeNs() noexcept {
  timespec Ts;
  clock_gettime(CLOCK_REALTIME, &Ts);
  return uint64_t(Ts.tv_sec) * 1000000000u + uint64_t(Ts.tv_nsec);
}

/// One line for the report's `clock` source: the clock, its resolution and
/// the kernel clocksource behind it (which decides whether reads are cheap).
std::string describeClock();

/// ISO 8601 UTC with milliseconds, e.g. 2026-11-30T02:41:11.123Z.
std::string isoUtc(uint64_t RealtimeNs);

} // namespace energy::rt

#endif
