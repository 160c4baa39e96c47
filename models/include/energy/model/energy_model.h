//===- energy/model/energy_model.h - What every energy model offers -------===//
//
// One interface for the analytic default model and the learned models that
// energy-train fits (linear, random forest, gradient boosting), so that the
// runtime and energy-report apply whichever model file they are given. The
// library behind it has no xgboost dependency: learned models are evaluated
// from the model file alone (tree ensembles from the xgboost JSON embedded in
// it), so libenergyrt can link it.
//
// Inputs: an analytic model reads the exact counts of a region (Activity); a
// learned model reads perf event counts (EventValues, by perf/libpfm event
// name). `seconds` is the time the estimate covers.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_ENERGY_MODEL_H
#define ENERGY_MODEL_ENERGY_MODEL_H

#include "energy/model/activity.h"

#include "tool/InputError.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>

#include <stdexcept>
#include <string>
#include <vector>

namespace energy::model {

/// Thrown for a missing, corrupt or unsupported model file, and for inputs a
/// model cannot use; what() is one line that names the problem and the way
/// out.
class ModelError : public InputError {
public:
  using InputError::InputError;
};

struct EnergyEstimate {
  double staticJoules = 0.0;  ///< analytic: static power x time; learned: 0
  double dynamicJoules = 0.0; ///< learned models put all their energy here
  double total() const { return staticJoules + dynamicJoules; }
};

using EventValues = std::map<std::string, double>; // perf event name -> count

/// What a model may read. Either pointer may be null when the source is
/// absent; a model that needs the absent one throws ModelError.
struct ModelInputs {
  const Activity *counts;
  const EventValues *events;
  double seconds;
};

class EnergyModel {
public:
  virtual ~EnergyModel();

  virtual const std::string &name() const = 0;
  /// "analytic", "linear", "forest" or "boosted" (the model file's kind).
  virtual std::string kind() const = 0;
  /// The perf events the model reads, in the model's order; empty for the
  /// analytic model.
  virtual std::vector<std::string> requiredEvents() const = 0;
  /// The average model: E = p(x) t with x the counts over the whole time.
  /// Throws ModelError when an input the model needs is absent (the message
  /// names every missing event).
  virtual EnergyEstimate estimate(const ModelInputs &Inputs) const = 0;
  /// The paper's real-time model: E = sum_j p(x_j) t / N over N equally
  /// spaced samples, each covering Seconds / N. Throws ModelError for no
  /// samples, a non-positive duration, missing events, or a model without a
  /// real-time form (the analytic model, which reads exact counts).
  virtual double realTimeJoules(const std::vector<EventValues> &Samples, double Seconds) const = 0;
};

/// Reads any model file (docs/formats/model.md, model-learned.md) and returns
/// the model its "kind" names. Throws ModelError (one line).
std::unique_ptr<EnergyModel> loadModel(const std::string &Path);

/// The document of a model file, for a reader of its own (energy-train's), so
/// that a file that cannot be read or is not JSON gets the same one line in
/// every tool. Throws ModelError.
nlohmann::json readModelFile(const std::string &Path);

} // namespace energy::model

#endif
