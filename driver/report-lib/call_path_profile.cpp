//===- call_path_profile.cpp - Splitting region figures among call paths --===//
#include "energy/report/call_path_profile.h"

#include "energy/report/apportion.h"
#include "energy/report/region_paths.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace energy::report {

namespace {

constexpr std::array<MetricInfo, MetricCount> Infos = {{
    {"energy", "nanojoules"},
    {"time", "nanoseconds"},
    {"flops", "count"},
    {"bytes", "bytes"},
    {"instructions", "count"},
}};

uint64_t nanos(double Units) {
  return Units > 0 ? static_cast<uint64_t>(std::llround(Units * 1e9)) : 0;
}

size_t index(Metric M) { return static_cast<size_t>(M); }

/// The report's totals, and each region's integer share of them.
struct RegionFigures {
  MetricValues totals{};
  std::vector<MetricValues> perRegion;
  uint64_t energyOutsideRegions = 0; // measured only
};

/// A region's measured energy is the meters' energy while it was on top of
/// a thread's stack; what the meters counted while none was is the rest of
/// the measured total, given to one more share.
void splitEnergy(const Report &R, bool Measured, RegionFigures &F) {
  std::vector<double> Joules;
  for (const Region &Reg : R.regions)
    Joules.push_back(Measured ? Reg.energy.measuredJoules.value_or(0.0)
                              : Reg.energy.modelledJoules);
  double Total =
      Measured ? R.totalEnergy.measuredJoules.value_or(0.0) : R.totalEnergy.modelledJoules;
  if (Measured)
    Joules.push_back(std::max(0.0, Total - std::accumulate(Joules.begin(), Joules.end(), 0.0)));
  F.totals[index(Metric::Energy)] = nanos(Total);
  auto Shares = apportion(nanos(Total), Joules);
  for (size_t I = 0; I < R.regions.size(); ++I)
    F.perRegion[I][index(Metric::Energy)] = Shares[I];
  if (Measured)
    F.energyOutsideRegions = Shares.back();
}

/// The report has no total of self times; theirs is the sum, rounded once.
void splitTime(const Report &R, RegionFigures &F) {
  std::vector<double> Seconds;
  for (const Region &Reg : R.regions)
    Seconds.push_back(Reg.selfSeconds);
  uint64_t Total = nanos(std::accumulate(Seconds.begin(), Seconds.end(), 0.0));
  F.totals[index(Metric::Time)] = Total;
  auto Shares = apportion(Total, Seconds);
  for (size_t I = 0; I < R.regions.size(); ++I)
    F.perRegion[I][index(Metric::Time)] = Shares[I];
}

/// Exact counts: the regions' counts add up to the totals, so each share is
/// the region's own count (apportion scales only a damaged report's).
template <typename CountOf>
void splitCount(const Report &R, Metric M, uint64_t Total, CountOf Count, RegionFigures &F) {
  std::vector<uint64_t> Counts;
  for (const Region &Reg : R.regions)
    Counts.push_back(Count(Reg));
  F.totals[index(M)] = Total;
  auto Shares = apportion(Total, Counts);
  for (size_t I = 0; I < R.regions.size(); ++I)
    F.perRegion[I][index(M)] = Shares[I];
}

RegionFigures regionFigures(const Report &R, bool Measured) {
  RegionFigures F;
  F.perRegion.resize(R.regions.size());
  splitEnergy(R, Measured, F);
  splitTime(R, F);
  splitCount(R, Metric::Flops, R.totalFlops, [](const Region &Reg) { return Reg.flops; }, F);
  splitCount(
      R, Metric::Bytes, R.totalCounts.bytesLoaded + R.totalCounts.bytesStored,
      [](const Region &Reg) { return Reg.bytesMoved(); }, F);
  splitCount(
      R, Metric::Instructions, R.totalCounts.instructions,
      [](const Region &Reg) { return Reg.counts.instructions; }, F);
  return F;
}

/// The stacks one region's figures go to, with the weight of each: its
/// call-tree nodes, and its nesting path for what they lack.
struct RegionPaths {
  std::vector<size_t> samples; // indices into the profile's samples
  std::vector<double> seconds;
  std::vector<double> calls;
};

/// Self time the region's nodes do not hold, beyond rounding of the times
/// the runtime wrote (which agree to far better than a nanosecond).
double untrackedSeconds(const Region &Reg, double NodeSeconds) {
  double Rest = Reg.selfSeconds - NodeSeconds;
  return Rest >= 1e-9 && Rest > 1e-9 * Reg.selfSeconds ? Rest : 0.0;
}

std::vector<uint64_t> sharesOf(uint64_t Total, const RegionPaths &P) {
  auto Positive = [](const std::vector<double> &W) {
    return std::any_of(W.begin(), W.end(), [](double X) { return X > 0; });
  };
  if (Positive(P.seconds))
    return apportion(Total, P.seconds);
  if (Positive(P.calls))
    return apportion(Total, P.calls);
  return apportion(Total, std::vector<double>(P.samples.size(), 0.0));
}

bool anyValue(const MetricValues &V) {
  return std::any_of(V.begin(), V.end(), [](uint64_t X) { return X > 0; });
}

} // namespace

const MetricInfo &metricInfo(Metric M) { return Infos[index(M)]; }

std::string energySource(const Report &R) {
  if (!R.hasMeasuredEnergy())
    return "modelled by " + (R.model ? R.model->name : std::string("no model"));
  std::string Meters;
  for (const Source &S : R.sources)
    if (S.kind == "energy" && S.used)
      Meters += (Meters.empty() ? "" : ", ") + S.name;
  return "measured by " + (Meters.empty() ? std::string("a meter") : Meters);
}

CallPathProfile callPathProfile(const Report &R) {
  CallPathProfile P;
  P.measuredEnergy = R.hasMeasuredEnergy();
  RegionFigures F = regionFigures(R, P.measuredEnergy);
  P.totals = F.totals;

  std::vector<PathSample> Samples;
  std::vector<RegionPaths> Paths(R.regions.size());
  const std::vector<CallTreeNode> NoTree;
  const std::vector<CallTreeNode> &Nodes = R.callTree ? *R.callTree : NoTree;
  for (size_t I = 0; I < Nodes.size(); ++I) {
    Samples.push_back({callPath(Nodes, I), StackOrigin::CallTree, {}});
    RegionPaths &RP = Paths[Nodes[I].region];
    RP.samples.push_back(I);
    RP.seconds.push_back(Nodes[I].selfSeconds);
    RP.calls.push_back(static_cast<double>(Nodes[I].calls));
  }
  std::vector<size_t> NestingSamples;
  for (size_t Id = 0; Id < R.regions.size(); ++Id) {
    const Region &Reg = R.regions[Id];
    RegionPaths &RP = Paths[Id];
    double NodeSeconds = std::accumulate(RP.seconds.begin(), RP.seconds.end(), 0.0);
    double NodeCalls = std::accumulate(RP.calls.begin(), RP.calls.end(), 0.0);
    double Untracked = untrackedSeconds(Reg, NodeSeconds);
    if (RP.samples.empty() || Untracked > 0) {
      NestingSamples.push_back(Samples.size());
      RP.samples.push_back(Samples.size());
      RP.seconds.push_back(RP.seconds.empty() ? Reg.selfSeconds : Untracked);
      RP.calls.push_back(std::max(0.0, static_cast<double>(Reg.calls) - NodeCalls));
      Samples.push_back({nestingPath(R, Id), StackOrigin::RegionNesting, {}});
    }
    for (size_t M = 0; M < MetricCount; ++M) {
      auto Shares = sharesOf(F.perRegion[Id][M], RP);
      for (size_t K = 0; K < Shares.size(); ++K)
        Samples[RP.samples[K]].values[M] = Shares[K];
    }
  }
  for (size_t S : NestingSamples)
    P.regionsOutsideTree += anyValue(Samples[S].values);
  if (F.energyOutsideRegions > 0) {
    PathSample Outside{{}, StackOrigin::OutsideRegions, {}};
    Outside.values[index(Metric::Energy)] = F.energyOutsideRegions;
    Samples.push_back(Outside);
  }
  for (PathSample &S : Samples)
    if (anyValue(S.values))
      P.samples.push_back(std::move(S));
  return P;
}

} // namespace energy::report
