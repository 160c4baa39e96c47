//===- Counters.cpp - Opening and reading perf_event counters -------------===//
#include "meters/Counters.h"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>

namespace energy::meters {
namespace {

CounterStatus statusForErrno(int error) {
  switch (error) {
  case ENOENT:
  case EOPNOTSUPP:
  case ENODEV:
  case ENXIO:
  case EINVAL:
    return CounterStatus::NotSupported;
  case EACCES:
  case EPERM:
    return CounterStatus::PermissionDenied;
  default:
    return CounterStatus::Failed;
  }
}

// Seqlock reads of the mmap page: the kernel updates it while we read, so
// every field is read through a volatile pointer between compiler barriers
// (x86 keeps loads in order; linux/perf_event.h asks for barrier() only).
template <typename T> T loadOnce(const T &field) {
  return *static_cast<const volatile T *>(&field);
}

void compilerBarrier() { std::atomic_signal_fence(std::memory_order_seq_cst); }

bool rdpmcArchitecture() {
#if defined(__x86_64__) || defined(__i386__)
  return true;
#else
  return false;
#endif
}

} // namespace

double CounterValue::scaled() const {
  if (!valid || running == 0)
    return std::numeric_limits<double>::quiet_NaN();
  if (running == enabled)
    return static_cast<double>(raw);
  return static_cast<double>(raw) * static_cast<double>(enabled) / static_cast<double>(running);
}

CounterValue difference(const CounterValue &later, const CounterValue &earlier) {
  CounterValue d;
  d.valid = later.valid && earlier.valid;
  if (!d.valid)
    return d;
  d.raw = later.raw - earlier.raw;
  d.enabled = later.enabled - earlier.enabled;
  d.running = later.running - earlier.running;
  return d;
}

const char *statusText(CounterStatus status) {
  switch (status) {
  case CounterStatus::Closed:
    return "<not counted>";
  case CounterStatus::Counting:
    return "counting";
  case CounterStatus::NotSupported:
    return "<not supported>";
  case CounterStatus::PermissionDenied:
    return "<not permitted>";
  case CounterStatus::Failed:
    return "<not counted>";
  }
  return "<not counted>";
}

CounterSet::CounterSet(std::vector<EventSpec> events, PerfSys &sys) : sys(sys) {
  slots.resize(events.size());
  for (size_t i = 0; i < events.size(); ++i)
    slots[i].spec = std::move(events[i]);
}

CounterSet::~CounterSet() { close(); }

perf_event_attr CounterSet::attributesFor(size_t i, const CounterOptions &options,
                                          bool isLeader) const {
  const EventSpec &spec = slots[i].spec;
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = spec.type;
  attr.config = spec.config;
  attr.config1 = spec.config1;
  attr.config2 = spec.config2;
  attr.exclude_user = spec.excludeUser;
  attr.exclude_kernel = spec.excludeKernel;
  attr.exclude_hv = spec.excludeHv;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  if (spec.group >= 0)
    attr.read_format |= PERF_FORMAT_GROUP;
  // Members follow their leader: only the leader is disabled or armed for exec.
  // A group's leader always starts disabled and is enabled once the group is
  // complete: members added to a running group stay at zero on this kernel
  // (6.x, software events), and enable_on_exec needs a disabled leader.
  // CPU-wide events (the power PMU) belong to no task and never see the exec:
  // they start at once unless the caller enables them.
  bool armedForExec = options.enableOnExec && spec.cpu < 0;
  attr.disabled = isLeader && (options.startDisabled || armedForExec || spec.group >= 0);
  attr.enable_on_exec = isLeader && armedForExec;
  // CPU-wide PMUs (the power PMU) count the whole package, never per task.
  attr.inherit = options.inherit && spec.cpu < 0;
  return attr;
}

int CounterSet::openSlot(size_t i, const CounterOptions &options) {
  Slot &slot = slots[i];
  size_t leader = i;
  if (slot.spec.group >= 0)
    for (size_t j = 0; j < i; ++j)
      if (slots[j].spec.group == slot.spec.group && slots[j].status == CounterStatus::Counting &&
          slots[j].leader == j) {
        leader = j;
        break;
      }
  bool isLeader = leader == i;
  int groupFd = isLeader ? -1 : slots[leader].fd;
  pid_t pid = slot.spec.cpu >= 0 ? -1 : options.pid;
  perf_event_attr attr = attributesFor(i, options, isLeader);
  int fd = sys.open(attr, pid, slot.spec.cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
  if ((fd == -EACCES || fd == -EPERM) && !attr.exclude_kernel) {
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    fd = sys.open(attr, pid, slot.spec.cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
    slot.userOnly = fd >= 0;
  }
  if (fd < 0) {
    slot.status = statusForErrno(-fd);
    slot.error = -fd;
    return fd;
  }
  slot.fd = fd;
  slot.status = CounterStatus::Counting;
  slot.leader = leader;
  slot.grouped = slot.spec.group >= 0;
  slot.position = 0;
  if (!isLeader)
    for (size_t j = leader; j < i; ++j)
      if (slots[j].status == CounterStatus::Counting && slots[j].leader == leader)
        ++slot.position;
  if (slot.position >= kMaxGroupSize) {
    sys.close(fd);
    slot.fd = -1;
    slot.status = CounterStatus::Failed;
    slot.error = E2BIG;
    return -E2BIG;
  }
  if (options.mapPages && !options.inherit && slot.spec.cpu < 0)
    slot.page = sys.mapPage(fd);
  return fd;
}

size_t CounterSet::open(const CounterOptions &options) {
  close();
  inherited = options.inherit;
  for (size_t i = 0; i < slots.size(); ++i)
    openSlot(i, options);
  if (!options.startDisabled)
    for (size_t i = 0; i < slots.size(); ++i) {
      const Slot &slot = slots[i];
      bool armedForExec = options.enableOnExec && slot.spec.cpu < 0;
      if (slot.status == CounterStatus::Counting && slot.leader == i && slot.grouped &&
          !armedForExec)
        sys.ioctl(slot.fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
    }
  return openCount();
}

void CounterSet::close() {
  // Members before leaders: closing a leader first would orphan its members.
  for (size_t i = slots.size(); i-- > 0;) {
    Slot &slot = slots[i];
    if (slot.page)
      sys.unmapPage(slot.page);
    if (slot.fd >= 0)
      sys.close(slot.fd);
    slot.page = nullptr;
    slot.fd = -1;
    slot.userOnly = false;
    slot.status = CounterStatus::Closed;
    slot.error = 0;
  }
}

size_t CounterSet::openCount() const {
  size_t n = 0;
  for (const Slot &slot : slots)
    n += slot.status == CounterStatus::Counting;
  return n;
}

void CounterSet::enable() {
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].status == CounterStatus::Counting && slots[i].leader == i)
      sys.ioctl(slots[i].fd, PERF_EVENT_IOC_ENABLE, slots[i].grouped ? PERF_IOC_FLAG_GROUP : 0);
}

void CounterSet::disable() {
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].status == CounterStatus::Counting && slots[i].leader == i)
      sys.ioctl(slots[i].fd, PERF_EVENT_IOC_DISABLE, slots[i].grouped ? PERF_IOC_FLAG_GROUP : 0);
}

void CounterSet::reset() {
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].status == CounterStatus::Counting && slots[i].leader == i)
      sys.ioctl(slots[i].fd, PERF_EVENT_IOC_RESET, slots[i].grouped ? PERF_IOC_FLAG_GROUP : 0);
}

void CounterSet::readGroup(size_t leader, CounterValue *out) const {
  // A stack buffer, so that the counted thread (readSelf) and the sampler
  // (read) can read the same set at once.
  uint64_t buffer[3 + kMaxGroupSize];
  const Slot &lead = slots[leader];
  long n = sys.read(lead.fd, buffer, sizeof buffer);
  if (!lead.grouped) {
    if (n < static_cast<long>(3 * sizeof(uint64_t)))
      return;
    out[leader] = CounterValue{buffer[0], buffer[1], buffer[2], true};
    return;
  }
  if (n < static_cast<long>(3 * sizeof(uint64_t)))
    return;
  uint64_t members = buffer[0];
  if (n < static_cast<long>((3 + members) * sizeof(uint64_t)))
    return;
  for (size_t i = leader; i < slots.size(); ++i) {
    const Slot &slot = slots[i];
    if (slot.status != CounterStatus::Counting || slot.leader != leader || slot.position >= members)
      continue;
    out[i] = CounterValue{buffer[3 + slot.position], buffer[1], buffer[2], true};
  }
}

void CounterSet::read(CounterValue *out) const {
  for (size_t i = 0; i < slots.size(); ++i)
    out[i] = CounterValue{};
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].status == CounterStatus::Counting && slots[i].leader == i)
      readGroup(i, out);
}

bool CounterSet::readWithRdpmc(const Slot &slot, CounterValue &out) const {
  const perf_event_mmap_page *pc = slot.page;
  if (!pc || !rdpmcArchitecture())
    return false;
  uint32_t seq, index;
  uint64_t enabled, running, count, pmc = 0, cycles = 0;
  uint64_t timeOffset = 0;
  uint32_t timeMult = 0;
  uint16_t timeShift = 0, width = 0;
  bool userTime;
  do {
    seq = loadOnce(pc->lock);
    compilerBarrier();
    enabled = loadOnce(pc->time_enabled);
    running = loadOnce(pc->time_running);
    uint64_t caps = loadOnce(pc->capabilities);
    perf_event_mmap_page capsView;
    capsView.capabilities = caps;
    if (!capsView.cap_user_rdpmc)
      return false;
    userTime = capsView.cap_user_time;
    if (userTime) {
      cycles = sys.rdtsc();
      timeOffset = loadOnce(pc->time_offset);
      timeMult = loadOnce(pc->time_mult);
      timeShift = loadOnce(pc->time_shift);
    }
    index = loadOnce(pc->index);
    count = loadOnce(pc->offset);
    if (index == 0)
      return false; // not on a hardware counter now (software event, or descheduled)
    width = loadOnce(pc->pmc_width);
    pmc = sys.rdpmc(index - 1);
    compilerBarrier();
  } while (loadOnce(pc->lock) != seq);

  if (userTime) {
    uint64_t quot = cycles >> timeShift;
    uint64_t rem = cycles & ((uint64_t{1} << timeShift) - 1);
    uint64_t delta = timeOffset + quot * timeMult + ((rem * timeMult) >> timeShift);
    enabled += delta;
    running += delta;
  }
  if (width > 0 && width < 64) {
    // The counter is `width` bits wide and signed: sign-extend it.
    pmc <<= 64 - width;
    pmc = static_cast<uint64_t>(static_cast<int64_t>(pmc) >> (64 - width));
  }
  out = CounterValue{count + pmc, enabled, running, true};
  return true;
}

void CounterSet::readSelf(CounterValue *out) const {
  if (inherited) {
    read(out); // rdpmc would miss the children's share
    return;
  }
  for (size_t i = 0; i < slots.size(); ++i) {
    out[i] = CounterValue{};
    if (slots[i].status == CounterStatus::Counting)
      readWithRdpmc(slots[i], out[i]);
  }
  for (size_t leader = 0; leader < slots.size(); ++leader) {
    if (slots[leader].status != CounterStatus::Counting || slots[leader].leader != leader)
      continue;
    for (size_t i = leader; i < slots.size(); ++i)
      if (slots[i].status == CounterStatus::Counting && slots[i].leader == leader &&
          !out[i].valid) {
        readGroup(leader, out);
        break;
      }
  }
}

bool CounterSet::rdpmcUsable(size_t i) const {
  const Slot &slot = slots[i];
  if (!rdpmcArchitecture() || !slot.page || slot.status != CounterStatus::Counting)
    return false;
  perf_event_mmap_page capsView;
  capsView.capabilities = loadOnce(slot.page->capabilities);
  return capsView.cap_user_rdpmc && loadOnce(slot.page->index) != 0;
}

bool CounterSet::rdpmcUsable() const {
  for (size_t i = 0; i < slots.size(); ++i)
    if (rdpmcUsable(i))
      return true;
  return false;
}

} // namespace energy::meters
