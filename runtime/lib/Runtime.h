//===- Runtime.h - The process-wide state of libenergyrt ------------------===//
//
// The registry of modules, the list of live thread states, and the process
// lifecycle: initialisation at the first registration, merging at thread
// exit, module unload and process exit, the fork handlers, and the final
// report. Everything here runs under one lock and off the hot path; the hot
// path only reaches it the first time a thread enters a region, when a thread
// meets a module it has not used yet, or when its region stack must grow.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_RUNTIME_H
#define ENERGY_RT_RUNTIME_H

#include "CallTree.h"
#include "Clock.h"
#include "ContinuousCounts.h"
#include "Measurement.h"
#include "ModuleRecord.h"
#include "ProcessInfo.h"
#include "ReportBuilder.h"
#include "ThreadState.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace energy::rt {

/// The calling thread's state; null until its first region entry.
extern constinit thread_local ThreadState *CurrentThread __attribute__((tls_model("initial-exec")));

/// Whether the process's regions are timed by sampling (its first module was
/// instrumented so); then the exact entry points push onto the region stack.
extern std::atomic<bool> SampledTiming;

/// Why a copy of the process writes a report (SignalEndings.h): a snapshot
/// the run goes on after, or the report of a run that a signal ends.
enum class CopyCause { Snapshot, SignalEnding };

class Runtime {
public:
  /// The process's runtime, created on first use and never destroyed (exit
  /// handlers and late module destructors may still need it).
  static Runtime &get();

  void registerModule(energy_module *Desc) noexcept;
  void unregisterModule(energy_module *Desc) noexcept;

  /// Creates the calling thread's state; null when it cannot (out of memory,
  /// thread already past its exit hook, or called re-entrantly from a signal
  /// handler that interrupted the runtime).
  ThreadState *attachThread() noexcept;
  /// Called by a new thread before its start routine: creates its state when
  /// modules are registered, so that its counts are merged at its end even
  /// if it never enters a region.
  void attachThreadIfMeasuring() noexcept;
  /// Thread-exit hook: closes the thread's open regions and merges it.
  void detachThread(ThreadState &T) noexcept;
  /// Gives the thread a slot for every registered module; returns Rec's.
  ModuleSlot *adoptModules(ThreadState &T, const ModuleRecord &Rec) noexcept;
  /// Doubles the thread's region stack up to the depth bound.
  bool growFrames(ThreadState &T) noexcept;

  /// Merges every thread and writes the report; at most once per process.
  void writeFinalReport() noexcept;
  /// Writes a report of the run so far from a copy of the process
  /// (SignalEndings.h), leaving this one as it was; false when none could be
  /// written (no module registered, the report already final, the calling
  /// thread interrupted the runtime, the copy failed). Async-signal-safe.
  /// The report says why it was written: a snapshot that energy_dump()
  /// (`Signal` 0) or the dump signal asked for, or the report of a run that
  /// `Signal` ends.
  bool writeReportFromCopy(CopyCause Cause, int Signal) noexcept;
  /// Starts a copy of the process that writes a checkpoint (Checkpoint.h)
  /// and does not wait for it; false only when the runtime's lock was busy
  /// or the calling thread interrupted the runtime (try again soon).
  /// Async-signal-safe.
  bool writeCheckpointFromCopy() noexcept;

  /// The job the process is one rank of, as MPI says once initialised (the
  /// MPI layer): taken only when the launcher's environment named none.
  void adoptJobFromMpi(const JobInfo &Job) noexcept;

  void prepareFork() noexcept;
  void afterForkInParent() noexcept;
  void afterForkInChild() noexcept;

private:
  Runtime() = default;
  bool initialise(const energy_module &First) noexcept;
  ThreadState *attachLocked() noexcept;
  void adoptTiming(ModuleRecord &Rec, const energy_module &Desc) noexcept;
  void keepCountsOnFile(const ModuleRecord &Rec) noexcept;
  void adoptAllModules(ThreadState &T) noexcept;
  void attachRegionCounters(ThreadState &T) noexcept;
  void mergeThread(ThreadState &T, uint64_t Now, bool OnItsOwnThread) noexcept;
  void mergeRegionCounters(ThreadState &T, bool OnItsOwnThread) noexcept;
  /// Adds the calling thread's arrays into the totals and, unless in a copy
  /// of the process (whose arrays on the continuous counts file are the
  /// original's), zeroes them.
  void mergeCallingThreadCounters(bool Zero = true) noexcept;
  void discardCallingThreadCounters() noexcept;
  void link(ThreadState &T) noexcept;
  void unlink(ThreadState &T) noexcept;
  void resetAfterFork() noexcept;
  void mergeEverything(bool InCopy) noexcept;
  bool writeReport(const ModelChoice &Model) noexcept;
  /// Before a copy is made: what it cannot read of this process.
  void noteWhatTheCopyCannotRead() noexcept;
  /// The copy's part of writeReportFromCopy: 0 when the report is written.
  int writeReportAsCopy() noexcept;
  static int reportInCopy(void *Self) noexcept;

  std::mutex Lock;
  bool Initialised = false;
  bool Finished = false; /// the report is written; nothing more is merged
  std::vector<ModuleRecord *> Modules;
  uint32_t TotalRegions = 0;
  ThreadState *Threads = nullptr; /// live thread states, linked
  uint64_t ThreadsMerged = 0;
  ThreadSummaries ThreadRecords;
  Diagnostics Diag;
  uint32_t MaxDepth = 0;
  uint32_t MaxCallPaths = 0; /// per thread
  CallTree Tree;
  ClockOrigin Origin; /// initialisation, or the fork in a child
  ProcessInfo Process;
  Measurement Measure;
  /// Counter arrays on a file, for modules built with -energy-continuous.
  ContinuousCounts Continuous;
  /// What the copy cannot read of the process it copies, read just before
  /// the copy is made: the calling thread's, the other threads' (since
  /// their timers started) and the process's CPU time.
  uint64_t CopiedThreadCpuNs = 0;
  uint64_t CopiedOtherTimersCpuNs = 0;
  double CopiedProcessCpuSeconds = -1; /// < 0: not a copy
  /// The copy being made writes a checkpoint rather than a snapshot.
  bool CopyIsCheckpoint = false;
  /// Why the copy being made writes its report (writeReportFromCopy).
  CopyCause CopyWhy = CopyCause::Snapshot;
  int CopySignal = 0;
};

} // namespace energy::rt

#endif
