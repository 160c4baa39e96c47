//===- PerfSys.cpp - The real perf_event system calls and instructions ----===//
//
// Thin wrappers that turn errno into negative return values; the counters'
// logic lives in Counters.cpp so that it can be replayed under test.
//
//===----------------------------------------------------------------------===//
#include "meters/PerfSys.h"

#include <cerrno>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace energy::meters {
namespace {

class LinuxPerfSys final : public PerfSys {
public:
  int open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
           unsigned long flags) override {
    long fd = syscall(SYS_perf_event_open, &attr, pid, cpu, groupFd, flags);
    return fd < 0 ? -errno : static_cast<int>(fd);
  }

  long read(int fd, void *buf, size_t size) override {
    ssize_t n;
    do
      n = ::read(fd, buf, size);
    while (n < 0 && errno == EINTR);
    return n < 0 ? -errno : n;
  }

  int ioctl(int fd, unsigned long request, unsigned long arg) override {
    return ::ioctl(fd, request, arg) < 0 ? -errno : 0;
  }

  const perf_event_mmap_page *mapPage(int fd) override {
    void *page = ::mmap(nullptr, pageSize(), PROT_READ, MAP_SHARED, fd, 0);
    return page == MAP_FAILED ? nullptr : static_cast<const perf_event_mmap_page *>(page);
  }

  void unmapPage(const perf_event_mmap_page *page) override {
    ::munmap(const_cast<perf_event_mmap_page *>(page), pageSize());
  }

  void close(int fd) override { ::close(fd); }

#if defined(__x86_64__) || defined(__i386__)
  uint64_t rdpmc(uint32_t counter) override { return __rdpmc(counter); }
  uint64_t rdtsc() override { return __rdtsc(); }
#else
  // Counters.cpp never takes the rdpmc path on other architectures.
  uint64_t rdpmc(uint32_t) override { return 0; }
  uint64_t rdtsc() override { return 0; }
#endif

private:
  static size_t pageSize() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
};

} // namespace

PerfSys &linuxPerfSys() {
  static LinuxPerfSys sys;
  return sys;
}

} // namespace energy::meters
