//===- report_regions.cpp - Read the roofline's subset of a report --------===//
#include "energy/roofline/report_regions.h"

#include "energy/roofline/input_error.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace energy::roofline {
using nlohmann::json;

namespace {

constexpr const char *ReportFormat = "energypass-report";
constexpr int ReportVersion = 1;

class RegionReader {
public:
  RegionReader(const std::string &Origin) : Origin(Origin) {}

  ReportRegion read(const json &J, std::size_t Index) const {
    Where = "regions[" + std::to_string(Index) + "]";
    if (!J.is_object())
      fail("", "an object");
    ReportRegion Region;
    Region.Id = integer(J, "id");
    Region.Name = string(J, "name");
    Region.Demangled = J.contains("demangled") ? string(J, "demangled") : Region.Name;
    Region.File = string(J, "file");
    Region.Line = integer(J, "line");
    Region.Kind = string(J, "kind");
    Region.Calls = unsignedInteger(J, "calls");
    const json &Time = object(J, "time_s");
    Region.SelfSeconds = number(Time, "self");
    Region.InclusiveSeconds = number(Time, "inclusive");
    const json &Counts = object(J, "counts");
    Region.Counts.Flops = unsignedInteger(Counts, "flops");
    Region.Counts.BytesLoaded = unsignedInteger(Counts, "bytes_loaded");
    Region.Counts.BytesStored = unsignedInteger(Counts, "bytes_stored");
    if (Counts.contains("flops_by_precision")) {
      const json &ByPrecision = object(Counts, "flops_by_precision");
      Region.Counts.FlopsHalf = unsignedInteger(ByPrecision, "half");
      Region.Counts.FlopsFloat = unsignedInteger(ByPrecision, "float");
      Region.Counts.FlopsDouble = unsignedInteger(ByPrecision, "double");
    }
    if (J.contains("energy_j")) {
      const json &Energy = object(J, "energy_j");
      Region.ModelledJoules = optionalNumber(Energy, "modelled");
      Region.MeasuredJoules = optionalNumber(Energy, "measured");
    }
    if (J.contains("footprint_bytes") && !J["footprint_bytes"].is_null())
      Region.FootprintBytes = unsignedInteger(J, "footprint_bytes");
    return Region;
  }

private:
  const json &field(const json &Parent, const char *Key) const {
    auto It = Parent.find(Key);
    if (It == Parent.end())
      throw InputError(Origin + ": " + Where + " has no '" + Key +
                       "'; the report is incomplete or from another tool");
    return *It;
  }
  [[noreturn]] void fail(const char *Key, const char *Expected) const {
    throw InputError(Origin + ": " + Where + (*Key ? std::string(".") + Key : "") + " must be " +
                     Expected + "; the report is corrupt, re-run the program to rewrite it");
  }
  const json &object(const json &Parent, const char *Key) const {
    const json &Value = field(Parent, Key);
    if (!Value.is_object())
      fail(Key, "an object");
    return Value;
  }
  std::string string(const json &Parent, const char *Key) const {
    const json &Value = field(Parent, Key);
    if (!Value.is_string())
      fail(Key, "a string");
    return Value.get<std::string>();
  }
  std::int64_t integer(const json &Parent, const char *Key) const {
    const json &Value = field(Parent, Key);
    if (!Value.is_number_integer())
      fail(Key, "an integer");
    return Value.get<std::int64_t>();
  }
  std::uint64_t unsignedInteger(const json &Parent, const char *Key) const {
    const json &Value = field(Parent, Key);
    if (!Value.is_number_unsigned())
      fail(Key, "a non-negative integer");
    return Value.get<std::uint64_t>();
  }
  double number(const json &Parent, const char *Key) const {
    const json &Value = field(Parent, Key);
    if (!Value.is_number() || Value.get<double>() < 0)
      fail(Key, "a non-negative number");
    return Value.get<double>();
  }
  std::optional<double> optionalNumber(const json &Parent, const char *Key) const {
    auto It = Parent.find(Key);
    if (It == Parent.end() || It->is_null())
      return std::nullopt;
    return number(Parent, Key);
  }

  std::string Origin;
  mutable std::string Where;
};

} // namespace

ReportRegions regionsFromReportJson(const std::string &Text, const std::string &Origin) {
  json Root = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (Root.is_discarded())
    throw InputError(Origin + ": not valid JSON (corrupt or truncated report); re-run the program to rewrite it");
  if (!Root.is_object() || !Root.contains("format") || !Root["format"].is_string())
    throw InputError(Origin + ": not an EnergyPass report (no 'format'); pass a report written by libenergyrt");
  if (Root["format"] != ReportFormat)
    throw InputError(Origin + ": format is '" + Root["format"].get<std::string>() +
                     "', expected '" + ReportFormat + "'; pass a report written by libenergyrt");
  if (!Root.contains("version") || !Root["version"].is_number_integer() ||
      Root["version"].get<int>() != ReportVersion)
    throw InputError(Origin + ": report version " +
                     (Root.contains("version") ? Root["version"].dump() : std::string("(none)")) +
                     " is not supported (this build reads version 1); upgrade EnergyPass");
  if (!Root.contains("regions") || !Root["regions"].is_array())
    throw InputError(Origin + ": 'regions' is missing or not an array; the report is corrupt");
  ReportRegions Result;
  if (Root.contains("program") && Root["program"].is_object() &&
      Root["program"].contains("path") && Root["program"]["path"].is_string())
    Result.Program = Root["program"]["path"].get<std::string>();
  if (Root.contains("threads") && Root["threads"].is_number_integer())
    Result.Threads = std::max(1, Root["threads"].get<int>());
  RegionReader Reader(Origin);
  const json &Regions = Root["regions"];
  for (std::size_t I = 0; I < Regions.size(); ++I)
    Result.Regions.push_back(Reader.read(Regions[I], I));
  return Result;
}

ReportRegions readReportRegions(const std::filesystem::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw InputError(Path.string() + ": cannot open report (" +
                     (std::filesystem::exists(Path) ? "permission denied" : "no such file") +
                     "); pass the energy-*.json written by an instrumented run");
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  return regionsFromReportJson(Buffer.str(), Path.string());
}

} // namespace energy::roofline
