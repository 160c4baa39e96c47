//===- energy_model.cpp - Loading any model file by its kind --------------===//
//
// Every model file shares the envelope {"format": "energypass-model",
// "version": 1, "kind": ...}; the kind picks the reader. Each reader checks
// the envelope again, so a document is never half-accepted.
//
//===----------------------------------------------------------------------===//
#include "energy/model/energy_model.h"

#include "energy/model/analytic_model.h"
#include "energy/model/builtin_model.h"
#include "energy/model/learned_model.h"

#include "model_document.h"

namespace energy::model {

EnergyModel::~EnergyModel() = default;

std::unique_ptr<EnergyModel> loadModel(const std::string &Path) {
  std::string Text = readModelText(Path);
  if (Text == BuiltInModelText)
    return std::make_unique<AnalyticModel>(builtInModel());
  nlohmann::json Doc = parseModelText(Text, Path);
  View Envelope = modelView(Doc, Path);
  checkModelEnvelope(Envelope);
  std::string Kind = Envelope["kind"].string();
  if (Kind == "analytic")
    return std::make_unique<AnalyticModel>(AnalyticModel::fromJson(Doc, Path));
  if (Kind == "linear" || Kind == "forest" || Kind == "boosted")
    return std::make_unique<LearnedModel>(LearnedModel::fromJson(Doc, Path));
  Envelope["kind"].reject("is \"" + Kind + "\", not analytic, linear, forest or boosted");
}

} // namespace energy::model
