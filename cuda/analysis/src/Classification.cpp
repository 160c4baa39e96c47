// Classification: the documented statistics, their default thresholds and the verdicts.
#include "energy/gpu/Classification.h"

#include "energy/gpu/Analysis.h"
#include "energy/gpu/InputError.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace energy::gpu {

const std::vector<StatisticDefinition> &statisticDefinitions() {
  static const std::vector<StatisticDefinition> Defs = {
      {"divergent_warp_share", "divergence", "at_least",
       "share of warps with at least one divergent branch", 0.05},
      {"branch_efficiency", "divergence", "at_most",
       "uniform branches / executed branches (Nsight Compute's branch efficiency)", 0.90},
      {"warp_execution_efficiency", "divergence", "at_most",
       "mean active threads per executed warp instruction / warp size", 0.80},
      {"mean_warp_distance", "behaviour", "at_least",
       "mean basic-block-vector distance between threads of the same warp", 1.0},
      {"warp_sync_ratio", "behaviour", "at_most",
       "share of same-warp thread pairs with identical basic-block vectors", 0.95},
      {"behaviour_clusters", "behaviour", "at_least", "number of behaviour clusters chosen by BIC",
       2},
  };
  return Defs;
}

Thresholds::Thresholds() {
  for (const StatisticDefinition &D : statisticDefinitions())
    Values[D.Name] = D.DefaultThreshold;
}

void Thresholds::set(const std::string &Assignment) {
  size_t Eq = Assignment.find('=');
  std::string Name = Assignment.substr(0, Eq);
  if (Eq == std::string::npos || !Values.count(Name)) {
    std::string Known;
    for (const StatisticDefinition &D : statisticDefinitions())
      Known += (Known.empty() ? "" : ", ") + D.Name;
    throw InputError("bad threshold '" + Assignment + "': expected NAME=VALUE with NAME one of " +
                     Known);
  }
  std::string Text = Assignment.substr(Eq + 1);
  double V = 0;
  auto [Ptr, Ec] = std::from_chars(Text.data(), Text.data() + Text.size(), V);
  if (Text.empty() || Ec != std::errc() || Ptr != Text.data() + Text.size() || !std::isfinite(V))
    throw InputError("bad threshold value '" + Text + "' for " + Name + ": expected a number");
  Values[Name] = V;
}

namespace {
double valueOf(const std::string &Name, const KernelAnalysis &A) {
  if (Name == "divergent_warp_share")
    return A.Divergence.Warps ? double(A.Divergence.DivergentWarps) / double(A.Divergence.Warps)
                              : 0;
  if (Name == "branch_efficiency")
    return A.Divergence.BranchEfficiency;
  if (Name == "warp_execution_efficiency")
    return A.Divergence.WarpExecutionEfficiency;
  if (Name == "mean_warp_distance")
    return A.Warps.MeanDistance;
  if (Name == "warp_sync_ratio")
    return A.Warps.SyncRatio;
  return double(A.Clusters.K);
}
} // namespace

ClassificationResult classify(const KernelAnalysis &A, const Thresholds &T) {
  ClassificationResult R;
  for (const StatisticDefinition &D : statisticDefinitions()) {
    Statistic S;
    S.Definition = &D;
    S.Value = valueOf(D.Name, A);
    S.Threshold = T.get(D.Name);
    S.Significant = D.Direction == "at_least" ? S.Value >= S.Threshold : S.Value <= S.Threshold;
    if (S.Significant) {
      (D.Class == "divergence" ? R.DivergenceSignificant : R.BehaviourSignificant) = true;
      char Buf[160];
      std::snprintf(Buf, sizeof Buf, "%s %.4g %s %.4g", D.Name.c_str(), S.Value,
                    D.Direction == "at_least" ? ">=" : "<=", S.Threshold);
      R.Reasons.push_back(Buf);
    }
    R.Statistics.push_back(S);
  }
  return R;
}

} // namespace energy::gpu
