//===- ReportBuilder.cpp - Assembling the report JSON ----------------------===//
#include "ReportBuilder.h"

#include "Clock.h"
#include "Footprint.h"
#include "JsonText.h"
#include "LineCounts.h"
#include "RegionCounts.h"
#include "RegionSampling.h"
#include "SampleTrigger.h"
#include "SignalEndings.h"

#include "support/Formats.h"
#include "support/ReportKeys.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace energy::rt {

using nlohmann::json;
namespace key = report_key;

namespace {

template <size_t N, size_t... I>
consteval std::array<JsonName, N> jsonNames(const char *const (&Names)[N],
                                            std::index_sequence<I...>) {
  return {JsonName(Names[I])...};
}

/// A list of the report's member names, each checked as a JsonName.
template <size_t N> consteval std::array<JsonName, N> jsonNames(const char *const (&Names)[N]) {
  return jsonNames(Names, std::make_index_sequence<N>());
}

constexpr auto PrecisionNames = jsonNames(key::counts::Precisions);
constexpr auto KindNames = jsonNames(key::counts::FlopKinds);
constexpr auto WidthNames = jsonNames(key::counts::Widths);
static_assert(PrecisionNames.size() == ENERGY_NUM_PRECISIONS &&
              KindNames.size() == ENERGY_NUM_FLOP_KINDS && WidthNames.size() == ENERGY_NUM_WIDTHS);

} // namespace

namespace {

const char *text(const char *S) { return S ? S : ""; }

bool validKind(uint32_t Kind) {
  return Kind == ENERGY_REGION_FUNCTION || Kind == ENERGY_REGION_LOOP ||
         Kind == ENERGY_REGION_USER || Kind == ENERGY_REGION_MPI;
}

/// A region's kind as its JSON string, quotes included: written whole.
std::string_view quotedKindName(uint32_t Kind) {
  switch (Kind) {
  case ENERGY_REGION_LOOP:
    return "\"loop\"";
  case ENERGY_REGION_USER:
    return "\"user\"";
  case ENERGY_REGION_MPI:
    return "\"mpi\"";
  default:
    return "\"function\"";
  }
}

bool validParent(const ModuleRecord &M, uint32_t R) {
  uint32_t Parent = M.Regions[R].parent;
  return Parent == ENERGY_NO_REGION || (Parent < M.NumRegions && Parent != R);
}

void writeFlopBreakdowns(JsonText &W, const model::Activity &A) {
  uint64_t ByKind[ENERGY_NUM_FLOP_KINDS] = {};
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      ByKind[K] += A.flops[P][K];
  W.key(key::counts::FlopsByPrecision);
  W.beginObject();
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P) {
    uint64_t Sum = 0;
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      Sum += A.flops[P][K];
    W.member(PrecisionNames[P], Sum);
  }
  W.endObject();
  W.key(key::counts::FlopsByKind);
  W.beginObject();
  for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
    W.member(KindNames[K], ByKind[K]);
  W.endObject();
  W.key(key::counts::FlopsByWidth);
  W.beginObject();
  for (int Wd = 0; Wd < ENERGY_NUM_WIDTHS; ++Wd)
    W.member(WidthNames[Wd], A.flopsByWidth[Wd]);
  W.endObject();
  W.key(key::counts::FlopsDetail);
  W.beginObject();
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P) {
    W.key(PrecisionNames[P]);
    W.beginObject();
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      W.member(KindNames[K], A.flops[P][K]);
    W.endObject();
  }
  W.endObject();
}

/// The breakdowns of a region that did no floating-point work, which most
/// regions of most programs are: half of a region's members, written once.
const std::string &noFlopBreakdowns() {
  static const std::string Text = [] {
    JsonText W;
    W.beginObject();
    writeFlopBreakdowns(W, model::Activity{});
    W.endObject();
    std::string Object = W.takeText();
    return Object.substr(1, Object.size() - 2); // the members, without the braces
  }();
  return Text;
}

/// Whether A, of Flops FLOPs in all, did floating-point work, which its
/// breakdowns then split.
bool didFlops(const model::Activity &A, uint64_t Flops) {
  return Flops ||
         std::any_of(A.flopsByWidth.begin(), A.flopsByWidth.end(), [](uint64_t N) { return N; });
}

/// A region's or the totals' `counts`: the breakdowns of one without FLOPs
/// are the block that every such region shares.
void writeCounts(JsonText &W, const model::Activity &A) {
  W.beginObject();
  W.member(key::counts::Blocks, A.blocks);
  W.member(key::counts::Instructions, A.instructions);
  W.member(key::counts::Branches, A.branches);
  W.member(key::counts::Calls, A.calls);
  W.member(key::counts::BytesLoaded, A.bytesLoaded);
  W.member(key::counts::BytesStored, A.bytesStored);
  uint64_t Flops = A.totalFlops();
  W.member(key::counts::Flops, Flops);
  if (didFlops(A, Flops))
    writeFlopBreakdowns(W, A);
  else
    W.members(noFlopBreakdowns());
  W.endObject();
}

/// A string that runs of regions or lines share (their file, their
/// module), escaped once per run rather than once per use: the last one
/// written. Compared by content too: each function's table names its file
/// in a string of its own.
class SharedText {
public:
  void write(JsonText &W, const char *S) {
    if (!HasText || !sameText(S, Last)) {
      HasText = true;
      Last = S;
      JsonText Escaped;
      Escaped.value(S);
      Text = Escaped.takeText();
    }
    W.writtenValue(Text);
  }

private:
  static bool sameText(const char *A, const char *B) {
    return A == B || (A && B && std::strcmp(A, B) == 0);
  }
  bool HasText = false;
  const char *Last = nullptr;
  std::string Text;
};

/// Measured joules per region report id; absent ids measured nothing.
using MeasuredEnergy = meters::EnergyAttribution;

/// A region's measured energy and the idle part of it: null without a meter,
/// 0 when it was never on top of a sampled thread's stack at an interval's end.
struct MeasuredFigures {
  std::optional<double> Joules;
  std::optional<double> IdleJoules;
};

/// `Metered`: whether the run measured energy, asked once per report (a
/// walk over the meters' sources).
MeasuredFigures measuredEnergy(bool Metered, const MeasuredEnergy &Measured, uint32_t Id) {
  if (!Metered)
    return {};
  auto Share = Measured.shares.find(Id);
  if (Share == Measured.shares.end())
    return {0.0, 0.0};
  return {Share->second.joules, Share->second.idleJoules};
}

MeasuredFigures totalMeasuredEnergy(bool Metered, const MeasuredEnergy &Measured) {
  if (!Metered)
    return {};
  double Joules = 0, Idle = 0;
  for (const auto &[Id, Share] : Measured.shares) {
    Joules += Share.joules;
    Idle += Share.idleJoules;
  }
  return {Joules, Idle};
}

void writeMeasured(JsonText &W, const MeasuredFigures &Measured) {
  W.member(key::energy_j::Measured, Measured.Joules);
  W.member(key::energy_j::MeasuredIdle, Measured.IdleJoules);
}

/// Seconds per unit of the region times the runtime kept.
double timeUnit(const RunSummary &Run) {
  return Run.Sampled ? Run.SampleSeconds : Run.SecondsPerTick;
}

/// A region's times. The text of a region without a tick (most regions of
/// a large program: Lua's `return 0` writes 379 of them) is the same in the
/// whole report, so it is written once and copied: member by member it cost
/// a thousand instructions a region.
class RegionTimes {
public:
  explicit RegionTimes(const RunSummary &Run) : Sampled(Run.Sampled), Unit(timeUnit(Run)) {
    JsonText Period;
    Period.value(Unit);
    OnePeriod = Period.takeText();
    JsonText Times;
    write(Times, RegionTotals{});
    Untimed = Times.takeText();
  }

  void writeFor(JsonText &W, const RegionTotals &T) const {
    if (untimed(T))
      W.writtenValue(Untimed);
    else
      write(W, T);
  }

private:
  static bool untimed(const RegionTotals &T) {
    return !T.InclusiveTicks && !T.SelfTicks && T.InclusiveSquares <= 1 && T.SelfSquares <= 1;
  }

  void write(JsonText &W, const RegionTotals &T) const {
    W.beginObject();
    W.member(key::time_s::Inclusive, double(T.InclusiveTicks) * Unit);
    W.member(key::time_s::Self, double(T.SelfTicks) * Unit);
    if (Sampled) {
      // One standard deviation of a sum of independent samples, each of one
      // or more periods (a timer that fired late counts its overruns): a
      // compound Poisson count, whose variance is the sum of the squared
      // weights.
      W.key(key::time_s::Periods);
      W.beginObject();
      W.member(key::time_s::Inclusive, T.InclusiveTicks);
      W.member(key::time_s::Self, T.SelfTicks);
      W.endObject();
      W.key(key::time_s::Uncertainty);
      W.beginObject();
      W.key(key::time_s::Inclusive);
      writeDeviation(W, T.InclusiveSquares);
      W.key(key::time_s::Self);
      writeDeviation(W, T.SelfSquares);
      W.endObject();
    }
    W.endObject();
  }

  /// One standard deviation of a count whose squared weights sum to
  /// Squares: a region that ran without being sampled ran for less than
  /// about a period, not for nothing, so it is one period, not zero.
  void writeDeviation(JsonText &W, uint64_t Squares) const {
    if (Squares <= 1)
      W.writtenValue(OnePeriod);
    else
      W.value(std::sqrt(double(Squares)) * Unit);
  }

  bool Sampled;
  double Unit;
  std::string OnePeriod;
  std::string Untimed;
};

/// Whether region R was entered, timed or counted anything.
bool ran(const ModuleRecord &M, uint32_t R, const RegionCountsResult &Counts) {
  const model::Activity &A = Counts.Regions[R];
  const RegionTotals &T = M.Totals[R];
  return Counts.Entries[R] > 0 || T.Calls || T.InclusiveTicks || T.SelfTicks || A.blocks ||
         A.instructions || A.bytesLoaded || A.bytesStored || M.regionCounters(R);
}

/// Report ids of the regions written, by runtime id (NotWritten for the
/// others): a function region is written with its loops and user regions
/// when any of them ran; the regions of functions that never ran are left
/// out, so that a large program's report costs what it ran. Dense, in
/// module order.
std::vector<uint32_t> writtenIds(const RunSummary &Run,
                                 const std::vector<RegionCountsResult> &Counts) {
  std::vector<uint32_t> Ids;
  uint32_t Next = 0;
  for (size_t I = 0; I < Run.Modules.size(); ++I) {
    const ModuleRecord &M = *Run.Modules[I];
    std::vector<bool> FunctionRan(M.NumRegions, !M.Regions);
    for (uint32_t R = 0; M.Regions && R < M.NumRegions; ++R)
      if (ran(M, R, Counts[I]))
        FunctionRan[M.functionOf(R)] = true;
    Ids.resize(size_t(M.RegionBase) + M.NumRegions, NotWritten);
    for (uint32_t R = 0; R < M.NumRegions; ++R)
      if (FunctionRan[M.Regions ? M.functionOf(R) : R])
        Ids[M.RegionBase + R] = Next++;
  }
  return Ids;
}

/// One side (self or inclusive) of a region's counters: null for an event
/// no thread ever counted; whole numbers unless multiplexing scaled them.
json counterSide(const double *Values, const RegionCounting &Counting) {
  json Side = json::object();
  for (unsigned E = 0; E < Counting.size(); ++E) {
    if (!Counting.counted(E))
      Side[Counting.eventName(E)] = nullptr;
    else if (Counting.scaled())
      Side[Counting.eventName(E)] = Values[E];
    else
      Side[Counting.eventName(E)] = uint64_t(Values[E] < 0 ? 0 : std::llround(Values[E]));
  }
  return Side;
}

json regionCountersJson(const double *Values, const RegionCounting &Counting) {
  return {{key::counters::Self, counterSide(Values, Counting)},
          {key::counters::Inclusive, counterSide(Values + Counting.size(), Counting)},
          {key::counters::Scaled, Counting.scaled()}};
}

/// A 64-bit hash as 16 hex digits in quotes, a JSON string that needs no
/// escape: JSON numbers lose integers past 2^53. Written by hand into the
/// caller's buffer: snprintf and a string beyond the small-string buffer
/// cost a thousand instructions a region.
struct HashText {
  explicit HashText(uint64_t Hash) {
    for (int I = 16; I >= 1; --I, Hash >>= 4)
      Quoted[I] = "0123456789abcdef"[Hash & 15];
  }
  std::string_view quoted() const { return {Quoted, sizeof Quoted}; }
  std::string_view text() const { return {Quoted + 1, sizeof Quoted - 2}; }
  char Quoted[18] = {'"', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '"'};
};

void writeRegion(JsonText &W, const ModuleRecord &M, uint32_t R, const model::Activity &A,
                 int64_t Entries, std::optional<double> Modelled, const MeasuredFigures &Measured,
                 const std::vector<uint32_t> &Ids, const RegionCounting &Counting, SharedText &File,
                 SharedText &Module, const RegionTimes &Times) {
  const RegionTotals &T = M.Totals[R];
  W.beginObject();
  W.member(key::region::Id, Ids[M.RegionBase + R]);
  if (M.Regions) {
    const energy_region &Info = M.Regions[R];
    W.memberToRepeat(key::region::Name, text(Info.name));
    W.key(key::region::Demangled);
    if (Info.demangled && std::strcmp(Info.demangled, text(Info.name)) != 0)
      W.value(Info.demangled);
    else
      W.repeatValue();
    W.key(key::region::File);
    File.write(W, Info.file ? Info.file : M.Source);
    W.member(key::region::Line, Info.line);
    W.key(key::region::Kind);
    W.writtenValue(quotedKindName(Info.kind));
    if (M.RegionBodyHashes && M.RegionBodyHashes[R]) {
      W.key(key::region::BodyHash);
      W.writtenValue(HashText(M.RegionBodyHashes[R]).quoted());
    }
    W.key(key::region::Parent);
    if (Info.parent < M.NumRegions && Info.parent != R)
      W.value(Ids[M.RegionBase + Info.parent]);
    else
      W.null();
  } else {
    std::string Lost = "<region " + std::to_string(R) + " of an unloaded module>";
    W.member(key::region::Name, Lost);
    W.member(key::region::Demangled, Lost);
    W.member(key::region::File, M.Source);
    W.member(key::region::Line, uint32_t(0));
    W.member(key::region::Kind, "function");
    W.key(key::region::Parent);
    W.null();
  }
  W.key(key::region::Module);
  Module.write(W, M.Source);
  // Calls are exact when a block counts the region's entries, timed or not.
  W.member(key::region::Calls, Entries >= 0 ? uint64_t(Entries) : T.Calls);
  W.key(key::region::Time);
  Times.writeFor(W, T);
  W.key(key::region::Counts);
  writeCounts(W, A);
  W.key(key::region::Energy);
  W.beginObject();
  W.member(key::energy_j::Modelled, Modelled);
  writeMeasured(W, Measured);
  W.endObject();
  if (json Footprint = footprintJson(M.RegionBase + R); !Footprint.is_null())
    W.member(key::region::Footprint, Footprint);
  if (const double *C = M.regionCounters(R))
    W.member(key::region::Counters, regionCountersJson(C, Counting));
  W.endObject();
}

void writeSource(JsonText &W, const meters::Source &S) {
  W.beginObject();
  W.member(key::sources::Name, S.name);
  W.member(key::sources::Kind, S.kind);
  W.member(key::sources::Present, S.present);
  W.member(key::sources::Used, S.used);
  W.member(key::sources::Detail, S.detail);
  W.endObject();
}

void writeSources(JsonText &W, const ModelApplication &Application, const RunSummary &Run) {
  std::string Detail = describeClock(Run.SecondsPerTick);
  if (Run.Sampled)
    Detail += "; region times come from samples (see `timing`)";
  W.beginArray();
  writeSource(W, {"clock", "time", true, true, std::move(Detail)});
  writeSource(W, Application.source());
  for (const meters::Source &Meter : Run.Measure.sources())
    writeSource(W, Meter);
  W.endArray();
}

void writeDiagnostics(JsonText &W, const Diagnostics &D, uint64_t InvalidEntries) {
  W.beginObject();
  W.member(key::diagnostics::UnwoundFrames, D.UnwoundFrames);
  W.member(key::diagnostics::DepthOverflows, D.DepthOverflows);
  W.member(key::diagnostics::UnmatchedExits, D.UnmatchedExits);
  W.member(key::diagnostics::DroppedEntries, D.DroppedEnters);
  W.member(key::diagnostics::MaxDepth, D.MaxDepth);
  W.member(key::diagnostics::UntrackedCallPaths, D.UntrackedCallPaths);
  W.member(key::diagnostics::UnloweredUserMarkers, D.UnloweredUserMarkers);
  W.member(key::diagnostics::UnknownSampleFrames, D.UnknownSampleFrames);
  W.member(key::diagnostics::InvalidTableEntries, InvalidEntries);
  W.endObject();
}

/// How the report's region times were measured (docs/formats/report.md).
const char *timingName(energy_timing Timing) {
  return Timing == ENERGY_TIMING_SAMPLED ? "sampled" : "exact";
}

void writeTiming(JsonText &W, const RunSummary &Run) {
  W.beginObject();
  if (!Run.Sampled) {
    W.member(key::timing::Mode, "exact");
    W.member(key::timing::Clock, "wall-clock time between region entry and exit, per thread");
    W.endObject();
    return;
  }
  const Diagnostics &D = Run.Diag;
  W.member(key::timing::Mode, "sampled");
  W.member(key::timing::Clock, "CPU time of each thread (CLOCK_THREAD_CPUTIME_ID)");
  W.member(key::timing::Trigger, triggerKindsUsed());
  W.member(key::timing::Signal, signalName(sampleSignal()));
  W.member(key::timing::RateHz, Run.SampleSeconds > 0 ? std::round(1.0 / Run.SampleSeconds) : 0.0);
  W.member(key::timing::Period, Run.SampleSeconds);
  W.member(key::timing::Periods, D.Samples);
  W.member(key::timing::OutsidePeriods, D.OutsideSamples);
  W.member(key::timing::DeepPeriods, D.DeepSamples);
  W.member(key::timing::SampledCpuTime, double(D.Samples) * Run.SampleSeconds);
  W.member(key::timing::TimedCpuTime, double(D.SampledCpuNs) * 1e-9);
  W.member(key::timing::ProcessCpuTime, Run.CpuSeconds);
  W.key(key::timing::Problem);
  if (Run.SamplingProblem)
    W.value(Run.SamplingProblem);
  else
    W.null();
  W.endObject();
}

/// What the report says of one module (`modules[]`).
struct ModuleSummary {
  const ModuleRecord *Module;
  uint64_t NotRun;
  bool Unloaded;
};

/// Whether the program closed module I's object: its record was retired and
/// the object is gone from the loader's list or was opened again (a later
/// record of the same object). Records retired by the exit's finalisation of
/// every object, which can come before the report, are not unloaded.
bool closedByProgram(const std::vector<ModuleRecord *> &Modules, size_t I) {
  const ModuleRecord &M = *Modules[I];
  if (!M.unloaded())
    return false;
  if (!stillLoaded(M.Object))
    return true;
  return std::any_of(Modules.begin() + I + 1, Modules.end(), [&](const ModuleRecord *Later) {
    return Later->Object.Base == M.Object.Base && Later->Object.Path == M.Object.Path;
  });
}

void writeModules(JsonText &W, const std::vector<ModuleSummary> &Modules) {
  W.beginArray();
  for (const auto &[M, NotRun, Unloaded] : Modules) {
    W.beginObject();
    W.member(key::modules::Source, M->Source);
    W.member(key::modules::Hash, HashText(M->Hash).text());
    if (M->Object.Known)
      W.member(key::modules::Object, M->Object.Path);
    if (!M->Object.BuildId.empty())
      W.member(key::modules::BuildId, M->Object.BuildId);
    W.member(key::modules::Regions, M->NumRegions);
    W.member(key::modules::RegionsNotRun, NotRun);
    W.member(key::modules::Timing, timingName(M->Timing));
    W.member(key::modules::Timed, M->Timed);
    W.member(key::modules::Unloaded, Unloaded);
    W.endObject();
  }
  W.endArray();
}

/// `thread_breakdown`: one entry per thread kept (ThreadSummary.h). The
/// only thread of a process did what the run did.
void writeThreadBreakdown(JsonText &W, const RunSummary &Run, const model::Activity &Total) {
  W.beginArray();
  for (const ThreadSummary &T : Run.ThreadRecords.kept()) {
    const model::Activity &Counts = T.CountsKnown ? T.Counts : Total;
    W.beginObject();
    W.member(key::thread_breakdown::Tid, int64_t(T.Tid));
    W.member(key::thread_breakdown::Name, T.Name);
    W.member(key::thread_breakdown::Instrumented, T.ranInstrumentedCode());
    W.key(key::thread_breakdown::CpuTime);
    if (T.CpuNs)
      W.value(double(T.CpuNs) * 1e-9);
    else
      W.null();
    W.member(key::thread_breakdown::RegionTime, double(T.RegionTicks) * timeUnit(Run));
    W.member(key::thread_breakdown::Instructions, Counts.instructions);
    W.member(key::thread_breakdown::Flops, Counts.totalFlops());
    W.member(key::thread_breakdown::Bytes, Counts.bytesLoaded + Counts.bytesStored);
    W.endObject();
  }
  W.endArray();
}

void writeStrings(JsonText &W, const std::vector<std::string> &Strings) {
  W.beginArray();
  for (const std::string &S : Strings)
    W.value(S);
  W.endArray();
}

void writeProgram(JsonText &W, const RunSummary &Run) {
  W.beginObject();
  W.member(key::program::Path, Run.Process.ExePath);
  W.key(key::program::Argv);
  writeStrings(W, Run.Process.Argv);
  W.member(key::program::Pid, int64_t(Run.Process.Pid));
  W.member(key::program::StartTime, isoUtc(Run.StartRealNs));
  W.member(key::program::WallTime, Run.WallSeconds);
  if (Run.Process.ArgumentsOmitted)
    W.member(key::program::ArgumentsOmitted, uint64_t(Run.Process.ArgumentsOmitted));
  if (!Run.Process.IgnoredSettings.empty()) {
    W.key(key::program::IgnoredSettings);
    writeStrings(W, Run.Process.IgnoredSettings);
  }
  W.endObject();
}

void writeJob(JsonText &W, const JobInfo &Job) {
  W.beginObject();
  W.member(key::job::Launcher, Job.Launcher);
  W.key(key::job::Id);
  Job.Id.empty() ? W.null() : W.value(Job.Id);
  W.member(key::job::Rank, int64_t(Job.Rank));
  W.member(key::job::Size, int64_t(Job.Size));
  W.key(key::job::LocalRank);
  Job.LocalRank < 0 ? W.null() : W.value(int64_t(Job.LocalRank));
  W.member(key::job::Node, Job.Node);
  W.endObject();
}

void writeMachine(JsonText &W) {
  W.beginObject();
  W.member(key::machine::Hostname, hostName());
  W.member(key::machine::CpuModel, cpuModel());
  W.member(key::machine::LogicalCpus, uint64_t(logicalCpus()));
  W.endObject();
}

/// `inlined_at`: the call sites the line's code was inlined at, innermost
/// first.
void writeInlineChain(JsonText &W, const ModuleRecord &M, uint32_t Site) {
  W.beginArray();
  for (; Site < M.NumInlineSites; Site = M.InlineSites[Site].caller) {
    const energy_inline_site &S = M.InlineSites[Site];
    W.beginObject();
    W.member(key::inlined_at::File, text(M.LineFiles[S.file]));
    W.member(key::inlined_at::Line, S.line);
    W.member(key::inlined_at::Function, text(S.function));
    W.endObject();
  }
  W.endArray();
}

/// `lines` (version 7): a row per executed (region, source line, inline
/// site) with its exact counts, and the files and inlining chains the rows
/// name written once, in tables the rows index. Written as an object per
/// line, each naming its file and counts, lines were two thirds of a short
/// run's report (Lua's `return 0`: 655 of 1,004 kB) and most of its cost at
/// exit. Their energies are the readers' to compute, from
/// `model.work_joules`: the model at every line cost SQLite's exit a quarter
/// of its report.
class LineTable {
public:
  void write(JsonText &W, const RunSummary &Run, const std::vector<RegionCountsResult> &Counts,
             const std::vector<uint32_t> &Ids) {
    W.beginObject();
    W.key(key::lines::Rows);
    W.beginArray();
    for (size_t I = 0; I < Run.Modules.size(); ++I)
      writeRows(W, *Run.Modules[I], Counts[I], Ids);
    W.endArray();
    W.key(key::lines::Files);
    W.beginArray();
    for (std::string_view File : Files)
      W.value(File);
    W.endArray();
    W.key(key::lines::InlineChains);
    W.beginArray();
    for (const std::string &Chain : Chains)
      W.writtenValue(Chain);
    W.endArray();
    W.key(key::lines::Columns);
    W.beginArray();
    for (const char *Column : key::lines::ColumnNames)
      W.value(Column);
    W.endArray();
    W.endObject();
  }

private:
  static constexpr uint32_t None = UINT32_MAX;

  void writeRows(JsonText &W, const ModuleRecord &M, const RegionCountsResult &Counts,
                 const std::vector<uint32_t> &Ids) {
    ModuleFiles.assign(M.NumLineFiles, None);
    ModuleChains.assign(M.NumInlineSites, None);
    for (const LineCount &L : lineCounts(M, Counts.Blocks)) {
      uint32_t Id = Ids[M.RegionBase + L.Region];
      if (Id == NotWritten)
        continue;
      W.beginArray();
      W.value(Id);
      W.value(fileIndex(M, L.File));
      W.value(L.Line);
      if (L.InlinedAt == ENERGY_NO_SITE)
        W.null();
      else
        W.value(chainIndex(M, L.InlinedAt));
      writeCountsRow(W, L.Counts);
      W.endArray();
    }
  }

  static void writeCountsRow(JsonText &W, const model::Activity &A) {
    W.value(A.blocks);
    W.value(A.instructions);
    W.value(A.branches);
    W.value(A.calls);
    W.value(A.bytesLoaded);
    W.value(A.bytesStored);
    uint64_t Flops = A.totalFlops();
    W.value(Flops);
    if (!didFlops(A, Flops))
      return;
    W.beginObject();
    writeFlopBreakdowns(W, A);
    W.endObject();
  }

  /// Files are named once however many modules' tables name them (a
  /// header's inline functions are in every module that includes it).
  uint32_t fileIndex(const ModuleRecord &M, uint32_t File) {
    uint32_t &Index = ModuleFiles[File];
    if (Index == None) {
      auto [It, Added] = FileIndex.try_emplace(text(M.LineFiles[File]), uint32_t(Files.size()));
      if (Added)
        Files.push_back(It->first);
      Index = It->second;
    }
    return Index;
  }

  uint32_t chainIndex(const ModuleRecord &M, uint32_t Site) {
    uint32_t &Index = ModuleChains[Site];
    if (Index == None) {
      Index = uint32_t(Chains.size());
      JsonText Chain;
      writeInlineChain(Chain, M, Site);
      Chains.push_back(Chain.takeText());
    }
    return Index;
  }

  std::vector<std::string_view> Files;
  std::unordered_map<std::string_view, uint32_t> FileIndex;
  std::vector<std::string> Chains;
  /// The module being written's files and inline sites, by their index in
  /// its tables: their index in Files and Chains, or None.
  std::vector<uint32_t> ModuleFiles;
  std::vector<uint32_t> ModuleChains;
};

/// The applied model, and the analytic model's joules per operation, by
/// which readers split a region's modelled energy among its lines. Those
/// thirty numbers are written here rather than through nlohmann, which
/// took a sixth of an empty program's report to print them.
void writeModel(JsonText &W, const ModelApplication &Application) {
  json Model = Application.modelJson();
  const model::OperationEnergies *J = Application.workJoules();
  if (!J || !Model.is_object() || Model.empty())
    return W.value(Model);
  std::string Text = Model.dump(-1, ' ', false, json::error_handler_t::replace);
  W.beginObject();
  W.members(std::string_view(Text).substr(1, Text.size() - 2)); // without its braces
  W.key(key::model::WorkJoules);
  W.beginObject();
  W.member(key::work_joules::Instruction, J->Instruction);
  W.member(key::work_joules::Branch, J->Branch);
  W.member(key::work_joules::ByteLoaded, J->ByteLoaded);
  W.member(key::work_joules::ByteStored, J->ByteStored);
  W.key(key::work_joules::Flop);
  W.beginObject();
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P) {
    W.key(PrecisionNames[P]);
    W.beginObject();
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      W.member(KindNames[K], J->Flop[P][K]);
    W.endObject();
  }
  W.endObject();
  W.endObject();
  W.endObject();
}

bool anyLineTable(const RunSummary &Run) {
  return std::any_of(Run.Modules.begin(), Run.Modules.end(),
                     [](const ModuleRecord *M) { return M->NumLines != 0; });
}

/// The timeline's regions are runtime ids, like the call tree's.
void renumberTimeline(json &Timeline, const std::vector<uint32_t> &Ids) {
  if (!Timeline.is_object() || !Timeline.contains(key::timeline::Intervals))
    return;
  for (json &Interval : Timeline[key::timeline::Intervals])
    for (json &Thread : Interval[key::intervals::Threads])
      if (json &Region = Thread[key::threads::Region];
          Region.is_number_unsigned() && Region.get<uint64_t>() < Ids.size())
        Region = Ids[Region.get<uint64_t>()] == NotWritten ? json(nullptr)
                                                           : json(Ids[Region.get<uint64_t>()]);
}

} // namespace

JsonText reportText(const RunSummary &Run, const ModelChoice &Choice) {
  std::vector<ModuleSummary> Modules;
  model::Activity Total;
  uint64_t InvalidEntries = 0;
  uint64_t NotRun = 0;
  MeasuredEnergy Measured = Run.Measure.regionEnergy();
  bool Metered = Run.Measure.measuresEnergy();
  ModelApplication Application(Choice, Run.Measure.regionCounting());
  std::vector<RegionCountsResult> Counts;
  for (ModuleRecord *M : Run.Modules) {
    M->identifyObject();
    Counts.push_back(regionCounts(*M));
  }
  std::vector<uint32_t> Ids = writtenIds(Run, Counts);
  // The whole report is written straight into one text, regions first (key
  // order means nothing to a JSON reader), sized for what a region takes
  // without counters: a report of megabytes is not copied as it grows.
  size_t Written =
      std::count_if(Ids.begin(), Ids.end(), [](uint32_t Id) { return Id != NotWritten; });
  size_t LineEntries = 0;
  for (const ModuleRecord *M : Run.Modules)
    LineEntries += M->NumLines;
  JsonText W(Written * 1200 + LineEntries * 64 + 4096);
  W.beginObject();
  W.key(key::document::Regions);
  W.beginArray();
  SharedText File, Module;
  RegionTimes Times(Run);
  for (size_t I = 0; I < Run.Modules.size(); ++I) {
    const ModuleRecord *M = Run.Modules[I];
    InvalidEntries += Counts[I].InvalidEntries;
    for (uint32_t R = 0; M->Regions && R < M->NumRegions; ++R)
      InvalidEntries += !validKind(M->Regions[R].kind) + !validParent(*M, R);
    uint64_t ModuleNotRun = 0;
    for (uint32_t R = 0; R < M->NumRegions; ++R) {
      model::Activity &A = Counts[I].Regions[R];
      A.seconds = double(M->Totals[R].SelfTicks) * timeUnit(Run);
      Total += A;
      if (Ids[M->RegionBase + R] == NotWritten) {
        ++ModuleNotRun;
        continue;
      }
      writeRegion(W, *M, R, A, Counts[I].Entries[R],
                  Application.regionJoules(A, M->regionCounters(R)),
                  measuredEnergy(Metered, Measured, M->RegionBase + R), Ids,
                  Run.Measure.regionCounting(), File, Module, Times);
    }
    NotRun += ModuleNotRun;
    Modules.push_back({M, ModuleNotRun, closedByProgram(Run.Modules, I)});
  }
  W.endArray();
  if (anyLineTable(Run)) {
    W.key(key::document::Lines);
    LineTable().write(W, Run, Counts, Ids);
  }
  json Timeline = Run.Measure.timelineJson();
  renumberTimeline(Timeline, Ids);
  json RunModelled = Application.runJoules(Total, Timeline);
  W.key(key::document::Totals);
  W.beginObject();
  W.key(key::totals::Counts);
  writeCounts(W, Total);
  W.key(key::totals::Energy);
  W.beginObject();
  W.member(key::energy_j::Modelled, RunModelled);
  writeMeasured(W, totalMeasuredEnergy(Metered, Measured));
  if (Metered)
    W.member(key::energy_j::IdlePowerW, Measured.idlePowerW);
  W.endObject();
  W.endObject();
  W.member(key::document::Format, format::Report.Name);
  W.member(key::document::Version, uint64_t(format::Report.Version));
  if (Run.CheckpointPeriodSeconds > 0) {
    W.key(key::document::Checkpoint);
    W.beginObject();
    W.member(key::checkpoint::PeriodS, Run.CheckpointPeriodSeconds);
    W.endObject();
  }
  if (!Run.SnapshotRequestedBy.empty()) {
    W.key(key::document::Snapshot);
    W.beginObject();
    W.member(key::snapshot::RequestedBy, Run.SnapshotRequestedBy);
    W.endObject();
  }
  if (!Run.EndedBySignal.empty())
    W.member(key::document::EndedBySignal, Run.EndedBySignal);
  if (Run.Recovered) {
    W.key(key::document::Recovered);
    W.beginObject();
    W.member(key::recovered::From, Run.Recovered->From);
    W.member(key::recovered::ThreadsRunning, Run.Recovered->ThreadsRunning);
    W.member(key::recovered::ThreadsEnded, Run.Recovered->ThreadsEnded);
    W.member(key::recovered::ModulesNotContinuous, Run.Recovered->ModulesNotContinuous);
    W.endObject();
  }
  W.key(key::document::Program);
  writeProgram(W, Run);
  if (Run.Process.Job.inJob()) {
    W.key(key::document::Job);
    writeJob(W, Run.Process.Job);
  }
  W.key(key::document::Machine);
  writeMachine(W);
  W.key(key::document::Sources);
  writeSources(W, Application, Run);
  W.key(key::document::Timing);
  writeTiming(W, Run);
  W.key(key::document::Model);
  writeModel(W, Application);
  W.member(key::document::Threads, Run.Threads);
  W.member(key::document::ThreadsInstrumented, Run.ThreadRecords.instrumented());
  W.key(key::document::ThreadBreakdown);
  writeThreadBreakdown(W, Run, Total);
  W.member(key::document::ThreadsNotBrokenDown, Run.ThreadRecords.notKept());
  W.key(key::document::Modules);
  writeModules(W, Modules);
  W.member(key::document::RegionsNotRun, NotRun);
  W.key(key::document::CallTree);
  Run.Tree.write(W, timeUnit(Run), Run.Sampled, Ids);
  W.key(key::document::Diagnostics);
  writeDiagnostics(W, Run.Diag, InvalidEntries);
  if (!Timeline.is_null())
    W.member(key::document::Timeline, Timeline);
  W.endObject();
  return W;
}

} // namespace energy::rt
