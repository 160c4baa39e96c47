//===- energy/train/perf_counters.h - perf_event_open counters of a child -===//
//
// Counts perf events of one process and its threads and children (inherit),
// from its exec on. Events are named as `perf list` names them; the table
// covers the paper's 22 and the software events. The meters library of the
// runtime will do this for instrumented programs; collect needs it for any
// program, so it lives here in its smallest form.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_PERF_COUNTERS_H
#define ENERGY_TRAIN_PERF_COUNTERS_H

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace energy::train {

/// The paper's 22 events, in its order.
const std::vector<std::string> &paperEvents();
/// Software events that work without a hardware PMU.
const std::vector<std::string> &softwareEvents();
bool isKnownEvent(const std::string &Name);
bool isSoftwareEvent(const std::string &Name);

class PerfCounters {
public:
  /// Opens the events for Pid, disabled until its exec. Throws TrainError
  /// naming the first event the kernel refuses, and why.
  PerfCounters(pid_t Pid, const std::vector<std::string> &Events);
  PerfCounters(const PerfCounters &) = delete;
  PerfCounters &operator=(const PerfCounters &) = delete;
  ~PerfCounters();

  /// Current totals, scaled for multiplexing, in event order.
  std::vector<double> read() const;

private:
  std::vector<int> Fds;
};

} // namespace energy::train

#endif
