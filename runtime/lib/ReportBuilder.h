//===- ReportBuilder.h - The report document (docs/formats/report.md) -----===//
#ifndef ENERGY_RT_REPORTBUILDER_H
#define ENERGY_RT_REPORTBUILDER_H

#include "CallTree.h"
#include "JsonText.h"
#include "Measurement.h"
#include "ModelApplication.h"
#include "ModuleRecord.h"
#include "ProcessInfo.h"
#include "ThreadState.h"
#include "ThreadSummary.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace energy::rt {

/// A report recovered from the continuous counts file a killed process left
/// (ContinuousRecovery.cpp): counts and calls, no time or energy.
struct RecoveryNote {
  std::string From; /// the file
  uint64_t ThreadsRunning = 0;
  uint64_t ThreadsEnded = 0;
  uint64_t ModulesNotContinuous = 0; /// their counts were not on the file
};

/// What the runtime merged, as the report needs it.
struct RunSummary {
  const std::vector<ModuleRecord *> &Modules;
  const Diagnostics &Diag;
  uint64_t Threads;
  const ThreadSummaries &ThreadRecords;
  uint64_t StartRealNs;
  double WallSeconds;
  double SecondsPerTick; /// exact region times are kept in clock ticks
  /// Sampled timing: region times are samples of SampleSeconds of CPU time
  /// each (0 when the timer never ran, SamplingProblem says why), and the
  /// process's CPU time to compare their sum with.
  bool Sampled;
  double SampleSeconds;
  const char *SamplingProblem;
  double CpuSeconds;
  const ProcessInfo &Process;
  const Measurement &Measure; /// sources, timeline, measured energy
  const CallTree &Tree;
  /// > 0: the report is a checkpoint taken every so many seconds.
  double CheckpointPeriodSeconds = 0;
  /// A snapshot: what asked for it ("energy_dump", or the dump signal's
  /// name); empty otherwise.
  std::string SnapshotRequestedBy = {};
  /// The report of a run that a signal ended (SIGTERM, SIGSEGV, ...): its
  /// name; empty otherwise.
  std::string EndedBySignal = {};
  /// Set in a report recovered from a continuous counts file.
  const RecoveryNote *Recovered = nullptr;
};

/// The report, written: its finishLine() is the text (one line of JSON and a
/// newline). Without a model that applies: null modelled energies, and the
/// reason in the `model` source (ModelApplication.h). Throws only
/// std::bad_alloc.
JsonText reportText(const RunSummary &Run, const ModelChoice &Choice);

} // namespace energy::rt

#endif
