//===- FakePerfSys.h - Replays recorded perf_event answers -------*- C++ -*-===//
//
// Stands in for the kernel at the PerfSys seam: records every
// perf_event_open, answers read(2) with the values a test sets (recorded
// from real multiplexed runs), serves mmap pages the test fills, and plays
// rdpmc and rdtsc, optionally moving the page's seqlock under the reader.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TEST_FAKEPERFSYS_H
#define ENERGY_TEST_FAKEPERFSYS_H

#include "meters/PerfSys.h"

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace energy::meters::test {

class FakePerfSys final : public PerfSys {
public:
  struct Opened {
    perf_event_attr attr;
    pid_t pid;
    int cpu;
    int groupFd;
    std::vector<uint64_t> readData; // what read(2) returns, as u64 words
    std::unique_ptr<perf_event_mmap_page> page;
    bool closed = false;
    std::vector<unsigned long> ioctls;
  };

  /// Decides the outcome of each open: 0 to succeed, an errno to fail.
  std::function<int(const perf_event_attr &, pid_t, int)> openErrno = [](const perf_event_attr &,
                                                                         pid_t, int) { return 0; };
  bool mappable = true;
  std::map<uint32_t, uint64_t> pmc; // rdpmc answers per hardware counter
  uint64_t tsc = 0;
  int rdpmcCalls = 0;
  /// Called inside rdpmc, e.g. to bump the seqlock as a concurrent update would.
  std::function<void(int call)> duringRdpmc;

  int open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
           unsigned long flags) override;
  long read(int fd, void *buf, size_t size) override;
  int ioctl(int fd, unsigned long request, unsigned long arg) override;
  const perf_event_mmap_page *mapPage(int fd) override;
  void unmapPage(const perf_event_mmap_page *page) override;
  void close(int fd) override;
  uint64_t rdpmc(uint32_t counter) override;
  uint64_t rdtsc() override { return tsc; }

  Opened &event(int fd) { return opened.at(fd); }
  /// Descriptors in open order.
  std::vector<int> fds() const;
  size_t openAttempts = 0;

private:
  std::map<int, Opened> opened;
  int nextFd = 100;
};

} // namespace energy::meters::test

#endif
