//===- pprof_profile.cpp - Building a perftools.profiles.Profile ----------===//
#include "energy/export/pprof_profile.h"

#include "energy/export/gzip.h"
#include "energy/report/call_path_profile.h"
#include "energy/report/region_paths.h"

#include "profile.pb.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <unordered_map>

namespace energy::exporter {

namespace pb = perftools::profiles;
using report::CallPathProfile;
using report::callPathProfile;
using report::energySource;
using report::Metric;
using report::MetricCount;
using report::MetricInfo;
using report::metricInfo;
using report::PathSample;
using report::Report;
using report::StackOrigin;

namespace {

constexpr const char *OutsideRegionsFrame = "[outside any region]";

/// pprof's string table: index 0 is the empty string, each string once.
class StringTable {
public:
  explicit StringTable(pb::Profile &P) : Profile(P) { index(""); }
  int64_t index(const std::string &S) {
    auto [It, Added] = Indices.try_emplace(S, Indices.size());
    if (Added)
      Profile.add_string_table(S);
    return It->second;
  }

private:
  pb::Profile &Profile;
  std::unordered_map<std::string, int64_t> Indices;
};

/// `program.start_time` (ISO 8601 UTC) as nanoseconds since the epoch; 0
/// when it does not parse, which pprof reads as "unknown".
int64_t startNanos(const Report &R) {
  std::tm Time{};
  if (!strptime(R.startTime.c_str(), "%Y-%m-%dT%H:%M:%S", &Time))
    return 0;
  return static_cast<int64_t>(timegm(&Time)) * 1000000000;
}

std::string timeDescription(const Report &R) {
  if (R.timing == "sampled")
    return "CPU time of each thread, sampled at " +
           std::to_string(static_cast<long long>(R.sampleRateHz)) + " Hz";
  return "wall-clock time, clocked at every region entry and exit";
}

class PprofBuilder {
public:
  PprofBuilder() { addSampleTypes(); }

  void addReport(const ExportInput &In) {
    const Report &R = In.report;
    CallPathProfile Paths = callPathProfile(R);
    uint64_t Mapping = addMapping(R);
    std::map<uint64_t, uint64_t> Locations; // region id (or none) -> location
    int64_t Process = Strings.index(In.processName());
    for (const PathSample &S : Paths.samples) {
      pb::Sample *Sample = Profile.add_sample();
      for (auto It = S.regions.rbegin(); It != S.regions.rend(); ++It)
        Sample->add_location_id(locationOf(R, *It, Mapping, Locations));
      if (S.origin == StackOrigin::OutsideRegions)
        Sample->add_location_id(locationOf(R, R.regions.size(), Mapping, Locations));
      for (uint64_t V : S.values)
        Sample->add_value(static_cast<int64_t>(V));
      addLabels(*Sample, S.origin, Process, R.pid);
    }
    describe(In, Paths);
    addTimes(R);
  }

  pb::Profile &profile() { return Profile; }

private:
  void addSampleTypes() {
    for (size_t M = 0; M < MetricCount; ++M) {
      const MetricInfo &Info = metricInfo(static_cast<Metric>(M));
      pb::ValueType *Type = Profile.add_sample_type();
      Type->set_type(Strings.index(Info.name));
      Type->set_unit(Strings.index(Info.unit));
    }
    Profile.set_default_sample_type(Strings.index(metricInfo(Metric::Energy).name));
    Profile.add_comment(
        Strings.index("energy, flops, bytes (loaded + stored) and instructions are recorded "
                      "per region, not per call path: each region's self figure is split "
                      "among its call paths in proportion to their self time (by calls "
                      "when none has time), in integer shares that add up exactly"));
    Profile.add_comment(
        Strings.index("per report, each sample type adds up exactly to the report's totals: "
                      "totals.energy_j (measured when a meter was present, else modelled), "
                      "the regions' self times, totals.counts"));
  }

  /// One mapping per report: its functions are named already, so pprof
  /// has nothing to symbolise.
  uint64_t addMapping(const Report &R) {
    pb::Mapping *M = Profile.add_mapping();
    M->set_id(Profile.mapping_size());
    M->set_filename(Strings.index(R.programPath));
    M->set_has_functions(true);
    M->set_has_filenames(true);
    M->set_has_line_numbers(true);
    return M->id();
  }

  /// The region's Function and Location, added the first time a sample
  /// needs them; Region == regions.size() stands for "outside any region".
  uint64_t locationOf(const Report &R, uint64_t Region, uint64_t Mapping,
                      std::map<uint64_t, uint64_t> &Locations) {
    auto [It, Added] = Locations.try_emplace(Region, NextId);
    if (!Added)
      return It->second;
    uint64_t Id = NextId++;
    pb::Function *F = Profile.add_function();
    F->set_id(Id);
    pb::Location *L = Profile.add_location();
    L->set_id(Id);
    L->set_mapping_id(Mapping);
    pb::Line *Line = L->add_line();
    Line->set_function_id(Id);
    if (Region == R.regions.size()) {
      F->set_name(Strings.index(OutsideRegionsFrame));
      F->set_system_name(F->name());
      return Id;
    }
    const report::Region &Reg = R.regions[Region];
    F->set_name(Strings.index(report::displayName(Reg)));
    F->set_system_name(Strings.index(Reg.name));
    F->set_filename(Strings.index(Reg.file));
    F->set_start_line(static_cast<int64_t>(Reg.line));
    Line->set_line(static_cast<int64_t>(Reg.line));
    return Id;
  }

  void addLabels(pb::Sample &S, StackOrigin Origin, int64_t Process, long long Pid) {
    pb::Label *Name = S.add_label();
    Name->set_key(Strings.index("process"));
    Name->set_str(Process);
    pb::Label *Number = S.add_label();
    Number->set_key(Strings.index("pid"));
    Number->set_num(Pid);
    if (Origin == StackOrigin::CallTree)
      return;
    pb::Label *Stack = S.add_label();
    Stack->set_key(Strings.index("stack"));
    Stack->set_str(
        Strings.index(Origin == StackOrigin::RegionNesting ? "region nesting" : "outside regions"));
  }

  void describe(const ExportInput &In, const CallPathProfile &Paths) {
    const Report &R = In.report;
    std::string Who = In.processName() + ": ";
    Profile.add_comment(Strings.index(Who + "EnergyPass report " + R.origin + " of " +
                                      R.programPath + " on " + R.hostname + ", started " +
                                      R.startTime));
    bool Outside = std::any_of(Paths.samples.begin(), Paths.samples.end(), [](const PathSample &S) {
      return S.origin == StackOrigin::OutsideRegions;
    });
    Profile.add_comment(
        Strings.index(Who + "energy " + energySource(R) +
                      (Outside ? "; energy the meters counted while no region was on top "
                                 "is on the sample '" +
                                     std::string(OutsideRegionsFrame) + "'"
                               : "")));
    Profile.add_comment(
        Strings.index(Who + "time is self time, " + timeDescription(R) + ", summed over threads"));
    if (Paths.regionsOutsideTree > 0)
      Profile.add_comment(
          Strings.index(Who + std::to_string(Paths.regionsOutsideTree) +
                        " regions have figures the call tree does not hold (a sampled "
                        "report's tree has only the paths samples saw, every tree is "
                        "bounded per thread): those are on samples stacked by region "
                        "nesting, label stack=\"region nesting\""));
  }

  /// The profile spans all reports: earliest start to latest end.
  void addTimes(const Report &R) {
    int64_t Start = startNanos(R);
    int64_t End = Start + static_cast<int64_t>(R.wallSeconds * 1e9);
    bool First = Profile.time_nanos() == 0 && Profile.duration_nanos() == 0;
    int64_t Earliest = First ? Start : std::min(Start, Profile.time_nanos());
    int64_t Latest = First ? End : std::max(End, Profile.time_nanos() + Profile.duration_nanos());
    Profile.set_time_nanos(Earliest);
    Profile.set_duration_nanos(Latest - Earliest);
  }

  pb::Profile Profile;
  StringTable Strings{Profile};
  uint64_t NextId = 1; // location and function ids; 0 means none
};

} // namespace

std::string serializedPprofProfile(const std::vector<ExportInput> &Inputs) {
  PprofBuilder Builder;
  for (const ExportInput &In : Inputs)
    Builder.addReport(In);
  return Builder.profile().SerializeAsString();
}

std::string pprofFile(const std::vector<ExportInput> &Inputs) {
  return gzipCompress(serializedPprofProfile(Inputs));
}

} // namespace energy::exporter
