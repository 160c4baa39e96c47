//===- ModelApplication.h - The energy model the report applies -----------===//
//
// Which model gives the report's modelled energies, and how it is applied.
// The model file is $ENERGY_MODEL or the shipped default (analytic). An
// analytic model reads each region's exact counts. A learned model (linear,
// forest, boosted; docs/formats/model-learned.md) reads perf events: each
// region's self counts from ENERGY_REGION_EVENTS over its self time (the
// paper's average model), and the whole run through the real-time model over
// the timeline's intervals when the sampler recorded the events it needs,
// else through the average model on the regions' summed self counts.
//
// When the run lacks an event the learned model needs, modelled energies
// stay null and one line on stderr names the missing events and the way out;
// with ENERGY_MODEL_FALLBACK=default the shipped analytic model is applied
// instead and the report's `model` says so.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_MODELAPPLICATION_H
#define ENERGY_RT_MODELAPPLICATION_H

#include "RegionCounters.h"

#include "energy/model/analytic_model.h"
#include "energy/model/energy_model.h"

#include <nlohmann/json.hpp>
#include <optional>

#include <memory>
#include <string>
#include <vector>

namespace energy::rt {

/// The energy model for the report, or why there is none.
struct ModelChoice {
  std::unique_ptr<model::EnergyModel> Model;
  std::string Path;
  std::string Problem;
  /// With ENERGY_MODEL_FALLBACK=default and a learned Model: the shipped
  /// analytic model, applied when the run lacks the Model's events.
  std::unique_ptr<model::EnergyModel> Fallback;
  std::string FallbackPath;
};

/// Loads $ENERGY_MODEL, or the default model found relative to the object
/// containing `Anchor`. When it is missing or bad, says so in one line on
/// stderr. Looking up the object takes the dynamic linker's lock, so call it
/// without holding the runtime's (dlopen holds that one while it registers
/// modules). Throws only std::bad_alloc.
ModelChoice loadDefaultModel(const void *Anchor);

class ModelApplication {
public:
  /// Decides which model applies, given the events counted per region;
  /// says on stderr, in one line, when a learned model cannot be applied.
  ModelApplication(const ModelChoice &Choice, const RegionCounting &Counting);

  /// A region's modelled joules, or none when no model applies. `Self` is
  /// its self counters (null without per-region counters); they are also
  /// added to the run's counts for the average model.
  std::optional<double> regionJoules(const model::Activity &A, const double *Self);
  /// The whole run's modelled joules (`Total` sums the regions' counts and
  /// self times; `Timeline` is the report's timeline or null).
  nlohmann::json runJoules(const model::Activity &Total, const nlohmann::json &Timeline);

  /// The report's `model` object (null without a model).
  nlohmann::json modelJson() const;
  /// The analytic model's joules per operation when it is the one applied;
  /// null for a learned model or none.
  const model::OperationEnergies *workJoules() const;
  /// The `model` entry of the report's sources.
  meters::Source source() const;

private:
  bool learned() const { return Applied && Applied->kind() != "analytic"; }
  double realTimeJoules(const nlohmann::json &Timeline) const;

  const ModelChoice &Choice;
  const model::EnergyModel *Applied = nullptr;
  const std::string *AppliedPath = nullptr;
  bool Usable = false;      /// whether Applied gives energies
  std::string NotApplied;   /// why it does not
  std::string FallbackNote; /// why the fallback replaced the chosen model
  /// The events a learned model reads, and the index of each among the
  /// events counted per region.
  std::vector<std::string> EventNames;
  std::vector<unsigned> EventIndex;
  std::vector<double> RunSelf; /// the regions' self counts summed
  std::string RunMethod;       /// how runJoules applied a learned model
};

} // namespace energy::rt

#endif
