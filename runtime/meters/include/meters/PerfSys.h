//===- meters/PerfSys.h - The system calls behind the counters ---*- C++ -*-===//
//
// Every perf_event system call and every user-space counter instruction the
// counters use goes through this interface, so that tests can replay recorded
// values (multiplexed times, mmap pages with rdpmc indices) through the real
// reading code. linuxPerfSys() is the real thing; nothing else in the product
// implements it.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_PERFSYS_H
#define ENERGY_METERS_PERFSYS_H

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace energy::meters {

class PerfSys {
public:
  virtual ~PerfSys() = default;
  /// perf_event_open(2): a file descriptor, or -errno.
  virtual int open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                   unsigned long flags) = 0;
  /// read(2) on a counter: bytes read, or -errno.
  virtual long read(int fd, void *buf, size_t size) = 0;
  /// ioctl(2) on a counter (PERF_EVENT_IOC_*): 0, or -errno.
  virtual int ioctl(int fd, unsigned long request, unsigned long arg) = 0;
  /// Maps the counter's first page (the perf_event_mmap_page) read-only, or
  /// returns nullptr when the kernel refuses.
  virtual const perf_event_mmap_page *mapPage(int fd) = 0;
  virtual void unmapPage(const perf_event_mmap_page *page) = 0;
  virtual void close(int fd) = 0;
  /// The rdpmc instruction for hardware counter `counter` (index - 1).
  virtual uint64_t rdpmc(uint32_t counter) = 0;
  /// The time-stamp counter, for extending time_enabled/time_running.
  virtual uint64_t rdtsc() = 0;
};

/// The real system calls. Thread-safe.
PerfSys &linuxPerfSys();

} // namespace energy::meters

#endif
