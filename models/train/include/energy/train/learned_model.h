//===- energy/train/learned_model.h - A trained energy model and its file -===//
//
// What energy-train fit writes and what the runtime and energy-report apply:
// the raw inputs it needs (perf event names), derived ratios, the features
// the learner uses and their 0..1 scaling, an optional class split with one
// regressor per class, and how it was trained and cross-validated. The file
// format is docs/formats/model-learned.md, in the envelope shared with the
// analytic model: {"format": "energypass-model", "version": 1, "kind": ...}.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_LEARNED_MODEL_H
#define ENERGY_TRAIN_LEARNED_MODEL_H

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
using FeatureValues = std::map<std::string, double>;

class LearnedModel {
public:
  std::string name;
  LearnerKind learner = LearnerKind::Ridge;
  std::vector<std::string> inputs;     ///< raw counters the model reads
  std::vector<DerivedFeature> derived; ///< ratios computed from inputs
  std::vector<std::string> features;   ///< learner's columns, in order
  std::optional<MinMaxScaling> scaling; ///< absent: unknown (the paper's)
  std::optional<ClassSplit> split;
  std::vector<std::unique_ptr<Regressor>> classes; ///< 1, or 2 with split
  nlohmann::json training = nlohmann::json::object();
  nlohmann::json crossValidation = nlohmann::json::object();
  std::string note;

  /// The envelope kind: "linear", "forest" or "boosted".
  std::string kind() const;

  /// Inputs the given counters lack (empty: the model applies).
  std::vector<std::string>
  missingInputs(const std::vector<std::string> &Available) const;

  /// The class a sample belongs to (0 without a split).
  int classOf(const FeatureValues &Raw) const;
  /// The learner's feature vector for one sample: derived ratios computed,
  /// then scaled to 0..1. Seconds is the sample's duration; Previous is the sample before it in a sequence (null: none,
  /// "previous" features then take the sample's own values). Throws
  /// TrainError naming a missing input, or when the model has no scaling
  /// ranges (see setScalingFrom).
  Eigen::VectorXd featureRow(const FeatureValues &Raw, double Seconds,
                             const FeatureValues *Previous = nullptr) const;
  /// Predicted mean power in watts of one sample.
  double predictWatts(const FeatureValues &Raw, double Seconds,
                      const FeatureValues *Previous = nullptr) const;
  /// Predicted power of every row of a dataset (previous samples taken in
  /// time order within each program).
  Eigen::VectorXd predictWatts(const Dataset &Data) const;

  /// Takes the scaling ranges from a dataset's counters: how a published
  /// model without ranges (the paper's) is applied to a new machine.
  void setScalingFrom(const Dataset &Data);

  nlohmann::json toJson() const;
  static LearnedModel fromJson(const nlohmann::json &Doc,
                               const std::string &Origin);
  static LearnedModel load(const std::string &Path);
  void save(const std::string &Path) const;
};

/// One row of a dataset as named values.
FeatureValues rowValues(const Dataset &Data, size_t Row);

} // namespace energy::train

#endif
