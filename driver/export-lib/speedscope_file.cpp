//===- speedscope_file.cpp - Building a speedscope file -------------------===//
#include "energy/export/speedscope_file.h"

#include "energy/report/call_path_profile.h"
#include "energy/report/region_paths.h"

#include <map>
#include <tuple>

namespace energy::exporter {

using nlohmann::json;
using report::CallPathProfile;
using report::callPathProfile;
using report::energySource;
using report::Metric;
using report::PathSample;
using report::Report;
using report::StackOrigin;

namespace {

/// speedscope's frames, shared by every profile of the file: one per
/// distinct (name, file, line), so the same function in two reports of one
/// program is one frame.
class FrameTable {
public:
  size_t regionFrame(const report::Region &R) {
    return frame(report::displayName(R), R.file, R.line);
  }
  size_t outsideRegionsFrame() { return frame("[outside any region]", "", 0); }
  json toJson() const { return Frames; }

private:
  size_t frame(const std::string &Name, const std::string &File, uint64_t Line) {
    auto [It, Added] = Indices.try_emplace(std::tuple(Name, File, Line), Frames.size());
    if (Added) {
      json F = {{"name", Name}};
      if (!File.empty())
        F["file"] = File;
      if (Line > 0)
        F["line"] = Line;
      Frames.push_back(std::move(F));
    }
    return It->second;
  }

  std::map<std::tuple<std::string, std::string, uint64_t>, size_t> Indices;
  json Frames = json::array();
};

struct ProfileMetric {
  Metric metric;
  const char *title; // with the unit, as speedscope shows the name
  const char *unit;  // speedscope ValueUnit
};

constexpr ProfileMetric ProfileMetrics[] = {
    {Metric::Energy, "energy (nJ)", "none"},
    {Metric::Time, "self time", "nanoseconds"},
    {Metric::Flops, "FLOPs", "none"},
};

json sampledProfile(const ExportInput &In, const CallPathProfile &Paths, const ProfileMetric &PM,
                    FrameTable &Frames) {
  const Report &R = In.report;
  size_t M = static_cast<size_t>(PM.metric);
  json Samples = json::array(), Weights = json::array();
  for (const PathSample &S : Paths.samples) {
    if (S.values[M] == 0)
      continue;
    json Stack = json::array();
    for (uint64_t Region : S.regions)
      Stack.push_back(Frames.regionFrame(R.regions[Region]));
    if (S.origin == StackOrigin::OutsideRegions)
      Stack.push_back(Frames.outsideRegionsFrame());
    Samples.push_back(std::move(Stack));
    Weights.push_back(S.values[M]);
  }
  std::string Name = std::string(PM.title) +
                     (PM.metric == Metric::Energy ? ", " + energySource(R) : "") + " - " +
                     In.processName();
  return {{"type", "sampled"},
          {"name", Name},
          {"unit", PM.unit},
          {"startValue", 0},
          {"endValue", Paths.totals[M]},
          {"samples", std::move(Samples)},
          {"weights", std::move(Weights)}};
}

} // namespace

json speedscopeFile(const std::vector<ExportInput> &Inputs, const std::string &Exporter) {
  FrameTable Frames;
  json Profiles = json::array();
  for (const ExportInput &In : Inputs) {
    CallPathProfile Paths = callPathProfile(In.report);
    for (const ProfileMetric &PM : ProfileMetrics)
      Profiles.push_back(sampledProfile(In, Paths, PM, Frames));
  }
  std::string Name = Inputs.size() == 1 ? Inputs.front().processName()
                                        : std::to_string(Inputs.size()) + " EnergyPass reports";
  return {{"$schema", "https://www.speedscope.app/file-format-schema.json"},
          {"shared", {{"frames", Frames.toJson()}}},
          {"profiles", std::move(Profiles)},
          {"name", Name},
          {"activeProfileIndex", 0},
          {"exporter", Exporter}};
}

} // namespace energy::exporter
