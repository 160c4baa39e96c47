//===- Clock.h - The runtime's time source --------------------------------===//
//
// Region times are kept in ticks of the cheapest trustworthy clock and turned
// into seconds once, at report time.
//
// On x86-64 with an invariant TSC (constant and non-stop) that the kernel
// itself uses as its clocksource (so it found it synchronised across CPUs),
// a tick is one rdtsc: no call, no vDSO, and half the cost of clock_gettime
// or less (measured on the development VM: 47 ns against 100 ns per read;
// a few ns against about 20 on bare metal). Its rate is calibrated against
// CLOCK_MONOTONIC over the whole run (ticks and nanoseconds read at start and
// at report time), so no frequency table or start-up delay is needed.
// Everywhere else, or with ENERGY_CLOCK=monotonic, a tick is a nanosecond of
// CLOCK_MONOTONIC read through clock_gettime (the vDSO).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CLOCK_H
#define ENERGY_RT_CLOCK_H

#include <cstdint>
#include <ctime>
#include <string>
#include <sys/types.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace energy::rt {

/// Set once by chooseClock(), before the first region is timed.
extern bool ClockUsesTsc;

/// Clock's time in nanoseconds; 0 when it cannot be read (another thread's
/// CPU clock once the thread is gone).
inline uint64_t clockNs(clockid_t Clock) noexcept {
  timespec Ts;
  if (clock_gettime(Clock, &Ts) != 0)
    return 0;
  return uint64_t(Ts.tv_sec) * 1000000000u + uint64_t(Ts.tv_nsec);
}

/// Another thread's CPU clock, as glibc's pthread_getcpuclockid makes it
/// from the thread's id (the kernel's CPUCLOCK_PERTHREAD | CPUCLOCK_SCHED).
/// It reads only threads of the calling process.
inline clockid_t threadCpuClock(pid_t Tid) noexcept { return clockid_t((~unsigned(Tid) << 3) | 6); }

inline uint64_t monotonicNs() noexcept { return clockNs(CLOCK_MONOTONIC); }
inline uint64_t realtimeNs() noexcept { return clockNs(CLOCK_REALTIME); }

/// The hot path's clock.
inline uint64_t clockTicks() noexcept {
#if defined(__x86_64__)
  if (__builtin_expect(ClockUsesTsc, 1))
    return __rdtsc();
#endif
  return monotonicNs();
}

/// Decides between the TSC and CLOCK_MONOTONIC (see the file comment).
void chooseClock();

/// A moment read on every clock, from which durations are calibrated.
struct ClockOrigin {
  uint64_t Ticks = 0;
  uint64_t MonotonicNs = 0;
  uint64_t RealtimeNs = 0;

  static ClockOrigin now();
  /// Seconds per tick, measured between this origin and now; waits until at
  /// least a millisecond has passed since the origin so that the ratio is
  /// precise to about 1e-4 even for very short runs.
  double secondsPerTick() const;
};

/// One line for the report's `clock` source: which clock, its calibrated
/// rate, and the kernel clocksource behind it.
std::string describeClock(double SecondsPerTick);

/// ISO 8601 UTC with milliseconds, e.g. 2026-11-30T02:41:11.123Z.
std::string isoUtc(uint64_t RealtimeNs);

} // namespace energy::rt

#endif
