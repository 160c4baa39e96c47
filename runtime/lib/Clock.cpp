//===- Clock.cpp - Choosing, calibrating and describing the clock ---------===//
#include "Clock.h"

#include "meters/SysfsFiles.h"
#include "support/Settings.h"
#include "support/UtcTime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace energy::rt {

bool ClockUsesTsc = false;

namespace {

std::string kernelClocksource() {
  std::string Name;
  if (meters::readTextFile(meters::realFileOpener(),
                           "/sys/devices/system/clocksource/clocksource0/current_clocksource",
                           Name) != 0 ||
      Name.empty())
    return "unknown";
  return Name;
}

bool invariantTsc() {
#if defined(__x86_64__)
  unsigned Eax, Ebx, Ecx, Edx;
  if (!__get_cpuid(0x80000000u, &Eax, &Ebx, &Ecx, &Edx) || Eax < 0x80000007u)
    return false;
  __get_cpuid(0x80000007u, &Eax, &Ebx, &Ecx, &Edx);
  return (Edx >> 8) & 1u;
#else
  return false;
#endif
}

} // namespace

void chooseClock() {
  // The table's words: auto, monotonic.
  bool ForceMonotonic = support::settings().Clock.index() == 1;
  ClockUsesTsc = !ForceMonotonic && invariantTsc() && kernelClocksource() == "tsc";
}

ClockOrigin ClockOrigin::now() {
  ClockOrigin O;
  O.MonotonicNs = monotonicNs();
  O.Ticks = clockTicks();
  O.RealtimeNs = realtimeNs();
  return O;
}

double ClockOrigin::secondsPerTick() const {
  if (!ClockUsesTsc)
    return 1e-9;
  uint64_t Ns = monotonicNs();
  while (Ns - MonotonicNs < 1000000u)
    Ns = monotonicNs();
  uint64_t Ticks = clockTicks();
  if (Ticks <= this->Ticks)
    return 1e-9;
  return double(Ns - MonotonicNs) * 1e-9 / double(Ticks - this->Ticks);
}

std::string describeClock(double SecondsPerTick) {
  std::string Source = kernelClocksource();
  if (ClockUsesTsc) {
    char Rate[64];
    std::snprintf(Rate, sizeof Rate, "%.4f GHz", 1e-9 / SecondsPerTick);
    return "invariant TSC (rdtsc) at " + std::string(Rate) +
           ", calibrated against CLOCK_MONOTONIC over the run; kernel "
           "clocksource " +
           Source;
  }
  timespec Res{};
  clock_getres(CLOCK_MONOTONIC, &Res);
  return "CLOCK_MONOTONIC via clock_gettime, resolution " +
         std::to_string(Res.tv_sec * 1000000000L + Res.tv_nsec) + " ns; kernel clocksource " +
         Source;
}

std::string isoUtc(uint64_t RealtimeNs) {
  support::UtcTime Utc = support::utcTime(int64_t(RealtimeNs / 1000000000u));
  unsigned Millis = unsigned(RealtimeNs / 1000000u % 1000u);
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%04d-%02u-%02uT%02u:%02u:%02u.%03uZ", Utc.Year, Utc.Month,
                Utc.Day, Utc.Hour, Utc.Minute, Utc.Second, Millis);
  return Buf;
}

} // namespace energy::rt
