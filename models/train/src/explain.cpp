//===- explain.cpp - Why a program draws the power it does ----------------===//
#include "energy/train/explain.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace energy::train {

const char *featureGroupName(FeatureGroup G) {
  switch (G) {
  case FeatureGroup::Clock:
    return "clock and cycles";
  case FeatureGroup::Branch:
    return "branch prediction";
  case FeatureGroup::Cache:
    return "caches and TLB";
  case FeatureGroup::Switches:
    return "context switches and migrations";
  case FeatureGroup::Instructions:
    return "instructions";
  case FeatureGroup::Other:
    return "other";
  }
  return "other";
}

FeatureGroup featureGroup(const std::string &F) {
  // The paper's section 3.5 groups, extended to the derived ratios.
  static const std::set<std::string> Clock = {"cycles",
                                              "bus-cycles",
                                              "ref-cycles",
                                              "cpu-clock",
                                              "task-clock",
                                              "stalled-cycles-backend",
                                              "stalled-cycles-frontend",
                                              "cycles-per-second",
                                              "stalled-backend-ratio"};
  static const std::set<std::string> Branch = {"branches", "branch-misses", "branch-loads",
                                               "branch-load-misses", "branch-miss-ratio"};
  static const std::set<std::string> Switches = {"cs", "context-switches", "migrations",
                                                 "cpu-migrations"};
  static const std::set<std::string> Instructions = {"instructions", "ipc",
                                                     "instructions-per-second"};
  if (Clock.count(F))
    return FeatureGroup::Clock;
  if (Branch.count(F))
    return FeatureGroup::Branch;
  if (Switches.count(F))
    return FeatureGroup::Switches;
  if (Instructions.count(F))
    return FeatureGroup::Instructions;
  bool CacheLike = F.starts_with("cache-") || F.starts_with("L1-") || F.starts_with("LLC-") ||
                   F.starts_with("dTLB-") || F.starts_with("iTLB-");
  return CacheLike ? FeatureGroup::Cache : FeatureGroup::Other;
}

nlohmann::json Explanation::toJson() const {
  nlohmann::json Groups = nlohmann::json::object();
  for (size_t G = 0; G < NumFeatureGroups; ++G)
    Groups[featureGroupName(static_cast<FeatureGroup>(G))] = groupWatts[G];
  nlohmann::json Features = nlohmann::json::array();
  for (const auto &[Name, W] : featureWatts)
    Features.push_back({{"feature", Name}, {"watts", W}});
  return {{"class", modelClass},
          {"watts", watts},
          {"base_watts", baseWatts},
          {"groups", Groups},
          {"features", Features}};
}

Explanation explain(const LearnedModel &M, const model::LearnedModel &Predictor,
                    const FeatureValues &Raw, double Seconds, const FeatureValues *Previous) {
  Explanation E;
  E.modelClass = Predictor.classOf(Raw);
  std::vector<double> Values = Predictor.featureRow(Raw, Seconds, Previous);
  Eigen::MatrixXd Row =
      Eigen::Map<const Eigen::RowVectorXd>(Values.data(), static_cast<Eigen::Index>(Values.size()));
  Eigen::RowVectorXd C = M.classes[static_cast<size_t>(E.modelClass)]->contributions(Row).row(0);
  Eigen::Index Bias = C.size() - 1;
  E.baseWatts = C(Bias);
  E.watts = Predictor.predictWatts(Raw, Seconds, Previous);
  for (Eigen::Index F = 0; F < Bias; ++F) {
    const std::string &Name = M.features[static_cast<size_t>(F)];
    E.groupWatts[static_cast<size_t>(featureGroup(Name))] += C(F);
    E.featureWatts.push_back({Name, C(F)});
  }
  std::stable_sort(E.featureWatts.begin(), E.featureWatts.end(), [](const auto &A, const auto &B) {
    return std::abs(A.second) > std::abs(B.second);
  });
  return E;
}

} // namespace energy::train
