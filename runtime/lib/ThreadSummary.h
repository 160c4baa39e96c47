//===- ThreadSummary.h - What each thread of the process did --------------===//
//
// Region times and counts are summed over threads, which hides imbalance
// inside a process and counts threads that never ran instrumented code (an
// MPI library's progress threads, an OpenMP runtime's idle workers). Each
// thread is summarised once, when it is merged (at its exit, or at the
// report for those still running): its CPU time, its region time and what
// its counters say it executed. Bounded: the first MaxKept threads are kept,
// the others only counted.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_THREADSUMMARY_H
#define ENERGY_RT_THREADSUMMARY_H

#include "energy/model/activity.h"

#include <cstdint>
#include <sys/types.h>
#include <vector>

namespace energy::rt {

class ModuleRecord;
class ThreadState;

struct ThreadSummary {
  pid_t Tid = 0;
  char Name[16] = {};       /// the kernel's thread name (comm)
  uint64_t CpuNs = 0;       /// 0 when its CPU clock could not be read
  uint64_t RegionTicks = 0; /// self time of its regions, in the run's time unit
  /// False for a process's only thread, whose counts are the run's totals:
  /// they are not computed twice.
  bool CountsKnown = false;
  model::Activity Counts;

  bool ranInstrumentedCode() const { return RegionTicks || Counts.blocks || !CountsKnown; }
};

/// Summarises T before it is merged. `Counters(I)` is its counter array
/// for module I (the calling thread's own, or the one in its slot).
/// `Alone`: T is the only thread the process ever had. `Pid`: the process
/// T belongs to (the original's in a copy of it).
ThreadSummary summariseThread(const ThreadState &T, const std::vector<ModuleRecord *> &Modules,
                              pid_t Pid, bool OnItsOwnThread, bool Alone) noexcept;

class ThreadSummaries {
public:
  static constexpr size_t MaxKept = 256;

  void add(const ThreadSummary &S) noexcept;
  /// Counts `Threads` threads that are not summarised one by one (a
  /// recovered run's), `InstrumentedThreads` of which ran instrumented code.
  void addUnlisted(uint64_t Threads, uint64_t InstrumentedThreads) noexcept;
  void clear() noexcept;
  const std::vector<ThreadSummary> &kept() const { return Kept; }
  uint64_t notKept() const { return NotKept; }
  uint64_t instrumented() const { return Instrumented; }

private:
  std::vector<ThreadSummary> Kept;
  uint64_t NotKept = 0;
  uint64_t Instrumented = 0;
};

} // namespace energy::rt

#endif
