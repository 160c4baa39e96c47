//===- Clock.cpp - Describing the runtime's time source -------------------===//
#include "Clock.h"

#include <cstdio>
#include <fstream>

namespace energy::rt {

namespace {

std::string kernelClocksource() {
  std::ifstream In("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  std::string Name;
  if (!(In >> Name))
    return "unknown";
  return Name;
}

} // namespace

std::string describeClock() {
  timespec Res{};
  clock_getres(CLOCK_MONOTONIC, &Res);
  std::string Source = kernelClocksource();
  bool Fast = Source == "tsc" || Source == "kvm-clock" || Source == "arch_sys_counter";
  return "CLOCK_MONOTONIC via clock_gettime, resolution " +
         std::to_string(Res.tv_sec * 1000000000L + Res.tv_nsec) +
         " ns, kernel clocksource " + Source +
         (Fast ? " (read in the vDSO)" : " (read through a system call: slower)");
}

std::string isoUtc(uint64_t RealtimeNs) {
  time_t Seconds = time_t(RealtimeNs / 1000000000u);
  unsigned Millis = unsigned(RealtimeNs / 1000000u % 1000u);
  tm Utc{};
  gmtime_r(&Seconds, &Utc);
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03uZ",
                Utc.tm_year + 1900, Utc.tm_mon + 1, Utc.tm_mday, Utc.tm_hour,
                Utc.tm_min, Utc.tm_sec, Millis);
  return Buf;
}

} // namespace energy::rt
