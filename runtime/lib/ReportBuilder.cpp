//===- ReportBuilder.cpp - Assembling the report JSON ----------------------===//
#include "ReportBuilder.h"

#include "Clock.h"
#include "Footprint.h"
#include "RegionCounts.h"

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace energy::rt {

using nlohmann::json;

namespace {

const char *const PrecisionNames[ENERGY_NUM_PRECISIONS] = {"half", "float", "double"};
const char *const KindNames[ENERGY_NUM_FLOP_KINDS] = {
    "addsub", "mul", "div", "sqrt", "fma", "minmax", "other"};
const char *const WidthNames[ENERGY_NUM_WIDTHS] = {"scalar", "v128", "v256", "v512"};

} // namespace

namespace {

const char *text(const char *S) { return S ? S : ""; }

bool validKind(uint32_t Kind) {
  return Kind == ENERGY_REGION_FUNCTION || Kind == ENERGY_REGION_LOOP ||
         Kind == ENERGY_REGION_USER;
}

const char *regionKindName(uint32_t Kind) {
  switch (Kind) {
  case ENERGY_REGION_LOOP:
    return "loop";
  case ENERGY_REGION_USER:
    return "user";
  default:
    return "function";
  }
}

bool validParent(const ModuleRecord &M, uint32_t R) {
  uint32_t Parent = M.Regions[R].parent;
  return Parent == ENERGY_NO_REGION || (Parent < M.NumRegions && Parent != R);
}

void accumulate(model::Activity &Sum, const model::Activity &A) {
  Sum.seconds += A.seconds;
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      Sum.flops[P][K] += A.flops[P][K];
  for (int W = 0; W < ENERGY_NUM_WIDTHS; ++W)
    Sum.flopsByWidth[W] += A.flopsByWidth[W];
  Sum.bytesLoaded += A.bytesLoaded;
  Sum.bytesStored += A.bytesStored;
  Sum.instructions += A.instructions;
  Sum.branches += A.branches;
  Sum.calls += A.calls;
  Sum.blocks += A.blocks;
}

json countsJson(const model::Activity &A) {
  json ByPrecision = json::object(), ByKind = json::object(),
       ByWidth = json::object(), Detail = json::object();
  for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
    ByKind[KindNames[K]] = uint64_t(0);
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P) {
    uint64_t PrecisionSum = 0;
    json Row = json::object();
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K) {
      Row[KindNames[K]] = A.flops[P][K];
      PrecisionSum += A.flops[P][K];
      ByKind[KindNames[K]] = ByKind[KindNames[K]].get<uint64_t>() + A.flops[P][K];
    }
    ByPrecision[PrecisionNames[P]] = PrecisionSum;
    Detail[PrecisionNames[P]] = std::move(Row);
  }
  for (int W = 0; W < ENERGY_NUM_WIDTHS; ++W)
    ByWidth[WidthNames[W]] = A.flopsByWidth[W];
  return {{"blocks", A.blocks},
          {"instructions", A.instructions},
          {"branches", A.branches},
          {"calls", A.calls},
          {"bytes_loaded", A.bytesLoaded},
          {"bytes_stored", A.bytesStored},
          {"flops", A.totalFlops()},
          {"flops_by_precision", std::move(ByPrecision)},
          {"flops_by_kind", std::move(ByKind)},
          {"flops_by_width", std::move(ByWidth)},
          {"flops_detail", std::move(Detail)}};
}

/// Measured joules per region report id; absent ids measured nothing.
using MeasuredEnergy = std::map<uint32_t, meters::RegionShare>;

/// A region's measured energy: null without a meter, 0 when it was never on
/// top of a sampled thread's stack at an interval's end.
json measuredEnergy(const RunSummary &Run, const MeasuredEnergy &Measured,
                    uint32_t Id) {
  if (!Run.Measure.measuresEnergy())
    return nullptr;
  auto Share = Measured.find(Id);
  return Share == Measured.end() ? 0.0 : Share->second.joules;
}

json totalMeasuredEnergy(const RunSummary &Run, const MeasuredEnergy &Measured) {
  if (!Run.Measure.measuresEnergy())
    return nullptr;
  double Joules = 0;
  for (const auto &[Id, Share] : Measured)
    Joules += Share.joules;
  return Joules;
}

json regionJson(const ModuleRecord &M, uint32_t R, const model::Activity &A,
                json Modelled, double SecondsPerTick, json Measured) {
  const RegionTotals &T = M.Totals[R];
  json Region = {{"id", M.RegionBase + R}};
  if (M.Regions) {
    const energy_region &Info = M.Regions[R];
    Region["name"] = text(Info.name);
    Region["demangled"] = Info.demangled ? Info.demangled : text(Info.name);
    Region["file"] = Info.file ? Info.file : M.Source;
    Region["line"] = Info.line;
    Region["kind"] = regionKindName(Info.kind);
    Region["parent"] = Info.parent < M.NumRegions && Info.parent != R
                           ? json(M.RegionBase + Info.parent)
                           : json(nullptr);
  } else {
    std::string Lost = "<region " + std::to_string(R) + " of an unloaded module>";
    Region.update({{"name", Lost}, {"demangled", Lost}, {"file", M.Source},
                   {"line", 0}, {"kind", "function"}, {"parent", nullptr}});
  }
  Region["module"] = M.Source;
  Region["calls"] = T.Calls;
  Region["time_s"] = {{"inclusive", double(T.InclusiveTicks) * SecondsPerTick},
                      {"self", double(T.SelfTicks) * SecondsPerTick}};
  Region["counts"] = countsJson(A);
  Region["energy_j"] = {{"modelled", std::move(Modelled)},
                        {"measured", std::move(Measured)}};
  if (json Footprint = footprintJson(M.RegionBase + R); !Footprint.is_null())
    Region["footprint"] = std::move(Footprint);
  return Region;
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
  return {{"self", counterSide(Values, Counting)},
          {"inclusive", counterSide(Values + Counting.size(), Counting)},
          {"scaled", Counting.scaled()}};
}

json sourcesJson(const ModelApplication &Application, double SecondsPerTick,
                 const Measurement &Measure) {
  json Model = Application.sourceJson();
  json Clock = {{"name", "clock"},
                {"kind", "time"},
                {"present", true},
                {"used", true},
                {"detail", describeClock(SecondsPerTick)}};
  json Sources = json::array({std::move(Clock), std::move(Model)});
  for (json &Meter : Measure.sourcesJson())
    Sources.push_back(std::move(Meter));
  return Sources;
}

json diagnosticsJson(const Diagnostics &D, uint64_t InvalidEntries) {
  return {{"unwound_frames", D.UnwoundFrames},
          {"depth_overflows", D.DepthOverflows},
          {"unmatched_exits", D.UnmatchedExits},
          {"dropped_entries", D.DroppedEnters},
          {"max_depth", D.MaxDepth},
          {"untracked_call_paths", D.UntrackedCallPaths},
          {"unlowered_user_markers", D.UnloweredUserMarkers},
          {"invalid_table_entries", InvalidEntries}};
}

} // namespace

json buildReport(const RunSummary &Run, const ModelChoice &Choice) {
  json Regions = json::array();
  json Modules = json::array();
  model::Activity Total;
  uint64_t InvalidEntries = 0;
  MeasuredEnergy Measured = Run.Measure.regionEnergy();
  ModelApplication Application(Choice, Run.Measure.regionCounting());
  for (const ModuleRecord *M : Run.Modules) {
    RegionCountsResult Counts = regionCounts(*M);
    InvalidEntries += Counts.InvalidEntries;
    for (uint32_t R = 0; M->Regions && R < M->NumRegions; ++R)
      InvalidEntries += !validKind(M->Regions[R].kind) + !validParent(*M, R);
    for (uint32_t R = 0; R < M->NumRegions; ++R) {
      model::Activity &A = Counts.Regions[R];
      A.seconds = double(M->Totals[R].SelfTicks) * Run.SecondsPerTick;
      accumulate(Total, A);
      const double *C = M->regionCounters(R);
      Regions.push_back(regionJson(*M, R, A, Application.regionJoules(A, C),
                                   Run.SecondsPerTick,
                                   measuredEnergy(Run, Measured, M->RegionBase + R)));
      if (C)
        Regions.back()["counters"] =
            regionCountersJson(C, Run.Measure.regionCounting());
    }
    char Hash[17];
    std::snprintf(Hash, sizeof Hash, "%016llx", (unsigned long long)M->Hash);
    Modules.push_back({{"source", M->Source},
                       {"hash", Hash},
                       {"regions", M->NumRegions},
                       {"unloaded", M->unloaded()}});
  }
  json Timeline = Run.Measure.timelineJson();
  json RunModelled = Application.runJoules(Total, Timeline);
  json Report = {
      {"format", "energypass-report"},
      {"version", 1},
      {"program",
       {{"path", Run.Process.ExePath},
        {"argv", Run.Process.Argv},
        {"pid", getpid()},
        {"start_time", isoUtc(Run.StartRealNs)},
        {"wall_time_s", Run.WallSeconds}}},
      {"machine",
       {{"hostname", hostName()},
        {"cpu_model", cpuModel()},
        {"logical_cpus", logicalCpus()}}},
      {"sources", sourcesJson(Application, Run.SecondsPerTick, Run.Measure)},
      {"model", Application.modelJson()},
      {"threads", Run.Threads},
      {"modules", std::move(Modules)},
      {"regions", std::move(Regions)},
      {"call_tree", Run.Tree.toJson(Run.SecondsPerTick)},
      {"totals",
       {{"counts", countsJson(Total)},
        {"energy_j",
         {{"modelled", std::move(RunModelled)},
          {"measured", totalMeasuredEnergy(Run, Measured)}}}}},
      {"diagnostics", diagnosticsJson(Run.Diag, InvalidEntries)}};
  if (!Timeline.is_null())
    Report["timeline"] = std::move(Timeline);
  if (Run.Process.ArgumentsOmitted)
    Report["program"]["arguments_omitted"] = Run.Process.ArgumentsOmitted;
  if (!Run.Process.IgnoredSettings.empty())
    Report["program"]["ignored_settings"] = Run.Process.IgnoredSettings;
  return Report;
}

} // namespace energy::rt
