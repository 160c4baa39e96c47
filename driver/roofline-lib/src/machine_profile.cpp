//===- machine_profile.cpp - Machine profile JSON, validation, lookups ----===//
#include "energy/roofline/machine_profile.h"

#include "energy/roofline/input_error.h"

#include "document/Envelope.h"
#include "support/SafeFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace energy::roofline {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::set<std::string> KnownIsas = {"scalar", "sse", "avx2", "avx512"};
const std::set<std::string> KnownPrecisions = {"float", "double"};
const std::set<std::string> KnownKernels = {"load", "copy", "triad"};

bool isKnownLevel(const std::string &Level) {
  return Level == "DRAM" ||
         (Level.size() == 2 && Level[0] == 'L' && Level[1] >= '1' && Level[1] <= '9');
}

// Lower number = closer to the core; DRAM is last.
int levelRank(const std::string &Level) { return Level == "DRAM" ? 100 : Level[1] - '0'; }

const document::Wording ProfileWording = {
    .BeforeOrigin = "",
    .Key = "'{path}'",
    .Missing = "missing '{path}'",
    .WayOut = "; re-run energy-ceilings --force to regenerate the profile",
    .BareTypeNames = false,
    // One message for a field of every peak ('peaks[].gflops'), as the format's page names them.
    .NumberedElements = false,
    .Raise = document::raise<InputError>,
};

const document::Refusals NotAProfile = {
    .NotThisFormat = "not a machine profile (no \"format\": \"{expected}\" at the top level); "
                     "pass a profile written by energy-ceilings",
    .WrongFormat = "format is '{found}', expected '{expected}'; pass a profile written by "
                   "energy-ceilings",
    .UnsupportedVersion = "machine profile version {found} is not supported (this build reads "
                          "{versions}); re-run energy-ceilings --force",
};

int smallInteger(const document::View &Field) { return static_cast<int>(Field.integer()); }

json identityToJson(const MachineIdentity &Machine) {
  json Caches = json::array();
  for (const auto &Cache : Machine.Caches)
    Caches.push_back({{"level", Cache.Level},
                      {"type", Cache.Type},
                      {"size_bytes", Cache.SizeBytes},
                      {"shared_cpus", Cache.SharedCpus}});
  return {{"hash", Machine.Hash},
          {"cpu_model", Machine.CpuModel},
          {"logical_cpus", Machine.LogicalCpus},
          {"isa", Machine.Isa},
          {"caches", Caches}};
}

MachineIdentity identityFromJson(const document::View &J) {
  MachineIdentity Machine;
  Machine.Hash = J["hash"].string();
  Machine.CpuModel = J["cpu_model"].string();
  Machine.LogicalCpus = smallInteger(J["logical_cpus"]);
  Machine.Isa = J["isa"].strings();
  for (const document::View &Cache : J["caches"].elements()) {
    CacheLevel Level;
    Level.Level = smallInteger(Cache["level"]);
    Level.Type = Cache["type"].string();
    Level.SizeBytes = Cache["size_bytes"].unsignedInteger();
    Level.SharedCpus = smallInteger(Cache["shared_cpus"]);
    Machine.Caches.push_back(Level);
  }
  return Machine;
}

json measurementToJson(const Measurement &How) {
  return {{"tool", How.Tool},
          {"tool_version", How.ToolVersion},
          {"date", How.Date},
          {"quick", How.Quick},
          {"pinned", How.Pinned},
          {"budget_s", How.BudgetSeconds},
          {"elapsed_s", How.ElapsedSeconds},
          {"thread_counts", How.ThreadCounts}};
}

Measurement measurementFromJson(const document::View &J) {
  Measurement How;
  How.Tool = J["tool"].string();
  How.ToolVersion = J["tool_version"].string();
  How.Date = J["date"].string();
  How.Quick = J["quick"].boolean();
  How.Pinned = J["pinned"].boolean();
  How.BudgetSeconds = J["budget_s"].number();
  How.ElapsedSeconds = J["elapsed_s"].number();
  for (const document::View &Count : J["thread_counts"].elements())
    How.ThreadCounts.push_back(smallInteger(Count));
  return How;
}

void requirePositive(double Value, const std::string &What) {
  if (!std::isfinite(Value) || Value <= 0)
    throw InputError("machine profile: " + What + " is " + std::to_string(Value) +
                     ", not a positive figure; re-run energy-ceilings --force");
}

} // namespace

void validateProfile(const MachineProfile &Profile) {
  if (Profile.Peaks.empty())
    throw InputError("machine profile: no peak FLOP/s ceilings; re-run energy-ceilings --force");
  if (Profile.Bandwidths.empty())
    throw InputError("machine profile: no bandwidth ceilings; re-run energy-ceilings --force");
  for (const auto &Peak : Profile.Peaks) {
    std::string Name = "peak " + Peak.Precision + " " + Peak.Isa + (Peak.Fma ? " fma" : "");
    if (!KnownPrecisions.count(Peak.Precision))
      throw InputError("machine profile: unknown precision '" + Peak.Precision +
                       "' (expected float or double)");
    if (!KnownIsas.count(Peak.Isa))
      throw InputError("machine profile: unknown ISA '" + Peak.Isa +
                       "' (expected scalar, sse, avx2 or avx512)");
    if (Peak.Threads < 1)
      throw InputError("machine profile: " + Name + " has thread count < 1");
    requirePositive(Peak.Gflops, Name + " GFLOP/s");
  }
  for (const auto &Bw : Profile.Bandwidths) {
    if (!isKnownLevel(Bw.Level))
      throw InputError("machine profile: unknown memory level '" + Bw.Level +
                       "' (expected L1..L9 or DRAM)");
    if (!KnownKernels.count(Bw.Kernel))
      throw InputError("machine profile: unknown bandwidth kernel '" + Bw.Kernel +
                       "' (expected load, copy or triad)");
    if (Bw.Threads < 1)
      throw InputError("machine profile: " + Bw.Level + " " + Bw.Kernel +
                       " bandwidth has thread count < 1");
    requirePositive(Bw.GBytesPerSecond, Bw.Level + " " + Bw.Kernel + " bandwidth");
  }
}

std::string profileToJson(const MachineProfile &Profile) {
  json Peaks = json::array();
  for (const auto &Peak : Profile.Peaks)
    Peaks.push_back({{"precision", Peak.Precision},
                     {"isa", Peak.Isa},
                     {"fma", Peak.Fma},
                     {"threads", Peak.Threads},
                     {"gflops", Peak.Gflops}});
  json Bandwidths = json::array();
  for (const auto &Bw : Profile.Bandwidths)
    Bandwidths.push_back({{"level", Bw.Level},
                          {"kernel", Bw.Kernel},
                          {"nontemporal", Bw.NonTemporal},
                          {"threads", Bw.Threads},
                          {"working_set_bytes", Bw.WorkingSetBytes},
                          {"gbytes_per_s", Bw.GBytesPerSecond}});
  json Sweeps = json::array();
  for (const auto &Sweep : Profile.Sweeps) {
    json Points = json::array();
    for (const auto &Point : Sweep.Points)
      Points.push_back({Point.WorkingSetBytes, Point.GBytesPerSecond});
    Sweeps.push_back({{"kernel", Sweep.Kernel},
                      {"nontemporal", Sweep.NonTemporal},
                      {"threads", Sweep.Threads},
                      {"isa", Sweep.Isa},
                      {"points", Points}});
  }
  json Root = {{"format", format::MachineProfile.Name},
               {"version", format::MachineProfile.Version},
               {"machine", identityToJson(Profile.Machine)},
               {"measurement", measurementToJson(Profile.How)},
               {"peaks", Peaks},
               {"bandwidth", Bandwidths},
               {"sweeps", Sweeps}};
  return Root.dump(2) + "\n";
}

MachineProfile profileFromJson(const std::string &Text, const std::string &Origin) {
  json Root = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (Root.is_discarded())
    throw InputError(Origin +
                     ": not valid JSON (corrupt or truncated); re-run energy-ceilings --force");
  document::View Doc(Root, Origin, ProfileWording);
  document::checkEnvelope(Doc, format::MachineProfile, NotAProfile);
  MachineProfile Profile;
  Profile.Machine = identityFromJson(Doc["machine"]);
  Profile.How = measurementFromJson(Doc["measurement"]);
  for (const document::View &Peak : Doc["peaks"].elements()) {
    PeakFlops P;
    P.Precision = Peak["precision"].string();
    P.Isa = Peak["isa"].string();
    P.Fma = Peak["fma"].boolean();
    P.Threads = smallInteger(Peak["threads"]);
    P.Gflops = Peak["gflops"].number();
    Profile.Peaks.push_back(P);
  }
  for (const document::View &Bw : Doc["bandwidth"].elements()) {
    Bandwidth B;
    B.Level = Bw["level"].string();
    B.Kernel = Bw["kernel"].string();
    B.NonTemporal = Bw["nontemporal"].boolean();
    B.Threads = smallInteger(Bw["threads"]);
    B.WorkingSetBytes = Bw["working_set_bytes"].unsignedInteger();
    B.GBytesPerSecond = Bw["gbytes_per_s"].number();
    Profile.Bandwidths.push_back(B);
  }
  for (const document::View &Sweep : Doc["sweeps"].elements()) {
    BandwidthSweep S;
    S.Kernel = Sweep["kernel"].string();
    S.NonTemporal = Sweep["nontemporal"].boolean();
    S.Threads = smallInteger(Sweep["threads"]);
    S.Isa = Sweep["isa"].string();
    for (const document::View &Point : Sweep["points"].elements()) {
      if (Point.arraySize() != 2)
        Point.reject("must be a [bytes, GB/s] pair");
      S.Points.push_back({Point.element(0).unsignedInteger(), Point.element(1).number()});
    }
    Profile.Sweeps.push_back(S);
  }
  try {
    validateProfile(Profile);
  } catch (const InputError &E) {
    throw InputError(Origin + ": " + E.what());
  }
  return Profile;
}

MachineProfile readProfile(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw InputError(Path.string() + ": cannot open machine profile (" +
                     (fs::exists(Path) ? "permission denied" : "no such file") +
                     "); run energy-ceilings to measure this machine, or pass --machine PATH");
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  return profileFromJson(Buffer.str(), Path.string());
}

void writeProfile(const MachineProfile &Profile, const fs::path &Path) {
  std::error_code Ec;
  if (Path.has_parent_path())
    fs::create_directories(Path.parent_path(), Ec);
  std::string Error;
  if (!support::writeFileSafely(Path.string(), profileToJson(Profile), {.Named = true}, Error))
    throw std::runtime_error("cannot write the machine profile " + Path.string() + ": " + Error +
                             "; check the directory, or pass --output PATH");
}

std::optional<PeakFlops> bestPeak(const MachineProfile &Profile, const std::string &Precision,
                                  int Threads) {
  std::optional<PeakFlops> Best;
  for (const auto &Peak : Profile.Peaks)
    if (Peak.Precision == Precision && Peak.Threads == Threads &&
        (!Best || Peak.Gflops > Best->Gflops))
      Best = Peak;
  return Best;
}

std::vector<Bandwidth> bestBandwidthPerLevel(const MachineProfile &Profile, int Threads) {
  std::map<int, Bandwidth> ByLevel;
  for (const auto &Bw : Profile.Bandwidths) {
    if (Bw.Threads != Threads)
      continue;
    auto [It, Inserted] = ByLevel.try_emplace(levelRank(Bw.Level), Bw);
    if (!Inserted && Bw.GBytesPerSecond > It->second.GBytesPerSecond)
      It->second = Bw;
  }
  std::vector<Bandwidth> Levels;
  for (auto &[Rank, Bw] : ByLevel)
    Levels.push_back(Bw);
  return Levels;
}

std::vector<int> measuredThreadCounts(const MachineProfile &Profile) {
  std::set<int> Counts;
  for (const auto &Peak : Profile.Peaks)
    Counts.insert(Peak.Threads);
  for (const auto &Bw : Profile.Bandwidths)
    Counts.insert(Bw.Threads);
  return {Counts.begin(), Counts.end()};
}

std::string formatProfileSummary(const MachineProfile &Profile) {
  std::ostringstream Out;
  char Line[200];
  Out << "machine " << Profile.Machine.Hash << ": " << Profile.Machine.CpuModel << ", "
      << Profile.Machine.LogicalCpus << " logical CPUs\n";
  Out << "measured " << Profile.How.Date << " by " << Profile.How.Tool << " "
      << Profile.How.ToolVersion << (Profile.How.Quick ? " (--quick: rough figures)" : "")
      << (Profile.How.Pinned ? ", threads pinned" : ", threads not pinned") << "\n";
  if (Profile.Machine.Caches.empty())
    Out << "caches: not listed by this machine (neither sysfs nor CPUID): every bandwidth is "
           "taken as DRAM's\n";
  for (const auto &Cache : Profile.Machine.Caches) {
    std::snprintf(Line, sizeof Line, "cache L%d %-8s %10llu bytes, shared by %d CPU(s)\n",
                  Cache.Level, Cache.Type.c_str(), static_cast<unsigned long long>(Cache.SizeBytes),
                  Cache.SharedCpus);
    Out << Line;
  }
  Out << "peak FLOP/s:\n";
  for (const auto &Peak : Profile.Peaks) {
    std::snprintf(Line, sizeof Line, "  %-6s %-6s %-6s %2d thread(s) %10.2f GFLOP/s\n",
                  Peak.Precision.c_str(), Peak.Isa.c_str(), Peak.Fma ? "fma" : "no-fma",
                  Peak.Threads, Peak.Gflops);
    Out << Line;
  }
  Out << "bandwidth:\n";
  for (const auto &Bw : Profile.Bandwidths) {
    std::snprintf(Line, sizeof Line, "  %-4s %-5s %-3s %2d thread(s) %12llu B/thread %9.2f GB/s\n",
                  Bw.Level.c_str(), Bw.Kernel.c_str(), Bw.NonTemporal ? "nt" : "", Bw.Threads,
                  static_cast<unsigned long long>(Bw.WorkingSetBytes), Bw.GBytesPerSecond);
    Out << Line;
  }
  return Out.str();
}

} // namespace energy::roofline
