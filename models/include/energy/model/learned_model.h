//===- energy/model/learned_model.h - Applying a model energy-train fitted ===//
//
// The prediction half of a learned model file (docs/formats/model-learned.md):
// the perf events it reads, the ratios derived from them, the features in the
// learner's order with their 0..1 scaling, an optional class split, and per
// class either linear coefficients and an intercept or a tree ensemble. It is
// the one implementation of prediction: the runtime, energy-report and
// energy-train (evaluation, cross-validation, explain) all predict through it.
// No xgboost: trees are evaluated by TreeEnsemble.
//
// Power p(x) is what the learner predicts; the average model gives p(x) t
// for counts x over t, the real-time model sum_j p(x_j) t / N.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_LEARNED_MODEL_H
#define ENERGY_MODEL_LEARNED_MODEL_H

#include "energy/model/class_split.h"
#include "energy/model/derived_feature.h"
#include "energy/model/energy_model.h"
#include "energy/model/feature_scaling.h"
#include "energy/model/tree_ensemble.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace energy::model {

class LearnedModel final : public EnergyModel {
public:
  /// Parses a learned model document; throws ModelError (one line).
  static LearnedModel fromJson(const nlohmann::json &Doc, const std::string &Origin);
  static LearnedModel load(const std::string &Path);

  const std::string &name() const override { return Name; }
  std::string kind() const override { return Kind; }
  std::vector<std::string> requiredEvents() const override { return Inputs; }
  /// p(events) x seconds, all of it dynamic energy.
  EnergyEstimate estimate(const ModelInputs &Inputs) const override;
  double realTimeJoules(const std::vector<EventValues> &Samples, double Seconds) const override;

  /// "ols", "ridge", "lasso", "forest" or "boosted".
  const std::string &learner() const { return Learner; }
  const std::vector<std::string> &features() const { return Features; }

  /// The model's events that Available lacks, in the model's order.
  std::vector<std::string> missingEvents(const EventValues &Available) const;
  /// Throws ModelError naming every event of the model that Raw lacks.
  void requireEvents(const EventValues &Raw) const;
  /// The class a sample belongs to (0 without a split).
  int classOf(const EventValues &Raw) const;
  /// The learner's input for one sample: derived features computed, then
  /// scaled to 0..1. Seconds is the sample's duration; Previous the sample
  /// before it in a sequence (null: "previous" features take the sample's own
  /// values). Throws ModelError for missing events or missing scaling.
  std::vector<double> featureRow(const EventValues &Raw, double Seconds,
                                 const EventValues *Previous = nullptr) const;
  /// Predicted mean power, in watts, of one sample.
  double predictWatts(const EventValues &Raw, double Seconds,
                      const EventValues *Previous = nullptr) const;

private:
  struct ClassPredictor {
    std::vector<double> coefficients; ///< linear learners
    double intercept = 0.0;
    std::optional<TreeEnsemble> trees; ///< forest and boosted
    double predict(const std::vector<double> &Row) const;
  };

  double featureValue(const std::string &Feature, const EventValues &Raw, double Seconds,
                      const EventValues *Previous) const;

  std::string Name;
  std::string Kind;
  std::string Learner;
  std::vector<std::string> Inputs;
  std::vector<DerivedFeature> Derived;
  std::vector<std::string> Features;
  std::optional<FeatureScaling> Scaling;
  std::optional<ClassSplit> Split;
  std::vector<ClassPredictor> Classes;
};

} // namespace energy::model

#endif
