//===- energy/roofline/roofline_model.h - Ceilings and regions as points --===//
//
// The roofline of the seed: attainable P = min(peak, bandwidth * I) for each
// ceiling, ridge points at peak / bandwidth, and each region of a report as a
// point (I = self FLOPs / (bytes loaded + stored), the cache-aware roofline
// whose traffic is counted at L1; GFLOP/s = self FLOPs / self time). The roof
// that binds a region is the lowest roof at or above it, as in Intel
// Advisor: a bandwidth roof below the peak means memory-bound at that level.
//
// Threads: a region's self time is summed over the threads that ran it, so
// its GFLOP/s is a rate per thread (what one thread attained while it ran the
// region). It is compared with ceilings per thread: those measured with N
// threads running at once, divided by N, where N is the report's thread count
// (or --threads). A region that two threads ran at 1.2 GFLOP/s each sits at
// 1.2 under half the 2-thread ceilings: the same percentage of attainable as
// its aggregate 2.4 GFLOP/s under the whole 2-thread ceilings.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/machine_profile.h"
#include "energy/roofline/report_regions.h"

#include <optional>
#include <string>
#include <vector>

namespace energy::roofline {

struct ComputeCeiling {
  std::string Precision; // "float" or "double"
  std::string Isa;
  bool Fma = false;
  double Gflops = 0;
  std::string label() const; // "double AVX-512 FMA"
};

struct BandwidthCeiling {
  std::string Level; // "L1".."DRAM"
  std::string Kernel;
  bool NonTemporal = false;
  double GBytesPerSecond = 0;
};

struct RidgePoint {
  std::string Level;
  std::string Precision;
  double Intensity = 0; // FLOP/byte where the level's roof meets the peak
  double Gflops = 0;
};

struct RooflineModel {
  /// The ceilings are those measured with this many threads at once,
  /// divided by it: per thread, as regions' rates are.
  int Threads = 1;
  std::vector<ComputeCeiling> Compute;     // strongest first
  std::vector<BandwidthCeiling> Bandwidth; // innermost level first
  std::vector<RidgePoint> Ridges;          // per level, for each precision's best peak

  /// Best peak for a precision; falls back to the other precision's when
  /// that one was not measured.
  double peak(const std::string &Precision) const;
  /// min(peak, bandwidth * I) for one level.
  double attainable(const BandwidthCeiling &Level, const std::string &Precision,
                    double Intensity) const;
};

/// Ceilings per thread of one thread count: those measured with Threads
/// threads, divided by Threads. Throws InputError when the profile has no
/// ceilings for that count.
RooflineModel buildModel(const MachineProfile &Profile, int Threads);

/// The thread count to take ceilings from for a report run with ReportThreads:
/// the largest measured count not above it, else the smallest measured.
int chooseThreadCount(const MachineProfile &Profile, int ReportThreads);

enum class Bound { Memory, Compute };

/// A point of the hierarchical roofline: the region's FLOPs and GFLOP/s over
/// the traffic a hardware counter saw come from one level (misses of the
/// level above x 64-byte lines).
struct LevelPoint {
  std::string Level; // where the traffic came from: "L2", "L3", "DRAM"...
  std::string Event; // the counter it was read from
  double Bytes = 0;
  double Intensity = 0;
};

struct RegionPoint {
  ReportRegion Region;
  std::string Precision; // dominant precision of its FLOPs
  double Intensity = 0;  // FLOP/byte at L1
  double Gflops = 0;     // attained
  Bound BoundBy = Bound::Memory;
  std::string BindingRoof; // a level ("L2") or a compute label
  double Attainable = 0;   // value of the binding roof at Intensity
  double PercentOfAttainable = 0;
  std::optional<double> WallIntensity; // FLOPs / footprint: compulsory traffic only
  std::vector<LevelPoint> LevelPoints; // from counters, innermost level first
  std::string colourKey() const;       // the level, or "compute"
  /// Modelled joules, or self seconds: what the point's area shows.
  double sizeMetric(bool ByEnergy) const;
};

struct SkippedRegion {
  ReportRegion Region;
  std::string Reason;
};

/// The reason of a region that never ran (ReportRegion::NeverRan): the words
/// name such regions in one line rather than one each.
inline constexpr const char *NeverRanReason = "never ran";

struct RooflineAnalysis {
  RooflineModel Model;
  std::string Program;
  bool SizedByEnergy = false;      // every point has modelled joules: sizes show energy, else time
  std::vector<RegionPoint> Points; // largest size metric first
  std::vector<SkippedRegion> Skipped;
  /// Regions that would have been placed but ran less than MinShare of the
  /// regions' summed self time: left off the plot so that they do not
  /// stretch its axes.
  double MinShare = 0;
  std::vector<ReportRegion> BelowShare;
};

/// energy-report roofline's default for MinShare: 1% of the run's time.
inline constexpr double DefaultMinShare = 0.01;

RegionPoint placeRegion(const RooflineModel &Model, const ReportRegion &Region);

/// The hierarchical points a region's self counters give: L1-dcache-load-misses
/// for the level after L1, LLC-loads for the last cache level, cache-misses
/// (else LLC-load-misses) for DRAM; levels the machine lacks are left out.
std::vector<LevelPoint> levelPoints(const RooflineModel &Model, const ReportRegion &Region);

/// Places every region with FLOPs, bytes and time; the others are listed in
/// Skipped with the reason, and those with less than MinShare of the
/// regions' summed self time in BelowShare. Threads = 0 chooses from the
/// report's thread count.
RooflineAnalysis analyse(const ReportRegions &Report, const MachineProfile &Profile,
                         int Threads = 0, double MinShare = 0);

} // namespace energy::roofline
