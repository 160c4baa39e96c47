//===- FakePerfSys.cpp - Replays recorded perf_event answers --------------===//
#include "FakePerfSys.h"

#include <cerrno>
#include <cstring>

namespace energy::meters::test {

int FakePerfSys::open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd, unsigned long) {
  ++openAttempts;
  if (int error = openErrno(attr, pid, cpu))
    return -error;
  int fd = nextFd++;
  Opened &o = opened[fd];
  o.attr = attr;
  o.pid = pid;
  o.cpu = cpu;
  o.groupFd = groupFd;
  return fd;
}

long FakePerfSys::read(int fd, void *buf, size_t size) {
  auto it = opened.find(fd);
  if (it == opened.end() || it->second.closed)
    return -EBADF;
  size_t bytes = it->second.readData.size() * sizeof(uint64_t);
  if (bytes > size)
    return -ENOSPC;
  if (bytes > 0)
    std::memcpy(buf, it->second.readData.data(), bytes);
  return static_cast<long>(bytes);
}

int FakePerfSys::ioctl(int fd, unsigned long request, unsigned long) {
  opened.at(fd).ioctls.push_back(request);
  return 0;
}

const perf_event_mmap_page *FakePerfSys::mapPage(int fd) {
  if (!mappable)
    return nullptr;
  Opened &o = opened.at(fd);
  o.page = std::make_unique<perf_event_mmap_page>();
  std::memset(o.page.get(), 0, sizeof(perf_event_mmap_page));
  return o.page.get();
}

void FakePerfSys::unmapPage(const perf_event_mmap_page *) {}

void FakePerfSys::close(int fd) { opened.at(fd).closed = true; }

uint64_t FakePerfSys::rdpmc(uint32_t counter) {
  ++rdpmcCalls;
  if (duringRdpmc)
    duringRdpmc(rdpmcCalls);
  return pmc[counter];
}

std::vector<int> FakePerfSys::fds() const {
  std::vector<int> result;
  for (const auto &[fd, o] : opened)
    result.push_back(fd);
  return result;
}

} // namespace energy::meters::test
