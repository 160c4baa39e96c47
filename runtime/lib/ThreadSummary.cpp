//===- ThreadSummary.cpp - One record per thread, taken at its merge ------===//
#include "ThreadSummary.h"

#include "Clock.h"
#include "ModuleRecord.h"
#include "RegionCounts.h"
#include "ThreadState.h"

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace energy::rt {

namespace {

/// Reads the name from the measured process's /proc directory: a copy of
/// the process (a signal's report, a snapshot, a checkpoint) is another
/// process, whose only thread is none of these. The process itself reads
/// /proc/self, which is right where /proc is another pid namespace's.
void readThreadName(pid_t Pid, bool InCopy, pid_t Tid, char (&Name)[16]) {
  char Path[64];
  if (!InCopy)
    std::snprintf(Path, sizeof Path, "/proc/self/task/%d/comm", int(Tid));
  else
    std::snprintf(Path, sizeof Path, "/proc/%d/task/%d/comm", int(Pid), int(Tid));
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  ssize_t N = read(Fd, Name, sizeof Name - 1);
  close(Fd);
  size_t Length = N > 0 ? size_t(N) : 0;
  if (Length && Name[Length - 1] == '\n')
    --Length;
  Name[Length] = 0;
}

} // namespace

ThreadSummary summariseThread(const ThreadState &T, const std::vector<ModuleRecord *> &Modules,
                              pid_t Pid, bool OnItsOwnThread, bool Alone) noexcept {
  ThreadSummary S;
  S.Tid = T.Tid;
  bool InCopy = Pid != getpid();
  readThreadName(Pid, InCopy, T.Tid, S.Name);
  S.CpuNs = clockNs(OnItsOwnThread ? CLOCK_THREAD_CPUTIME_ID : threadCpuClock(T.Tid));
  // In a copy of the process the clock is another process's: the original
  // read it when it made the copy.
  if (!S.CpuNs && InCopy)
    S.CpuNs = T.CpuNsAtCopy;
  S.CountsKnown = !Alone;
  for (uint32_t I = 0; I < T.NumSlots && I < Modules.size(); ++I) {
    const ModuleRecord &M = *Modules[I];
    if (const RegionStats *Stats = T.Slots[I].Stats)
      for (uint32_t R = 0; R < M.NumRegions; ++R)
        S.RegionTicks += Stats[R].SelfTicks;
    if (!Alone)
      S.Counts +=
          moduleActivity(M, OnItsOwnThread ? M.callingThreadCounters() : T.Slots[I].Counters);
  }
  return S;
}

void ThreadSummaries::add(const ThreadSummary &S) noexcept {
  Instrumented += S.ranInstrumentedCode();
  if (Kept.size() >= MaxKept) {
    ++NotKept;
    return;
  }
  try {
    Kept.push_back(S);
  } catch (const std::bad_alloc &) {
    ++NotKept;
  }
}

void ThreadSummaries::addUnlisted(uint64_t Threads, uint64_t InstrumentedThreads) noexcept {
  NotKept += Threads;
  Instrumented += InstrumentedThreads;
}

void ThreadSummaries::clear() noexcept {
  Kept.clear();
  NotKept = Instrumented = 0;
}

} // namespace energy::rt
