//===- machine_identity.cpp - CPU model, ISA and caches of this machine ---===//
#include "energy/roofline/machine_identity.h"

#include <algorithm>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace energy::roofline {
namespace fs = std::filesystem;

static std::string readFirstLine(const fs::path &Path) {
  std::ifstream In(Path);
  std::string Line;
  std::getline(In, Line);
  return Line;
}

static std::string readCpuModel() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.rfind("model name", 0) != 0)
      continue;
    auto Colon = Line.find(':');
    if (Colon == std::string::npos)
      continue;
    auto Start = Line.find_first_not_of(" \t", Colon + 1);
    return Start == std::string::npos ? std::string() : Line.substr(Start);
  }
  return "unknown CPU";
}

// Only the instruction sets that change the in-core ceilings are recorded.
static std::vector<std::string> detectIsa() {
  std::vector<std::string> Isa;
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("sse2"))
    Isa.push_back("sse2");
  if (__builtin_cpu_supports("fma"))
    Isa.push_back("fma");
  if (__builtin_cpu_supports("avx2"))
    Isa.push_back("avx2");
  if (__builtin_cpu_supports("avx512f"))
    Isa.push_back("avx512f");
#endif
  return Isa;
}

std::uint64_t parseSysfsSize(const std::string &Text) {
  char *End = nullptr;
  unsigned long long Value = std::strtoull(Text.c_str(), &End, 10);
  if (End == Text.c_str())
    return 0;
  switch (*End) {
  case 'K':
    return Value << 10;
  case 'M':
    return Value << 20;
  case 'G':
    return Value << 30;
  default:
    return Value;
  }
}

// shared_cpu_list looks like "0-1,4-5": count the CPUs it names.
static int countCpuList(const std::string &List) {
  int Count = 0;
  std::stringstream Stream(List);
  std::string Range;
  while (std::getline(Stream, Range, ',')) {
    int First = 0, Last = 0;
    if (std::sscanf(Range.c_str(), "%d-%d", &First, &Last) == 2)
      Count += Last - First + 1;
    else if (!Range.empty())
      ++Count;
  }
  return Count > 0 ? Count : 1;
}

std::vector<CacheLevel> readSysfsCaches(const fs::path &CacheDir) {
  std::vector<CacheLevel> Levels;
  for (int Index = 0;; ++Index) {
    fs::path Dir = CacheDir / ("index" + std::to_string(Index));
    std::error_code Ec;
    if (!fs::is_directory(Dir, Ec))
      break;
    CacheLevel Cache;
    Cache.Type = readFirstLine(Dir / "type");
    if (Cache.Type == "Instruction")
      continue;
    Cache.Level = std::atoi(readFirstLine(Dir / "level").c_str());
    Cache.SizeBytes = parseSysfsSize(readFirstLine(Dir / "size"));
    Cache.SharedCpus = countCpuList(readFirstLine(Dir / "shared_cpu_list"));
    if (Cache.Level > 0 && Cache.SizeBytes > 0)
      Levels.push_back(Cache);
  }
  std::sort(Levels.begin(), Levels.end(),
            [](const CacheLevel &A, const CacheLevel &B) { return A.Level < B.Level; });
  return Levels;
}

std::vector<CacheLevel> decodeCpuidCaches(const std::vector<CpuidCacheLeaf> &Leaves,
                                          int LogicalCpus) {
  std::vector<CacheLevel> Levels;
  for (const CpuidCacheLeaf &Leaf : Leaves) {
    unsigned Type = Leaf.Eax & 0x1f; // 1 data, 2 instruction, 3 unified
    if (Type != 1 && Type != 3)
      continue;
    CacheLevel Cache;
    Cache.Type = Type == 1 ? "Data" : "Unified";
    Cache.Level = int((Leaf.Eax >> 5) & 0x7);
    std::uint64_t LineBytes = (Leaf.Ebx & 0xfff) + 1;
    std::uint64_t Partitions = ((Leaf.Ebx >> 12) & 0x3ff) + 1;
    std::uint64_t Ways = ((Leaf.Ebx >> 22) & 0x3ff) + 1;
    std::uint64_t Sets = std::uint64_t(Leaf.Ecx) + 1;
    Cache.SizeBytes = LineBytes * Partitions * Ways * Sets;
    // The leaf gives the most IDs that may share it, a power of two: a
    // VM's CPUs share no more than there are.
    int Sharing = int(((Leaf.Eax >> 14) & 0xfff) + 1);
    Cache.SharedCpus = std::max(1, LogicalCpus > 0 ? std::min(Sharing, LogicalCpus) : Sharing);
    if (Cache.Level > 0)
      Levels.push_back(Cache);
  }
  std::sort(Levels.begin(), Levels.end(),
            [](const CacheLevel &A, const CacheLevel &B) { return A.Level < B.Level; });
  return Levels;
}

std::vector<CacheLevel> decodeAmdCacheLeaves(std::uint32_t L1Ecx, std::uint32_t L2Ecx,
                                             std::uint32_t L3Edx, int LogicalCpus) {
  std::vector<CacheLevel> Levels;
  auto Add = [&](int Level, const char *Type, std::uint64_t KiB, int Shared) {
    if (KiB)
      Levels.push_back({Level, Type, KiB << 10, std::max(1, Shared)});
  };
  Add(1, "Data", L1Ecx >> 24, 1);
  Add(2, "Unified", L2Ecx >> 16, 1);
  Add(3, "Unified", std::uint64_t(L3Edx >> 18) * 512, LogicalCpus);
  return Levels;
}

/// The cache levels CPUID describes: AMD's leaf 0x8000001D where it has
/// topology extensions, else Intel's leaf 4, else AMD's older leaves (a
/// virtual machine's AMD CPU may offer only those).
static std::vector<CacheLevel> readCpuidCaches(int LogicalCpus) {
#if defined(__x86_64__) || defined(__i386__)
  unsigned Eax, Ebx, Ecx, Edx;
  unsigned MaxExtended = __get_cpuid_max(0x80000000, nullptr);
  bool Topology = MaxExtended >= 0x8000001D && __get_cpuid(0x80000001, &Eax, &Ebx, &Ecx, &Edx) &&
                  (Ecx & (1u << 22));
  unsigned Leaf = Topology ? 0x8000001D : 4;
  std::vector<CpuidCacheLeaf> Leaves;
  for (unsigned Sub = 0; Sub < 16; ++Sub) {
    if (!__get_cpuid_count(Leaf, Sub, &Eax, &Ebx, &Ecx, &Edx) || (Eax & 0x1f) == 0)
      break;
    Leaves.push_back({Eax, Ebx, Ecx});
  }
  if (!Leaves.empty())
    return decodeCpuidCaches(Leaves, LogicalCpus);
  if (MaxExtended >= 0x80000006) {
    unsigned L1Ecx;
    __get_cpuid(0x80000005, &Eax, &Ebx, &L1Ecx, &Edx);
    __get_cpuid(0x80000006, &Eax, &Ebx, &Ecx, &Edx);
    return decodeAmdCacheLeaves(L1Ecx, Ecx, Edx, LogicalCpus);
  }
#endif
  return {};
}

std::string machineHash(const MachineIdentity &Machine) {
  std::string Key = Machine.CpuModel + "|" + std::to_string(Machine.LogicalCpus);
  for (const auto &Isa : Machine.Isa)
    Key += "|" + Isa;
  for (const auto &Cache : Machine.Caches)
    Key += "|L" + std::to_string(Cache.Level) + ":" + std::to_string(Cache.SizeBytes) + "/" +
           std::to_string(Cache.SharedCpus);
  std::uint64_t Hash = 1469598103934665603ull;
  for (unsigned char C : Key) {
    Hash ^= C;
    Hash *= 1099511628211ull;
  }
  char Text[17];
  std::snprintf(Text, sizeof Text, "%016llx", static_cast<unsigned long long>(Hash));
  return Text;
}

MachineIdentity detectMachine() {
  MachineIdentity Machine;
  Machine.CpuModel = readCpuModel();
  Machine.LogicalCpus = static_cast<int>(std::thread::hardware_concurrency());
  Machine.Isa = detectIsa();
  Machine.Caches = readSysfsCaches("/sys/devices/system/cpu/cpu0/cache");
  if (Machine.Caches.empty())
    Machine.Caches = readCpuidCaches(Machine.LogicalCpus);
  Machine.Hash = machineHash(Machine);
  return Machine;
}

fs::path defaultProfilePath(const MachineIdentity &Machine) {
  fs::path Base;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Base = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Base = fs::path(Home) / ".cache";
  else
    Base = fs::temp_directory_path();
  return Base / "energypass" / ("machine-" + Machine.Hash + ".json");
}

} // namespace energy::roofline
