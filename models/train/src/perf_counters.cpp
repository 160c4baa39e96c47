//===- perf_counters.cpp - perf_event_open counters of a child ------------===//
#include "energy/train/perf_counters.h"
#include "energy/train/error.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

namespace energy::train {

namespace {

struct EventCode {
  uint32_t type;
  uint64_t config;
};

constexpr uint64_t cacheEvent(uint64_t Cache, uint64_t Op, uint64_t Result) {
  return Cache | (Op << 8) | (Result << 16);
}

const std::map<std::string, EventCode> &eventTable() {
  using namespace std;
  static const map<string, EventCode> Table = {
      {"cycles", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES}},
      {"instructions", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS}},
      {"cache-references", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES}},
      {"cache-misses", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES}},
      {"branches", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS}},
      {"branch-misses", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES}},
      {"bus-cycles", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES}},
      {"ref-cycles", {PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES}},
      {"stalled-cycles-frontend",
       {PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND}},
      {"stalled-cycles-backend",
       {PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND}},
      {"L1-dcache-loads",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)}},
      {"L1-dcache-load-misses",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS)}},
      {"L1-dcache-prefetch-misses",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_PREFETCH, PERF_COUNT_HW_CACHE_RESULT_MISS)}},
      {"dTLB-loads",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)}},
      {"LLC-loads",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)}},
      {"LLC-load-misses",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS)}},
      {"LLC-stores",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_WRITE, PERF_COUNT_HW_CACHE_RESULT_ACCESS)}},
      {"branch-loads",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_BPU, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_ACCESS)}},
      {"branch-load-misses",
       {PERF_TYPE_HW_CACHE, cacheEvent(PERF_COUNT_HW_CACHE_BPU, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS)}},
      {"cpu-clock", {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK}},
      {"task-clock", {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK}},
      {"cs", {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES}},
      {"migrations", {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS}},
      {"page-faults", {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS}},
  };
  return Table;
}

int openEvent(pid_t Pid, const EventCode &Code, bool ExcludeKernel) {
  perf_event_attr Attr;
  std::memset(&Attr, 0, sizeof(Attr));
  Attr.size = sizeof(Attr);
  Attr.type = Code.type;
  Attr.config = Code.config;
  Attr.disabled = 1;
  Attr.enable_on_exec = 1;
  Attr.inherit = 1;
  Attr.exclude_kernel = ExcludeKernel;
  Attr.exclude_hv = ExcludeKernel;
  Attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return static_cast<int>(syscall(SYS_perf_event_open, &Attr, Pid, -1, -1, 0));
}

} // namespace

const std::vector<std::string> &paperEvents() {
  static const std::vector<std::string> Events = {
      "cycles", "instructions", "cache-references", "cache-misses", "bus-cycles",
      "branches", "branch-misses", "ref-cycles", "stalled-cycles-backend",
      "stalled-cycles-frontend", "L1-dcache-loads", "L1-dcache-load-misses",
      "dTLB-loads", "LLC-loads", "LLC-load-misses", "LLC-stores", "cpu-clock",
      "cs", "migrations", "L1-dcache-prefetch-misses", "branch-load-misses",
      "branch-loads"};
  return Events;
}

const std::vector<std::string> &softwareEvents() {
  static const std::vector<std::string> Events = {
      "task-clock", "cpu-clock", "cs", "migrations", "page-faults"};
  return Events;
}

bool isKnownEvent(const std::string &Name) { return eventTable().count(Name); }

bool isSoftwareEvent(const std::string &Name) {
  auto It = eventTable().find(Name);
  return It != eventTable().end() && It->second.type == PERF_TYPE_SOFTWARE;
}

PerfCounters::PerfCounters(pid_t Pid, const std::vector<std::string> &Events) {
  for (const std::string &E : Events) {
    auto It = eventTable().find(E);
    require(It != eventTable().end(), "unknown perf event '" + E + "'");
    int Fd = openEvent(Pid, It->second, false);
    if (Fd < 0 && (errno == EACCES || errno == EPERM))
      Fd = openEvent(Pid, It->second, true); // perf_event_paranoid >= 2
    if (Fd < 0) {
      std::string Why = std::strerror(errno);
      for (int Open : Fds)
        close(Open);
      throw TrainError(
          std::string(It->second.type == PERF_TYPE_SOFTWARE ? "" :
                      "hardware counters are not available here: ") +
          "perf_event_open('" + E + "') failed (" + Why +
          "); on a VM without a PMU collect with --software-events, or "
          "import data measured elsewhere (energy-train import)");
    }
    Fds.push_back(Fd);
  }
}

PerfCounters::~PerfCounters() {
  for (int Fd : Fds)
    close(Fd);
}

std::vector<double> PerfCounters::read() const {
  std::vector<double> Values;
  for (int Fd : Fds) {
    uint64_t Buf[3] = {0, 0, 0}; // value, time enabled, time running
    double V = 0.0;
    if (::read(Fd, Buf, sizeof(Buf)) == static_cast<ssize_t>(sizeof(Buf)))
      V = Buf[2] > 0 && Buf[2] < Buf[1]
              ? static_cast<double>(Buf[0]) * Buf[1] / Buf[2]
              : static_cast<double>(Buf[0]);
    Values.push_back(V);
  }
  return Values;
}

} // namespace energy::train
