//===- energy/train/explain.h - Why a program draws the power it does -----===//
//
// The paper's cause analysis: a prediction split into the contributions of
// its feature groups (clock and cycles; branch prediction; caches and TLB;
// context switches and migrations; instructions). For linear models a
// feature's contribution is c_i x_i; for tree ensembles it is its TreeSHAP
// value. The base is the intercept (linear) or the ensemble's mean output.
//
// energy-report explain wires it in one call:
//   energy::train::explain(LearnedModel::load(Path), Counters, Seconds)
// where Counters maps perf event names to the region's counts.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_EXPLAIN_H
#define ENERGY_TRAIN_EXPLAIN_H

#include "energy/train/learned_model.h"

#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace energy::train {

enum class FeatureGroup { Clock, Branch, Cache, Switches, Instructions, Other };
inline constexpr size_t NumFeatureGroups = 6;

const char *featureGroupName(FeatureGroup G);
/// The paper's group of a perf event or derived ratio.
FeatureGroup featureGroup(const std::string &Feature);

struct Explanation {
  int modelClass = 0;
  double watts = 0.0;     ///< predicted power
  double baseWatts = 0.0; ///< intercept or ensemble bias
  std::array<double, NumFeatureGroups> groupWatts{};
  /// (feature, watts), largest magnitude first.
  std::vector<std::pair<std::string, double>> featureWatts;

  nlohmann::json toJson() const;
};

/// Predictor is M.predictor() (built once for many samples): it chooses the
/// class, builds the scaled feature row and predicts the power; M's fitted
/// regressor splits that row into contributions. Previous: the sample before
/// this one in a sequence, if any. Throws model::ModelError for missing
/// inputs.
Explanation explain(const LearnedModel &M, const model::LearnedModel &Predictor,
                    const FeatureValues &Raw, double Seconds,
                    const FeatureValues *Previous = nullptr);

} // namespace energy::train

#endif
