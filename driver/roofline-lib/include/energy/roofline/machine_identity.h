//===- energy/roofline/machine_identity.h - Which machine is this ---------===//
//
// What identifies a machine for its roofline: CPU model, logical CPUs, the
// instruction sets that matter for peak FLOP/s, and the cache hierarchy read
// from sysfs. Its hash names the cached profile
// (~/.cache/energypass/machine-<hash>.json), so energy-ceilings measures once
// per machine and reports find the profile without being told.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace energy::roofline {

struct CacheLevel {
  int Level = 0;    // 1, 2, 3...
  std::string Type; // "Data" or "Unified" (instruction caches are dropped)
  std::uint64_t SizeBytes = 0;
  int SharedCpus = 1; // logical CPUs sharing one instance
};

struct MachineIdentity {
  std::string CpuModel;
  int LogicalCpus = 0;
  std::vector<std::string> Isa;   // subset of: sse2 fma avx2 avx512f
  std::vector<CacheLevel> Caches; // data/unified levels, innermost first
  std::string Hash;               // 16 hex digits over all of the above
};

/// Reads /proc/cpuinfo, the CPU's ISA support and
/// /sys/devices/system/cpu/cpu0/cache (the CPU's own cache leaves where a
/// virtual machine's kernel lists no caches); missing files leave fields
/// empty.
MachineIdentity detectMachine();

/// One deterministic-cache-parameters leaf of CPUID (Intel's leaf 4, AMD's
/// 0x8000001D: the same layout), as its registers EAX, EBX and ECX.
struct CpuidCacheLeaf {
  std::uint32_t Eax = 0, Ebx = 0, Ecx = 0;
};

/// The data and unified levels those leaves describe, innermost first,
/// each shared by at most LogicalCpus. Exposed so that tests can give it
/// recorded leaves.
std::vector<CacheLevel> decodeCpuidCaches(const std::vector<CpuidCacheLeaf> &Leaves,
                                          int LogicalCpus);

/// The levels AMD's older leaves give: 0x80000005's ECX (L1 data),
/// 0x80000006's ECX (L2) and EDX (L3). They give sizes, not sharing: L1 and
/// L2 are taken as a core's own, L3 as shared by all LogicalCpus.
std::vector<CacheLevel> decodeAmdCacheLeaves(std::uint32_t L1Ecx, std::uint32_t L2Ecx,
                                             std::uint32_t L3Edx, int LogicalCpus);

/// Reads the cache levels from a sysfs cache directory (index0, index1...).
/// Exposed so that tests can point it at a fixture tree.
std::vector<CacheLevel> readSysfsCaches(const std::filesystem::path &CacheDir);

/// Parses sysfs sizes such as "48K", "2048K", "260M".
std::uint64_t parseSysfsSize(const std::string &Text);

/// FNV-1a over model, CPU count, ISA and caches, as 16 hex digits.
std::string machineHash(const MachineIdentity &Machine);

/// $XDG_CACHE_HOME/energypass (or ~/.cache/energypass)/machine-<hash>.json.
std::filesystem::path defaultProfilePath(const MachineIdentity &Machine);

} // namespace energy::roofline
