//===- energy/roofline/report_regions.h - What the roofline needs of a report ===//
//
// The subset of an energypass-report (docs/formats/report.md, version 1) that
// places regions on the roofline: exact self FLOPs and bytes, self time, the
// modelled energy and, when the runtime recorded them, the region's footprint
// of distinct bytes (for the locality wall) and its self hardware counters
// (for the hierarchical points). The report is read and validated by
// energy_report_lib, as every tool reads it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace energy::roofline {

struct RegionCounts {
  std::uint64_t Flops = 0;
  std::uint64_t FlopsHalf = 0;
  std::uint64_t FlopsFloat = 0;
  std::uint64_t FlopsDouble = 0;
  std::uint64_t BytesLoaded = 0;
  std::uint64_t BytesStored = 0;
};

struct ReportRegion {
  std::int64_t Id = 0;
  std::string Name;
  std::string Demangled;
  std::string File;
  std::int64_t Line = 0;
  std::string Kind;
  std::uint64_t Calls = 0;
  bool NeverRan = false; // report::Region::neverRan(): no call, no counts
  double SelfSeconds = 0;
  double InclusiveSeconds = 0;
  RegionCounts Counts;
  std::optional<double> ModelledJoules;
  std::optional<double> MeasuredJoules;
  std::optional<std::uint64_t> FootprintBytes; // `footprint.bytes`
  std::map<std::string, double> SelfCounters;  // `counters.self`, by event name
};

struct ReportRegions {
  std::string Program;
  int Threads = 1;
  std::vector<ReportRegion> Regions;
};

/// Parses and validates report JSON (energy::report::parseReportText); throws
/// InputError with its one-line message on a corrupt file, a foreign format,
/// an unknown version, a missing field or a mistyped footprint or counter.
ReportRegions regionsFromReportJson(const std::string &Text, const std::string &Origin);
/// The reports that Inputs name (files, directories, globs), merged when there
/// are several (energy::report::loadReportInputs).
ReportRegions readReportRegions(const std::vector<std::string> &Inputs);

} // namespace energy::roofline
