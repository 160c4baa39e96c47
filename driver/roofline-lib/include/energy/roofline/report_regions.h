//===- energy/roofline/report_regions.h - What the roofline needs of a report ===//
//
// The subset of an energypass-report (docs/formats/report.md, version 1) that
// places regions on the roofline: exact self FLOPs and bytes, self time, the
// modelled energy and, when the runtime sampled it, the region's footprint of
// distinct bytes (for the locality wall).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <filesystem>
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
  double SelfSeconds = 0;
  double InclusiveSeconds = 0;
  RegionCounts Counts;
  std::optional<double> ModelledJoules;
  std::optional<double> MeasuredJoules;
  std::optional<std::uint64_t> FootprintBytes;
};

struct ReportRegions {
  std::string Program;
  int Threads = 1;
  std::vector<ReportRegion> Regions;
};

/// Parses report JSON; throws InputError with a one-line message on a corrupt
/// file, a foreign format, an unknown version or a missing field.
ReportRegions regionsFromReportJson(const std::string &Text, const std::string &Origin);
ReportRegions readReportRegions(const std::filesystem::path &Path);

} // namespace energy::roofline
