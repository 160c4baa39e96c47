//===- report_regions.cpp - Read the roofline's subset of a report --------===//
//
// energy_report_lib reads and validates the report (the same one-line errors
// as every other tool); this file converts its regions.
//
//===----------------------------------------------------------------------===//
#include "energy/roofline/report_regions.h"

#include "energy/roofline/input_error.h"

#include "energy/report/reader.h"
#include "energy/report/report_inputs.h"

#include <algorithm>

namespace energy::roofline {

namespace {

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
  Region.FootprintBytes = R.footprintBytes;
  Region.SelfCounters = R.selfCounters.value_or(std::map<std::string, double>());
  return Region;
}

ReportRegions convertReport(const report::Report &R) {
  ReportRegions Result;
  Result.Program = R.programPath;
  Result.Threads = static_cast<int>(std::max<long long>(1, R.threads));
  for (const report::Region &Region : R.regions)
    Result.Regions.push_back(convertRegion(Region));
  return Result;
}

} // namespace

ReportRegions regionsFromReportJson(const std::string &Text, const std::string &Origin) {
  try {
    return convertReport(report::parseReportText(Text, Origin));
  } catch (const report::ReportError &E) {
    throw InputError(E.what());
  }
}

ReportRegions readReportRegions(const std::vector<std::string> &Inputs) {
  try {
    return convertReport(report::loadReportInputs(Inputs));
  } catch (const report::ReportError &E) {
    throw InputError(E.what());
  }
}

} // namespace energy::roofline
