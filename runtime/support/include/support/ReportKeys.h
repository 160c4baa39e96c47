//===- ReportKeys.h - The report's member names, spelled once -------------===//
//
// The runtime writes the report (runtime/lib/ReportBuilder.cpp), the tools
// read it (driver/report-lib/reader.cpp) and energy-report merge edits it
// (driver/report-lib/report_merge.cpp); all name its members through these
// constants, so that a key renamed or misspelt on one side does not compile
// or is renamed on all, instead of a report that no tool reads. Grouped by
// the object that holds them, as docs/formats/report.md describes it; each
// group is named after that object's own key.
//
// Plain `constexpr const char *`: the runtime's JsonName checks them at
// compile time, the reader's document::View takes them as strings. A new key is one
// line here, then the writer's and the reader's use of it.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_REPORTKEYS_H
#define ENERGY_SUPPORT_REPORTKEYS_H

namespace energy::report_key {

/// The report's own members, the top level of the document.
namespace document {
inline constexpr const char *Regions = "regions";
inline constexpr const char *Lines = "lines";
inline constexpr const char *Totals = "totals";
inline constexpr const char *Format = "format";
inline constexpr const char *Version = "version";
inline constexpr const char *Checkpoint = "checkpoint";
inline constexpr const char *Snapshot = "snapshot";
inline constexpr const char *EndedBySignal = "ended_by_signal";
inline constexpr const char *Recovered = "recovered";
inline constexpr const char *Program = "program";
inline constexpr const char *Job = "job";
inline constexpr const char *Machine = "machine";
inline constexpr const char *Sources = "sources";
inline constexpr const char *Timing = "timing";
inline constexpr const char *Model = "model";
inline constexpr const char *Threads = "threads";
inline constexpr const char *ThreadsInstrumented = "threads_instrumented";
inline constexpr const char *ThreadBreakdown = "thread_breakdown";
inline constexpr const char *ThreadsNotBrokenDown = "threads_not_broken_down";
inline constexpr const char *Modules = "modules";
inline constexpr const char *RegionsNotRun = "regions_not_run";
inline constexpr const char *CallTree = "call_tree";
inline constexpr const char *Diagnostics = "diagnostics";
inline constexpr const char *Timeline = "timeline";
} // namespace document

/// `checkpoint` and `snapshot`: why a report of the run so far was written.
namespace checkpoint {
inline constexpr const char *PeriodS = "period_s";
} // namespace checkpoint
namespace recovered {
inline constexpr const char *From = "from";
inline constexpr const char *ThreadsRunning = "threads_running";
inline constexpr const char *ThreadsEnded = "threads_ended";
inline constexpr const char *ModulesNotContinuous = "modules_not_continuous";
} // namespace recovered
namespace snapshot {
inline constexpr const char *RequestedBy = "requested_by";
} // namespace snapshot

/// `program`: the process the report is of.
namespace program {
inline constexpr const char *Path = "path";
inline constexpr const char *Argv = "argv";
inline constexpr const char *Pid = "pid";
inline constexpr const char *StartTime = "start_time";
inline constexpr const char *WallTime = "wall_time_s";
inline constexpr const char *ArgumentsOmitted = "arguments_omitted";
inline constexpr const char *IgnoredSettings = "ignored_settings";
/// A merged report's, written by energy-report merge.
inline constexpr const char *Processes = "processes";
} // namespace program

/// Each `program.processes[]` entry of a merged report: the `program`
/// members of the process that went in (path, argv, pid, start_time,
/// wall_time_s), and these.
namespace processes {
inline constexpr const char *Hostname = "hostname";
inline constexpr const char *Report = "report";
inline constexpr const char *Rank = "rank";
inline constexpr const char *Timeline = "timeline";
} // namespace processes

/// `job` (version 3): the parallel job the process was a rank of.
namespace job {
inline constexpr const char *Launcher = "launcher";
inline constexpr const char *Id = "id";
inline constexpr const char *Rank = "rank";
inline constexpr const char *Size = "size";
inline constexpr const char *LocalRank = "local_rank";
inline constexpr const char *Node = "node";
/// A job report's, written by energy-report merge.
inline constexpr const char *RanksMerged = "ranks_merged";
inline constexpr const char *NodeMeters = "node_meters";
} // namespace job

namespace machine {
inline constexpr const char *Hostname = "hostname";
inline constexpr const char *CpuModel = "cpu_model";
inline constexpr const char *LogicalCpus = "logical_cpus";
} // namespace machine

/// Each `sources[]` entry.
namespace sources {
inline constexpr const char *Name = "name";
inline constexpr const char *Kind = "kind";
inline constexpr const char *Present = "present";
inline constexpr const char *Used = "used";
inline constexpr const char *Detail = "detail";
} // namespace sources

/// `timing`: how region times were measured; a sampled run's from `trigger` on.
namespace timing {
inline constexpr const char *Mode = "mode";
inline constexpr const char *Clock = "clock";
inline constexpr const char *Trigger = "trigger";
inline constexpr const char *Signal = "signal";
inline constexpr const char *RateHz = "rate_hz";
inline constexpr const char *Period = "period_s";
inline constexpr const char *Periods = "periods";
inline constexpr const char *OutsidePeriods = "outside_periods";
inline constexpr const char *DeepPeriods = "deep_periods";
inline constexpr const char *SampledCpuTime = "sampled_cpu_time_s";
inline constexpr const char *TimedCpuTime = "timed_cpu_time_s";
inline constexpr const char *ProcessCpuTime = "process_cpu_time_s";
inline constexpr const char *Problem = "problem";
} // namespace timing

/// `model`: the energy model applied, null when none was.
namespace model {
inline constexpr const char *Name = "name";
inline constexpr const char *Kind = "kind";
inline constexpr const char *Version = "version";
inline constexpr const char *Path = "path";
inline constexpr const char *AppliedTo = "applied_to";
inline constexpr const char *FallbackFor = "fallback_for";
inline constexpr const char *Method = "method";
inline constexpr const char *WorkJoules = "work_joules";
} // namespace model

/// `model.work_joules` (version 4); `flop` is by precision, then by kind
/// (counts::Precisions, counts::FlopKinds).
namespace work_joules {
inline constexpr const char *Instruction = "instruction";
inline constexpr const char *Branch = "branch";
inline constexpr const char *ByteLoaded = "byte_loaded";
inline constexpr const char *ByteStored = "byte_stored";
inline constexpr const char *Flop = "flop";
} // namespace work_joules

/// Each `thread_breakdown[]` entry.
namespace thread_breakdown {
/// A merged report's: the process the thread ran in.
inline constexpr const char *Pid = "pid";
inline constexpr const char *Tid = "tid";
inline constexpr const char *Name = "name";
inline constexpr const char *Instrumented = "instrumented";
inline constexpr const char *CpuTime = "cpu_time_s";
inline constexpr const char *RegionTime = "region_time_s";
inline constexpr const char *Instructions = "instructions";
inline constexpr const char *Flops = "flops";
inline constexpr const char *Bytes = "bytes";
} // namespace thread_breakdown

/// Each `modules[]` entry.
namespace modules {
inline constexpr const char *Source = "source";
inline constexpr const char *Hash = "hash";
inline constexpr const char *Object = "object";
inline constexpr const char *BuildId = "build_id";
inline constexpr const char *Regions = "regions";
inline constexpr const char *RegionsNotRun = "regions_not_run";
inline constexpr const char *Timing = "timing";
inline constexpr const char *Timed = "timed";
inline constexpr const char *Unloaded = "unloaded";
} // namespace modules

/// Each `call_tree[]` node; its `time_s` is a region's, without the
/// sampled members.
namespace call_tree {
inline constexpr const char *Id = "id";
inline constexpr const char *Region = "region";
inline constexpr const char *Parent = "parent";
inline constexpr const char *Calls = "calls";
inline constexpr const char *Time = "time_s";
} // namespace call_tree

namespace diagnostics {
inline constexpr const char *UnwoundFrames = "unwound_frames";
inline constexpr const char *DepthOverflows = "depth_overflows";
inline constexpr const char *UnmatchedExits = "unmatched_exits";
inline constexpr const char *DroppedEntries = "dropped_entries";
inline constexpr const char *MaxDepth = "max_depth";
inline constexpr const char *UntrackedCallPaths = "untracked_call_paths";
inline constexpr const char *UnloweredUserMarkers = "unlowered_user_markers";
inline constexpr const char *UnknownSampleFrames = "unknown_sample_frames";
inline constexpr const char *InvalidTableEntries = "invalid_table_entries";
} // namespace diagnostics

/// Members of each `regions[]` entry.
namespace region {
inline constexpr const char *Id = "id";
inline constexpr const char *Name = "name";
inline constexpr const char *Demangled = "demangled";
inline constexpr const char *File = "file";
inline constexpr const char *Line = "line";
inline constexpr const char *Kind = "kind";
inline constexpr const char *BodyHash = "body_hash";
inline constexpr const char *Parent = "parent";
inline constexpr const char *Module = "module";
inline constexpr const char *Calls = "calls";
inline constexpr const char *Time = "time_s";
inline constexpr const char *Counts = "counts";
inline constexpr const char *Energy = "energy_j";
inline constexpr const char *Footprint = "footprint";
inline constexpr const char *Counters = "counters";
/// A job report's, written by energy-report merge.
inline constexpr const char *ByRank = "by_rank";
} // namespace region

/// Each `by_rank[]` entry of a job report's region.
namespace by_rank {
inline constexpr const char *Rank = "rank";
inline constexpr const char *Calls = "calls";
inline constexpr const char *Self = "self_s";
inline constexpr const char *Counts = "counts";
inline constexpr const char *Energy = "energy_j";
} // namespace by_rank

/// Members of `totals`: the run's counts and energy, as a region's.
namespace totals {
inline constexpr const char *Counts = "counts";
inline constexpr const char *Energy = "energy_j";
} // namespace totals

/// A region's `time_s`.
namespace time_s {
inline constexpr const char *Inclusive = "inclusive";
inline constexpr const char *Self = "self";
inline constexpr const char *Periods = "periods";
inline constexpr const char *Uncertainty = "uncertainty";
} // namespace time_s

/// A `counts` object: a region's, a line's, the totals'.
namespace counts {
inline constexpr const char *Blocks = "blocks";
inline constexpr const char *Instructions = "instructions";
inline constexpr const char *Branches = "branches";
inline constexpr const char *Calls = "calls";
inline constexpr const char *BytesLoaded = "bytes_loaded";
inline constexpr const char *BytesStored = "bytes_stored";
inline constexpr const char *Flops = "flops";
inline constexpr const char *FlopsByPrecision = "flops_by_precision";
inline constexpr const char *FlopsByKind = "flops_by_kind";
inline constexpr const char *FlopsByWidth = "flops_by_width";
inline constexpr const char *FlopsDetail = "flops_detail";
/// The members of the breakdowns, in the order of energy/abi.h's
/// energy_precision, energy_flop_kind and energy_width.
inline constexpr const char *Precisions[] = {"half", "float", "double"};
inline constexpr const char *FlopKinds[] = {"addsub", "mul",    "div",  "sqrt",
                                            "fma",    "minmax", "other"};
inline constexpr const char *Widths[] = {"scalar", "v128", "v256", "v512"};
} // namespace counts

/// An `energy_j` object: a region's, the totals'.
namespace energy_j {
inline constexpr const char *Modelled = "modelled";
inline constexpr const char *Measured = "measured";
inline constexpr const char *MeasuredIdle = "measured_idle";
/// The totals' only.
inline constexpr const char *IdlePowerW = "idle_power_w";
} // namespace energy_j

/// A region's `counters`.
namespace counters {
inline constexpr const char *Self = "self";
inline constexpr const char *Inclusive = "inclusive";
inline constexpr const char *Scaled = "scaled";
} // namespace counters

/// A region's `footprint`.
namespace footprint {
inline constexpr const char *Bytes = "bytes";
inline constexpr const char *LinesSampled = "lines_sampled";
inline constexpr const char *SampleOneIn = "sample_one_in";
inline constexpr const char *LineBytes = "line_bytes";
} // namespace footprint

/// `lines` (version 7): a table whose rows index its files and inlining
/// chains (docs/formats/report.md, Lines).
namespace lines {
inline constexpr const char *Rows = "rows";
inline constexpr const char *Files = "files";
inline constexpr const char *InlineChains = "inline_chains";
inline constexpr const char *Columns = "columns";
/// A row's elements, in order, as `columns` lists them; a row of a line that
/// did floating-point work has one more, its FLOP breakdowns.
inline constexpr const char *ColumnNames[] = {
    "region",   "file",  "line",         "inlined_at",   "blocks", "instructions",
    "branches", "calls", "bytes_loaded", "bytes_stored", "flops"};
/// The columns that are the line's `counts`: from `blocks` on.
inline constexpr unsigned FirstCountColumn = 4;
} // namespace lines

/// A line of `lines` before version 7, an object per line; energy-report
/// merge still merges lines in this form.
namespace line {
inline constexpr const char *Region = "region";
inline constexpr const char *File = "file";
inline constexpr const char *Line = "line";
inline constexpr const char *InlinedAt = "inlined_at";
inline constexpr const char *Counts = "counts";
/// Versions 2 and 3 only: the line's share of its region's modelled energy.
inline constexpr const char *Energy = "energy_j";
} // namespace line

/// Each call site of an `inlined_at` chain, innermost first.
namespace inlined_at {
inline constexpr const char *File = "file";
inline constexpr const char *Line = "line";
inline constexpr const char *Function = "function";
} // namespace inlined_at

/// `timeline`: power and counters over time, a format of its own
/// (format::Timeline, docs/formats/timeline.md) that energy-stat writes too.
namespace timeline {
inline constexpr const char *Period = "period_s";
inline constexpr const char *StartEpoch = "start_epoch_s";
inline constexpr const char *IntervalsSampled = "intervals_sampled";
inline constexpr const char *IntervalsPerRecord = "intervals_per_record";
inline constexpr const char *Events = "events";
inline constexpr const char *Meters = "meters";
inline constexpr const char *Threads = "threads";
inline constexpr const char *Intervals = "intervals";
} // namespace timeline

/// Each `timeline.meters[]` entry.
namespace meters {
inline constexpr const char *Name = "name";
inline constexpr const char *Domain = "domain";
} // namespace meters

/// Each `timeline.intervals[]` entry.
namespace intervals {
inline constexpr const char *Start = "t_start";
inline constexpr const char *End = "t_end";
inline constexpr const char *Energy = "energy_j";
inline constexpr const char *Process = "process";
inline constexpr const char *Threads = "threads";
} // namespace intervals

/// Each entry of `timeline.threads` (thread, tid) and of an interval's
/// `threads` (thread, region, counters, mixed).
namespace threads {
inline constexpr const char *Thread = "thread";
inline constexpr const char *Tid = "tid";
inline constexpr const char *Region = "region";
inline constexpr const char *Counters = "counters";
inline constexpr const char *Mixed = "mixed";
} // namespace threads

} // namespace energy::report_key

#endif
