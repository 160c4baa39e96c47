//===- machine_profile.cpp - Machine profile JSON, validation, lookups ----===//
#include "energy/roofline/machine_profile.h"

#include "energy/roofline/input_error.h"
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

// Reads one typed field, naming the JSON path on failure so the user can find it.
class FieldReader {
public:
  FieldReader(const std::string &Origin) : Origin(Origin) {}

  const json &object(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_object())
      fail(Where, Key, "an object");
    return Value;
  }
  const json &array(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_array())
      fail(Where, Key, "an array");
    return Value;
  }
  std::string string(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_string())
      fail(Where, Key, "a string");
    return Value.get<std::string>();
  }
  double number(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_number())
      fail(Where, Key, "a number");
    return Value.get<double>();
  }
  std::int64_t integer(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_number_integer())
      fail(Where, Key, "an integer");
    return Value.get<std::int64_t>();
  }
  bool boolean(const json &Parent, const char *Key, const std::string &Where) const {
    const json &Value = field(Parent, Key, Where);
    if (!Value.is_boolean())
      fail(Where, Key, "true or false");
    return Value.get<bool>();
  }

private:
  const json &field(const json &Parent, const char *Key, const std::string &Where) const {
    auto It = Parent.find(Key);
    if (It == Parent.end())
      throw InputError(
          Origin + ": missing '" + Where + Key +
          "'; the file is not a complete machine profile, re-run energy-ceilings --force");
    return *It;
  }
  [[noreturn]] void fail(const std::string &Where, const char *Key, const char *Expected) const {
    throw InputError(Origin + ": '" + Where + Key + "' must be " + Expected +
                     "; re-run energy-ceilings --force to regenerate the profile");
  }
  std::string Origin;
};

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

MachineIdentity identityFromJson(const json &J, const FieldReader &Read) {
  MachineIdentity Machine;
  Machine.Hash = Read.string(J, "hash", "machine.");
  Machine.CpuModel = Read.string(J, "cpu_model", "machine.");
  Machine.LogicalCpus = static_cast<int>(Read.integer(J, "logical_cpus", "machine."));
  for (const auto &Isa : Read.array(J, "isa", "machine.")) {
    if (!Isa.is_string())
      throw InputError("machine.isa must hold strings");
    Machine.Isa.push_back(Isa.get<std::string>());
  }
  for (const auto &Cache : Read.array(J, "caches", "machine.")) {
    CacheLevel Level;
    Level.Level = static_cast<int>(Read.integer(Cache, "level", "machine.caches[]."));
    Level.Type = Read.string(Cache, "type", "machine.caches[].");
    Level.SizeBytes =
        static_cast<std::uint64_t>(Read.integer(Cache, "size_bytes", "machine.caches[]."));
    Level.SharedCpus = static_cast<int>(Read.integer(Cache, "shared_cpus", "machine.caches[]."));
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

Measurement measurementFromJson(const json &J, const FieldReader &Read) {
  Measurement How;
  const std::string Where = "measurement.";
  How.Tool = Read.string(J, "tool", Where);
  How.ToolVersion = Read.string(J, "tool_version", Where);
  How.Date = Read.string(J, "date", Where);
  How.Quick = Read.boolean(J, "quick", Where);
  How.Pinned = Read.boolean(J, "pinned", Where);
  How.BudgetSeconds = Read.number(J, "budget_s", Where);
  How.ElapsedSeconds = Read.number(J, "elapsed_s", Where);
  for (const auto &Count : Read.array(J, "thread_counts", Where)) {
    if (!Count.is_number_integer())
      throw InputError("measurement.thread_counts must hold integers");
    How.ThreadCounts.push_back(Count.get<int>());
  }
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
  json Root = {{"format", MachineProfileFormat},
               {"version", MachineProfileVersion},
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
  if (!Root.is_object())
    throw InputError(Origin + ": not a machine profile (top level is not an object)");
  FieldReader Read(Origin);
  std::string Format = Read.string(Root, "format", "");
  if (Format != MachineProfileFormat)
    throw InputError(Origin + ": format is '" + Format + "', expected '" + MachineProfileFormat +
                     "'; pass a profile written by energy-ceilings");
  std::int64_t Version = Read.integer(Root, "version", "");
  if (Version != MachineProfileVersion)
    throw InputError(Origin + ": machine profile version " + std::to_string(Version) +
                     " is not supported (this build reads version " +
                     std::to_string(MachineProfileVersion) + "); re-run energy-ceilings --force");
  MachineProfile Profile;
  Profile.Machine = identityFromJson(Read.object(Root, "machine", ""), Read);
  Profile.How = measurementFromJson(Read.object(Root, "measurement", ""), Read);
  for (const auto &Peak : Read.array(Root, "peaks", "")) {
    PeakFlops P;
    P.Precision = Read.string(Peak, "precision", "peaks[].");
    P.Isa = Read.string(Peak, "isa", "peaks[].");
    P.Fma = Read.boolean(Peak, "fma", "peaks[].");
    P.Threads = static_cast<int>(Read.integer(Peak, "threads", "peaks[]."));
    P.Gflops = Read.number(Peak, "gflops", "peaks[].");
    Profile.Peaks.push_back(P);
  }
  for (const auto &Bw : Read.array(Root, "bandwidth", "")) {
    Bandwidth B;
    B.Level = Read.string(Bw, "level", "bandwidth[].");
    B.Kernel = Read.string(Bw, "kernel", "bandwidth[].");
    B.NonTemporal = Read.boolean(Bw, "nontemporal", "bandwidth[].");
    B.Threads = static_cast<int>(Read.integer(Bw, "threads", "bandwidth[]."));
    B.WorkingSetBytes =
        static_cast<std::uint64_t>(Read.integer(Bw, "working_set_bytes", "bandwidth[]."));
    B.GBytesPerSecond = Read.number(Bw, "gbytes_per_s", "bandwidth[].");
    Profile.Bandwidths.push_back(B);
  }
  for (const auto &Sweep : Read.array(Root, "sweeps", "")) {
    BandwidthSweep S;
    S.Kernel = Read.string(Sweep, "kernel", "sweeps[].");
    S.NonTemporal = Read.boolean(Sweep, "nontemporal", "sweeps[].");
    S.Threads = static_cast<int>(Read.integer(Sweep, "threads", "sweeps[]."));
    S.Isa = Read.string(Sweep, "isa", "sweeps[].");
    for (const auto &Point : Read.array(Sweep, "points", "sweeps[].")) {
      if (!Point.is_array() || Point.size() != 2 || !Point[0].is_number_unsigned() ||
          !Point[1].is_number())
        throw InputError(Origin + ": sweeps[].points[] must be [bytes, GB/s] pairs");
      S.Points.push_back({Point[0].get<std::uint64_t>(), Point[1].get<double>()});
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
