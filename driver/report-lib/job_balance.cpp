//===- job_balance.cpp - How evenly a job's ranks worked ------------------===//
#include "energy/report/job_balance.h"

#include <algorithm>
#include <map>

namespace energy::report {

namespace {

/// Measured energies are compared only when every rank has one: a mix of
/// measured and modelled figures would make the imbalance the meters'.
bool everyRankMeasured(const Region &Reg) {
  return std::all_of(Reg.byRank.begin(), Reg.byRank.end(),
                     [](const RankShare &S) { return S.energy && S.energy->measuredJoules; });
}

double rankJoules(const RankShare &S, bool Measured) {
  if (!S.energy)
    return 0.0;
  return Measured ? *S.energy->measuredJoules : S.energy->modelledJoules;
}

RegionBalance balanceOf(const Region &Reg, size_t Index, size_t Ranks) {
  RegionBalance B;
  B.region = Index;
  std::vector<double> Seconds, Joules;
  bool Measured = everyRankMeasured(Reg);
  for (const RankShare &S : Reg.byRank) {
    Seconds.push_back(S.selfSeconds);
    Joules.push_back(rankJoules(S, Measured));
    if (S.selfSeconds > B.slowestSeconds) {
      B.slowestSeconds = S.selfSeconds;
      B.slowestRank = S.rank;
    }
  }
  B.timeImbalance = imbalance(Seconds, Ranks);
  B.energyImbalance = imbalance(Joules, Ranks);
  return B;
}

/// The job as one region: each rank's self time and energy over all regions.
RegionBalance totalBalance(const Report &R, size_t Ranks) {
  std::map<uint64_t, RankShare> PerRank;
  bool Measured = std::all_of(R.regions.begin(), R.regions.end(),
                              [](const Region &Reg) { return everyRankMeasured(Reg); });
  for (const Region &Reg : R.regions)
    for (const RankShare &S : Reg.byRank) {
      RankShare &Sum = PerRank[S.rank];
      Sum.rank = S.rank;
      Sum.selfSeconds += S.selfSeconds;
      if (!Sum.energy)
        Sum.energy = Energy{};
      Sum.energy->modelledJoules += rankJoules(S, /*Measured=*/false);
      if (Measured)
        Sum.energy->measuredJoules = Sum.energy->measuredJoules.value_or(0.0) + rankJoules(S, true);
    }
  Region Job;
  for (const auto &[Rank, Sum] : PerRank)
    Job.byRank.push_back(Sum);
  return balanceOf(Job, R.regions.size(), Ranks);
}

} // namespace

std::optional<double> imbalance(const std::vector<double> &Values, size_t Ranks) {
  double Sum = 0.0, Max = 0.0;
  for (double V : Values) {
    Sum += V;
    Max = std::max(Max, V);
  }
  if (Sum <= 0.0 || Ranks == 0)
    return std::nullopt;
  return Max / (Sum / double(std::max(Ranks, Values.size())));
}

double JobBalance::mpiShare() const {
  return regionSeconds > 0.0 ? mpiSeconds / regionSeconds : 0.0;
}

std::optional<double> timeImbalance(const Report &R, const Region &Reg) {
  if (!R.job || R.job->ranksMerged.empty() || Reg.byRank.empty())
    return std::nullopt;
  return balanceOf(Reg, 0, R.job->ranksMerged.size()).timeImbalance;
}

std::optional<JobBalance> jobBalance(const Report &R) {
  if (!R.job || R.job->ranksMerged.empty())
    return std::nullopt;
  JobBalance B;
  B.ranks = R.job->ranksMerged.size();
  for (size_t I = 0; I < R.regions.size(); ++I) {
    const Region &Reg = R.regions[I];
    B.regionSeconds += Reg.selfSeconds;
    if (Reg.kind == "mpi")
      B.mpiSeconds += Reg.selfSeconds;
    if (Reg.selfSeconds > 0 && !Reg.byRank.empty())
      B.regions.push_back(balanceOf(Reg, I, B.ranks));
  }
  std::stable_sort(B.regions.begin(), B.regions.end(),
                   [](const RegionBalance &A, const RegionBalance &C) {
                     return A.slowestSeconds > C.slowestSeconds;
                   });
  B.total = totalBalance(R, B.ranks);
  return B;
}

} // namespace energy::report
