//===- energy/report/report.h - A run's report, as the tools see it -------===//
//
// The in-memory form of an `energypass-report` (docs/formats/report.md), read
// and validated by readReport(). Counts are kept as model Activities (self
// counts, with `seconds` = self time) so that any energy model can re-evaluate
// a region without going back to the JSON.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REPORT_H
#define ENERGY_REPORT_REPORT_H

#include "energy/model/activity.h"
#include "energy/model/analytic_model.h"
#include "energy/report/timeline.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace energy::report {

/// A measurement source the runtime knew about, present or not.
struct Source {
  std::string name;
  std::string kind; // time, counters, energy, model
  bool present = false;
  bool used = false;
  std::string detail;
};

struct ModelInfo {
  std::string name;
  std::string kind;
  long long version = 0;
  std::string path;
  /// An analytic model's joules per operation (`work_joules`, version 4):
  /// what splits a region's modelled energy among its lines.
  std::optional<model::OperationEnergies> workJoules;
};

struct Energy {
  double modelledJoules = 0.0;
  std::optional<double> measuredJoules;
  /// Of measuredJoules, the machine's idle power while the region was on
  /// top of a thread's stack (waiting or running); absent in older reports.
  std::optional<double> measuredIdleJoules;
};

/// What one rank of a job did in a region (a job report's `by_rank`).
struct RankShare {
  uint64_t rank = 0;
  uint64_t calls = 0;
  double selfSeconds = 0.0;
  uint64_t flops = 0;
  model::Activity counts;       // counts.seconds = selfSeconds
  std::optional<Energy> energy; // absent when the rank's report had none
};

struct Region {
  uint64_t id = 0;
  std::string name;
  std::string demangled;
  std::string file;
  uint64_t line = 0;
  std::string kind; // function, loop, user, mpi
  /// Version 4: a function's body hash (names and debug locations left
  /// out), equal for a function renamed with its body unchanged.
  std::optional<std::string> bodyHash;
  std::optional<uint64_t> parent;
  std::string module;
  uint64_t calls = 0;
  double inclusiveSeconds = 0.0;
  double selfSeconds = 0.0;
  /// Sampled reports: one standard deviation of selfSeconds.
  std::optional<double> selfUncertainty;
  uint64_t flops = 0;     // the report's `counts.flops`
  model::Activity counts; // self counts; counts.seconds = selfSeconds
  Energy energy;
  /// `footprint.bytes`: the distinct bytes the region touched as the
  /// innermost open region of a thread; absent when the run sampled no
  /// footprint (a build without the pass's footprint sampling).
  std::optional<uint64_t> footprintBytes;
  /// `counters.self`: perf event counts over the region's self time, by
  /// event name; absent when the run counted no per-region events
  /// (ENERGY_REGION_EVENTS). An event that no thread could count is
  /// written null and left out here, as if never asked for.
  std::optional<std::map<std::string, double>> selfCounters;
  /// A job report's: the ranks that ran the region; empty otherwise.
  std::vector<RankShare> byRank;

  uint64_t bytesMoved() const { return counts.bytesLoaded + counts.bytesStored; }
  /// Never entered and counted nothing, such as a vectorised loop's
  /// remainder loop that the run's sizes never needed.
  bool neverRan() const { return calls == 0 && counts.blocks == 0 && counts.instructions == 0; }
};

/// The parallel job a report's process was one rank of (`job`), or, in a
/// job report (a merge of its ranks), the ranks it merged.
struct JobInfo {
  std::string launcher; // openmpi, mpich, slurm
  std::optional<std::string> id;
  uint64_t size = 0;
  uint64_t rank = 0; // one rank's report only, with localRank and node
  std::optional<uint64_t> localRank;
  std::string node;
  std::vector<uint64_t> ranksMerged; // a job report's ranks; empty for one rank's
};

/// A call site that code was inlined at (`lines[].inlined_at[]`).
struct InlineSite {
  std::string file;
  uint64_t line = 0;
  std::string function; // the function the call is written in

  bool operator<(const InlineSite &Other) const {
    return std::tie(file, line, function) < std::tie(Other.file, Other.line, Other.function);
  }
  bool operator==(const InlineSite &Other) const {
    return file == Other.file && line == Other.line && function == Other.function;
  }
};

/// One executed source line of one region (`lines[]`): exact counts from the
/// pass's line table and a share of the region's modelled energy.
struct RegionLine {
  std::string file;
  uint64_t line = 0;
  uint64_t region = 0;
  /// The call sites the code was inlined at, innermost first; empty when it
  /// was not inlined (and always in reports before version 4).
  std::vector<InlineSite> inlinedAt;
  uint64_t flops = 0; // the entry's `counts.flops`
  model::Activity counts;
  std::optional<double> energyJoules; // null: the model could not say
};

/// One thread of a process (`thread_breakdown`).
struct ThreadRow {
  long long pid = 0; // the process, in a merged report; 0 otherwise
  long long tid = 0;
  std::string name;
  bool instrumented = false;
  std::optional<double> cpuSeconds;
  double regionSeconds = 0.0;
  uint64_t instructions = 0;
  uint64_t flops = 0;
  uint64_t bytes = 0;
};

/// One node of the report's calling context tree (`call_tree`): a distinct
/// call path of regions, with calls and times per path.
struct CallTreeNode {
  uint64_t region = 0;
  std::optional<uint64_t> parent; // always a smaller id
  uint64_t calls = 0;             // 0 in sampled reports, which record none per path
  double inclusiveSeconds = 0.0;
  double selfSeconds = 0.0;
};

/// A process a merged report holds (`program.processes[]`), with what the
/// exports show it by.
struct MergedProcess {
  std::string programPath;
  std::vector<std::string> argv;
  long long pid = 0;
  std::optional<std::string> report; // the file it was written to
  std::optional<uint64_t> rank;      // version 4: its rank in a job
  /// Version 4: its own timeline, regions numbered as the merged report's.
  std::optional<Timeline> timeline;
};

struct Report {
  std::string origin;    // the file it was read from, for messages
  long long version = 0; // the report format's

  std::string programPath;
  std::vector<std::string> argv;
  long long pid = 0;
  std::string startTime;
  double wallSeconds = 0.0;
  /// `program.processes`: absent unless the report is a merge.
  std::optional<std::vector<MergedProcess>> mergedProcesses;
  /// Version 4: the period of the checkpoint this report is, written while
  /// the run went on (docs/runtime.md, "Checkpoints"); absent in a report
  /// the process wrote at its end or in a snapshot.
  std::optional<double> checkpointPeriodSeconds;
  /// Version 6: what asked for the snapshot this report is ("energy_dump",
  /// or the dump signal's name, docs/runtime.md "Snapshots").
  std::optional<std::string> snapshotRequestedBy;
  /// Version 6: the signal that ended the run this report was written for
  /// (SIGTERM, SIGSEGV, ...: docs/runtime.md "Process end").
  std::optional<std::string> endedBySignal;
  /// The continuous counts file `energy-report recover` built this report
  /// from (docs/runtime.md "Continuous counts"): counts and calls, no time.
  std::optional<std::string> recoveredFrom;
  /// Version 3: the job, for a rank of one.
  std::optional<JobInfo> job;
  std::string hostname;
  std::string cpuModel;
  long long logicalCpus = 0;
  std::vector<Source> sources;
  std::optional<ModelInfo> model;
  long long threads = 0;
  /// Threads that ran instrumented code; unknown in reports before it was
  /// written.
  std::optional<long long> threadsInstrumented;
  std::vector<ThreadRow> threadBreakdown;
  /// `timing.mode`: "sampled" (CPU time, at sampleRateHz), "exact" (wall
  /// time; version 1 reports have no `timing` and are exact) or "mixed" (a
  /// merge of both kinds of process).
  std::string timing = "exact";
  double sampleRateHz = 0.0;
  /// Sampled reports: the CPU time the samples stood for
  /// (`timing.sampled_cpu_time_s`) and the CPU time of the threads that had
  /// a sampling trigger (`timing.timed_cpu_time_s`); absent in older
  /// reports. A thread that blocks the sampling signal takes no samples, so
  /// the first falls short of the second.
  std::optional<double> sampledCpuSeconds;
  std::optional<double> timedCpuSeconds;
  std::vector<Region> regions; // regions[i].id == i
  /// Regions of functions that never ran, which the runtime left out
  /// (`regions_not_run`; 0 in version 1 reports, which list every region).
  uint64_t regionsNotRun = 0;
  model::Activity totalCounts;
  uint64_t totalFlops = 0;
  Energy totalEnergy;
  /// `lines`: absent when the program was built without a line table
  /// (no -g, or a runtime before the line table).
  std::optional<std::vector<RegionLine>> lines;
  /// `timeline`: absent when the run recorded none (ENERGY_TIMELINE,
  /// ENERGY_SAMPLE_MS) and in a merged report, whose processes keep theirs.
  std::optional<Timeline> timeline;
  /// `call_tree`: absent in older reports; node i has id i.
  std::optional<std::vector<CallTreeNode>> callTree;

  /// Processes behind the report: more than one only for a merged report.
  size_t processCount() const { return mergedProcesses ? mergedProcesses->size() : 1; }
  /// True when energies come from a meter rather than only from the model.
  bool hasMeasuredEnergy() const;
};

} // namespace energy::report

#endif
