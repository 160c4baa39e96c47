//===- roofline_model.cpp - Ceilings, ridge points, bounds of regions -----===//
#include "energy/roofline/roofline_model.h"

#include "energy/roofline/input_error.h"

#include <algorithm>
#include <map>

namespace energy::roofline {

static std::string isaName(const std::string &Isa) {
  static const std::map<std::string, std::string> Names = {
      {"scalar", "scalar"}, {"sse", "SSE"}, {"avx2", "AVX2"}, {"avx512", "AVX-512"}};
  auto It = Names.find(Isa);
  return It == Names.end() ? Isa : It->second;
}

std::string ComputeCeiling::label() const {
  return Precision + " " + isaName(Isa) + (Fma ? " FMA" : "");
}

double RooflineModel::peak(const std::string &Precision) const {
  double Best = 0, Any = 0;
  for (const auto &C : Compute) {
    Any = std::max(Any, C.Gflops);
    if (C.Precision == Precision)
      Best = std::max(Best, C.Gflops);
  }
  return Best > 0 ? Best : Any;
}

double RooflineModel::attainable(const BandwidthCeiling &Level, const std::string &Precision,
                                 double Intensity) const {
  return std::min(peak(Precision), Level.GBytesPerSecond * Intensity);
}

RooflineModel buildModel(const MachineProfile &Profile, int Threads) {
  RooflineModel Model;
  Model.Threads = Threads;
  double PerThread = 1.0 / Threads;
  for (const auto &Peak : Profile.Peaks)
    if (Peak.Threads == Threads)
      Model.Compute.push_back({Peak.Precision, Peak.Isa, Peak.Fma, Peak.Gflops * PerThread});
  std::sort(Model.Compute.begin(), Model.Compute.end(),
            [](const ComputeCeiling &A, const ComputeCeiling &B) { return A.Gflops > B.Gflops; });
  for (const auto &Bw : bestBandwidthPerLevel(Profile, Threads))
    Model.Bandwidth.push_back(
        {Bw.Level, Bw.Kernel, Bw.NonTemporal, Bw.GBytesPerSecond * PerThread});
  if (Model.Compute.empty() || Model.Bandwidth.empty())
    throw InputError(
        "machine profile has no ceilings for " + std::to_string(Threads) +
        " thread(s); re-run energy-ceilings, or choose --threads among those measured");
  for (const char *Precision : {"double", "float"}) {
    bool Measured = std::any_of(Model.Compute.begin(), Model.Compute.end(),
                                [&](const ComputeCeiling &C) { return C.Precision == Precision; });
    if (!Measured)
      continue;
    double Peak = Model.peak(Precision);
    for (const auto &Level : Model.Bandwidth)
      Model.Ridges.push_back({Level.Level, Precision, Peak / Level.GBytesPerSecond, Peak});
  }
  return Model;
}

int chooseThreadCount(const MachineProfile &Profile, int ReportThreads) {
  std::vector<int> Counts = measuredThreadCounts(Profile);
  if (Counts.empty())
    return 1;
  int Chosen = Counts.front();
  for (int Count : Counts)
    if (Count <= ReportThreads)
      Chosen = Count;
  return Chosen;
}

static std::string dominantPrecision(const RegionCounts &Counts) {
  return Counts.FlopsFloat + Counts.FlopsHalf > Counts.FlopsDouble ? "float" : "double";
}

std::string RegionPoint::colourKey() const {
  return BoundBy == Bound::Compute ? "compute" : BindingRoof;
}

double RegionPoint::sizeMetric(bool ByEnergy) const {
  return ByEnergy ? Region.ModelledJoules.value_or(0) : Region.SelfSeconds;
}

RegionPoint placeRegion(const RooflineModel &Model, const ReportRegion &Region) {
  RegionPoint Point;
  Point.Region = Region;
  Point.Precision = dominantPrecision(Region.Counts);
  double Bytes = static_cast<double>(Region.Counts.BytesLoaded + Region.Counts.BytesStored);
  double Flops = static_cast<double>(Region.Counts.Flops);
  Point.Intensity = Flops / Bytes;
  Point.Gflops = Flops / Region.SelfSeconds / 1e9;
  if (Region.FootprintBytes && *Region.FootprintBytes > 0)
    Point.WallIntensity = Flops / static_cast<double>(*Region.FootprintBytes);
  Point.LevelPoints = levelPoints(Model, Region);

  // Roofs grow from the outermost level inwards; the first one at or above
  // the point is what it runs into. Above every roof, the top one binds.
  double Peak = Model.peak(Point.Precision);
  const BandwidthCeiling *Binding = &Model.Bandwidth.front();
  for (auto It = Model.Bandwidth.rbegin(); It != Model.Bandwidth.rend(); ++It) {
    if (Model.attainable(*It, Point.Precision, Point.Intensity) >= Point.Gflops) {
      Binding = &*It;
      break;
    }
  }
  Point.Attainable = Model.attainable(*Binding, Point.Precision, Point.Intensity);
  if (Binding->GBytesPerSecond * Point.Intensity >= Peak) {
    Point.BoundBy = Bound::Compute;
    auto Top = std::find_if(Model.Compute.begin(), Model.Compute.end(),
                            [&](const ComputeCeiling &C) { return C.Gflops == Peak; });
    Point.BindingRoof = Top->label() + " peak";
  } else {
    Point.BoundBy = Bound::Memory;
    Point.BindingRoof = Binding->Level;
  }
  Point.PercentOfAttainable = 100.0 * Point.Gflops / Point.Attainable;
  return Point;
}

std::vector<LevelPoint> levelPoints(const RooflineModel &Model, const ReportRegion &Region) {
  constexpr double LineBytes = 64;
  // Cache levels innermost first, without DRAM: traffic into level K comes from K + 1.
  std::vector<std::string> Caches;
  for (const auto &Level : Model.Bandwidth)
    if (Level.Level != "DRAM")
      Caches.push_back(Level.Level);
  struct Source {
    std::vector<const char *> Events; // the first one present is used
    std::string Level;
  };
  std::vector<Source> Sources;
  if (Caches.size() >= 2)
    Sources.push_back({{"L1-dcache-load-misses"}, Caches[1]});
  if (Caches.size() >= 3)
    Sources.push_back({{"LLC-loads"}, Caches.back()});
  Sources.push_back({{"cache-misses", "LLC-load-misses"}, "DRAM"});

  std::vector<LevelPoint> Points;
  for (const auto &Source : Sources)
    for (const char *Event : Source.Events) {
      auto It = Region.SelfCounters.find(Event);
      if (It == Region.SelfCounters.end())
        continue;
      if (It->second > 0) {
        double Bytes = It->second * LineBytes;
        Points.push_back(
            {Source.Level, Event, Bytes, static_cast<double>(Region.Counts.Flops) / Bytes});
      }
      break;
    }
  return Points;
}

static std::string skipReason(const ReportRegion &Region) {
  if (Region.NeverRan)
    return NeverRanReason;
  if (Region.Counts.Flops == 0)
    return "no floating-point operations";
  if (Region.Counts.BytesLoaded + Region.Counts.BytesStored == 0)
    return "no memory traffic: its intensity is infinite";
  if (Region.SelfSeconds <= 0)
    return "no self time measured";
  return {};
}

static double regionSeconds(const ReportRegions &Report) {
  double Sum = 0;
  for (const auto &Region : Report.Regions)
    Sum += Region.SelfSeconds;
  return Sum;
}

RooflineAnalysis analyse(const ReportRegions &Report, const MachineProfile &Profile, int Threads,
                         double MinShare) {
  RooflineAnalysis Analysis;
  Analysis.Model =
      buildModel(Profile, Threads > 0 ? Threads : chooseThreadCount(Profile, Report.Threads));
  Analysis.Program = Report.Program;
  Analysis.MinShare = MinShare;
  double Run = regionSeconds(Report);
  for (const auto &Region : Report.Regions) {
    if (std::string Reason = skipReason(Region); !Reason.empty()) {
      Analysis.Skipped.push_back({Region, Reason});
      continue;
    }
    if (Region.SelfSeconds < MinShare * Run) {
      Analysis.BelowShare.push_back(Region);
      continue;
    }
    Analysis.Points.push_back(placeRegion(Analysis.Model, Region));
  }
  Analysis.SizedByEnergy =
      !Analysis.Points.empty() &&
      std::all_of(Analysis.Points.begin(), Analysis.Points.end(), [](const RegionPoint &P) {
        return P.Region.ModelledJoules && *P.Region.ModelledJoules > 0;
      });
  // Largest first; ties in report order so that output is deterministic.
  std::sort(Analysis.Points.begin(), Analysis.Points.end(),
            [&](const RegionPoint &A, const RegionPoint &B) {
              double MA = A.sizeMetric(Analysis.SizedByEnergy),
                     MB = B.sizeMetric(Analysis.SizedByEnergy);
              return MA != MB ? MA > MB : A.Region.Id < B.Region.Id;
            });
  return Analysis;
}

} // namespace energy::roofline
