//===- support/UtcTime.h - A Unix time as a UTC calendar date ----*- C++ -*-===//
//
// The report's file name and its start time are stamped in UTC. gmtime_r
// would do, but glibc's reads the time zone file (/etc/localtime: seven
// system calls and its parse) the first time a process calls it, for a date
// that needs no zone; the calendar arithmetic of <chrono> needs none.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_UTCTIME_H
#define ENERGY_SUPPORT_UTCTIME_H

#include <chrono>
#include <cstdint>

namespace energy::support {

struct UtcTime {
  int Year;
  unsigned Month, Day, Hour, Minute, Second;
};

constexpr UtcTime utcTime(int64_t UnixSeconds) {
  using namespace std::chrono;
  sys_seconds Time{seconds{UnixSeconds}};
  sys_days Day = floor<days>(Time);
  year_month_day Date{Day};
  hh_mm_ss Clock{Time - Day};
  return {int(Date.year()),
          unsigned(Date.month()),
          unsigned(Date.day()),
          unsigned(Clock.hours().count()),
          unsigned(Clock.minutes().count()),
          unsigned(Clock.seconds().count())};
}

} // namespace energy::support

#endif
