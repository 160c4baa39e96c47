//===- report_regions.cpp - Read the roofline's subset of a report --------===//
//
// energy_report_lib reads and validates the report (the same one-line errors
// as every other tool); this file converts its regions and reads the two
// optional objects the validated Report leaves out: `footprint` and
// `counters`.
//
//===----------------------------------------------------------------------===//
#include "energy/roofline/report_regions.h"

#include "energy/roofline/input_error.h"

#include "energy/report/reader.h"
#include "energy/report/report_inputs.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace energy::roofline {
using nlohmann::json;

namespace {

[[noreturn]] void corrupt(const std::string &Origin, std::size_t Index,
                          const std::string &Key, const char *Expected) {
  throw InputError(Origin + ": regions[" + std::to_string(Index) + "]." + Key + " must be " +
                   Expected + "; the report is corrupt, re-run the program to rewrite it");
}

std::optional<std::uint64_t> footprintBytes(const json &Region, const std::string &Origin,
                                            std::size_t Index) {
  auto It = Region.find("footprint");
  if (It == Region.end() || It->is_null())
    return std::nullopt;
  if (!It->is_object() || !It->contains("bytes") || !(*It)["bytes"].is_number_unsigned())
    corrupt(Origin, Index, "footprint.bytes", "a non-negative integer");
  return (*It)["bytes"].get<std::uint64_t>();
}

std::map<std::string, double> selfCounters(const json &Region, const std::string &Origin,
                                           std::size_t Index) {
  std::map<std::string, double> Counters;
  auto It = Region.find("counters");
  if (It == Region.end() || It->is_null())
    return Counters;
  if (!It->is_object() || !It->contains("self") || !(*It)["self"].is_object())
    corrupt(Origin, Index, "counters.self", "an object of event counts");
  for (const auto &[Event, Value] : (*It)["self"].items()) {
    if (Value.is_null()) // an event no thread could count
      continue;
    if (!Value.is_number() || Value.get<double>() < 0)
      corrupt(Origin, Index, "counters.self." + Event, "a non-negative number");
    Counters[Event] = Value.get<double>();
  }
  return Counters;
}

std::uint64_t flopsOf(const model::Activity &Counts, int Precision) {
  std::uint64_t Sum = 0;
  for (std::uint64_t Flops : Counts.flops[Precision])
    Sum += Flops;
  return Sum;
}

ReportRegion convertRegion(const report::Region &R) {
  ReportRegion Region;
  Region.Id = static_cast<std::int64_t>(R.id);
  Region.Name = R.name;
  Region.Demangled = R.demangled;
  Region.File = R.file;
  Region.Line = static_cast<std::int64_t>(R.line);
  Region.Kind = R.kind;
  Region.Calls = R.calls;
  Region.NeverRan = R.neverRan();
  Region.SelfSeconds = R.selfSeconds;
  Region.InclusiveSeconds = R.inclusiveSeconds;
  Region.Counts.Flops = R.flops;
  Region.Counts.FlopsHalf = flopsOf(R.counts, ENERGY_PREC_HALF);
  Region.Counts.FlopsFloat = flopsOf(R.counts, ENERGY_PREC_FLOAT);
  Region.Counts.FlopsDouble = flopsOf(R.counts, ENERGY_PREC_DOUBLE);
  Region.Counts.BytesLoaded = R.counts.bytesLoaded;
  Region.Counts.BytesStored = R.counts.bytesStored;
  Region.ModelledJoules = R.energy.modelledJoules;
  Region.MeasuredJoules = R.energy.measuredJoules;
  return Region;
}

ReportRegions convertReport(const report::Report &R, const json &Doc) {
  ReportRegions Result;
  Result.Program = R.programPath;
  Result.Threads = static_cast<int>(std::max<long long>(1, R.threads));
  const json &Regions = Doc["regions"];
  for (std::size_t I = 0; I < R.regions.size(); ++I) {
    ReportRegion Region = convertRegion(R.regions[I]);
    Region.FootprintBytes = footprintBytes(Regions[I], R.origin, I);
    Region.SelfCounters = selfCounters(Regions[I], R.origin, I);
    Result.Regions.push_back(std::move(Region));
  }
  return Result;
}

} // namespace

ReportRegions regionsFromReportJson(const std::string &Text, const std::string &Origin) {
  try {
    report::Report R = report::parseReportText(Text, Origin);
    // Valid JSON by now: parseReportText has parsed it.
    return convertReport(R, json::parse(Text));
  } catch (const report::ReportError &E) {
    throw InputError(E.what());
  }
}

ReportRegions readReportRegions(const std::vector<std::string> &Inputs) {
  try {
    report::ReportDocument Read = report::loadReportInputs(Inputs);
    return convertReport(Read.report, Read.document);
  } catch (const report::ReportError &E) {
    throw InputError(E.what());
  }
}

} // namespace energy::roofline
