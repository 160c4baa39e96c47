//===- energy/train/learned_model.h - A trained energy model and its file -===//
//
// What energy-train fit writes and what the runtime and energy-report apply:
// the raw inputs it needs (perf event names), derived ratios, the features
// the learner uses and their 0..1 scaling, an optional class split with one
// regressor per class, and how it was trained and cross-validated. The file
// format is docs/formats/model-learned.md, in the envelope shared with the
// analytic model: {"format": "energypass-model", "version": 1, "kind": ...}.
//
// This is the training side's form (it keeps the fitted regressors, for
// saving and for explain's per-feature contributions). Predictions go through
// predictor(), the model library's energy::model::LearnedModel built from the
// same document: one implementation for energy-train, energy-report and the
// runtime.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_LEARNED_MODEL_H
#define ENERGY_TRAIN_LEARNED_MODEL_H

#include "energy/model/learned_model.h"
#include "energy/train/class_split.h"
#include "energy/train/dataset.h"
#include "energy/train/derived.h"
#include "energy/train/learner.h"
#include "energy/train/scaling.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace energy::train {

/// Counter values by perf event name (e.g. "cycles", "cache-misses").
using FeatureValues = model::EventValues;

class LearnedModel {
public:
  std::string name;
  LearnerKind learner = LearnerKind::Ridge;
  std::vector<std::string> inputs;      ///< raw counters the model reads
  std::vector<DerivedFeature> derived;  ///< ratios computed from inputs
  std::vector<std::string> features;    ///< learner's columns, in order
  std::optional<MinMaxScaling> scaling; ///< absent: unknown (the paper's)
  std::optional<ClassSplit> split;
  std::vector<std::unique_ptr<Regressor>> classes; ///< 1, or 2 with split
  nlohmann::json training = nlohmann::json::object();
  nlohmann::json crossValidation = nlohmann::json::object();
  std::string note;

  /// The envelope kind: "linear", "forest" or "boosted".
  std::string kind() const;

  /// Inputs the given counters lack (empty: the model applies).
  std::vector<std::string> missingInputs(const std::vector<std::string> &Available) const;

  /// The model as the model library applies it, built from toJson(): build
  /// it once, then predict many samples with it. Throws TrainError when the
  /// fields do not form a valid model.
  model::LearnedModel predictor() const;
  /// Predicted power of every row of a dataset (previous samples taken in
  /// time order within each program), through predictor(). Throws TrainError
  /// naming a missing column, or when the model has no scaling ranges (see
  /// setScalingFrom).
  Eigen::VectorXd predictWatts(const Dataset &Data) const;

  /// Takes the scaling ranges from a dataset's counters: how a published
  /// model without ranges (the paper's) is applied to a new machine.
  void setScalingFrom(const Dataset &Data);

  nlohmann::json toJson() const;
  static LearnedModel fromJson(const nlohmann::json &Doc, const std::string &Origin);
  static LearnedModel load(const std::string &Path);
  void save(const std::string &Path) const;
};

/// One row of a dataset as named values.
FeatureValues rowValues(const Dataset &Data, size_t Row);

} // namespace energy::train

#endif
