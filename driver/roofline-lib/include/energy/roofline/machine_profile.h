//===- energy/roofline/machine_profile.h - Measured machine ceilings ------===//
//
// The machine profile (format::MachineProfile in support/Formats.h,
// docs/formats/machine-profile.md): what energy-ceilings measured on one
// machine. In-core ceilings are peak FLOP/s per precision, instruction set,
// FMA or not, and thread count; bandwidth ceilings are GB/s per memory level,
// kernel and thread count, with the working-set sweeps they were taken from.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/machine_identity.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace energy::roofline {

/// Peak floating-point throughput of one kernel: Isa is "scalar", "sse",
/// "avx2" or "avx512" (vector width 64, 128, 256, 512 bits); Precision is
/// "float" or "double".
struct PeakFlops {
  std::string Precision;
  std::string Isa;
  bool Fma = false;
  int Threads = 1;
  double Gflops = 0;
};

/// Bandwidth of one kernel ("load", "copy", "triad") at one memory level
/// ("L1", "L2", "L3", "DRAM"), taken at WorkingSetBytes per thread.
struct Bandwidth {
  std::string Level;
  std::string Kernel;
  bool NonTemporal = false;
  int Threads = 1;
  std::uint64_t WorkingSetBytes = 0;
  double GBytesPerSecond = 0;
};

struct SweepPoint {
  std::uint64_t WorkingSetBytes = 0; // per thread
  double GBytesPerSecond = 0;        // all threads together
};

struct BandwidthSweep {
  std::string Kernel;
  bool NonTemporal = false;
  int Threads = 1;
  std::string Isa;
  std::vector<SweepPoint> Points;
};

struct Measurement {
  std::string Tool;
  std::string ToolVersion;
  std::string Date; // ISO 8601 UTC
  bool Quick = false;
  bool Pinned = false;
  double BudgetSeconds = 0;
  double ElapsedSeconds = 0;
  std::vector<int> ThreadCounts;
};

struct MachineProfile {
  MachineIdentity Machine;
  Measurement How;
  std::vector<PeakFlops> Peaks;
  std::vector<Bandwidth> Bandwidths;
  std::vector<BandwidthSweep> Sweeps;
};

/// Throws InputError naming the first inconsistency (empty ceilings, a
/// non-positive or non-finite figure, an unknown level, ISA or precision).
void validateProfile(const MachineProfile &Profile);

std::string profileToJson(const MachineProfile &Profile);
/// Parses and validates; Origin names the source in error messages.
MachineProfile profileFromJson(const std::string &Text, const std::string &Origin);

MachineProfile readProfile(const std::filesystem::path &Path);
/// Writes atomically (temporary file, then rename), creating directories.
/// Throws std::runtime_error with a one-line message on I/O failure.
void writeProfile(const MachineProfile &Profile, const std::filesystem::path &Path);

/// The best peak for a precision and thread count, over every ISA and FMA.
std::optional<PeakFlops> bestPeak(const MachineProfile &Profile, const std::string &Precision,
                                  int Threads);
/// The best bandwidth per level for a thread count, innermost level first.
std::vector<Bandwidth> bestBandwidthPerLevel(const MachineProfile &Profile, int Threads);
/// The thread counts measured, ascending.
std::vector<int> measuredThreadCounts(const MachineProfile &Profile);

/// A human-readable table of the profile's ceilings (energy-ceilings --show).
std::string formatProfileSummary(const MachineProfile &Profile);

} // namespace energy::roofline
