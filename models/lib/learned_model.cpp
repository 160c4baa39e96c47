//===- learned_model.cpp - Applying a model energy-train fitted -----------===//
#include "energy/model/learned_model.h"

#include "model_document.h"

namespace energy::model {

namespace {

std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

bool isLinearLearner(const std::string &L) { return L == "ols" || L == "ridge" || L == "lasso"; }

void checkEnvelope(const View &Doc) {
  checkModelEnvelope(Doc);
  std::string Kind = Doc["kind"].string();
  if (Kind != "linear" && Kind != "forest" && Kind != "boosted")
    Doc["kind"].reject("is \"" + Kind + "\", not a learned model (linear, forest or boosted)");
  std::string Learner = Doc["learner"].string();
  bool Matches = Kind == "linear" ? isLinearLearner(Learner) : Learner == Kind;
  if (!Matches)
    Doc["learner"].reject("is \"" + Learner + "\", which is not a " + Kind + " learner");
}

} // namespace

double LearnedModel::ClassPredictor::predict(const std::vector<double> &Row) const {
  if (trees)
    return trees->predict(Row);
  double Sum = intercept;
  for (size_t F = 0; F < coefficients.size(); ++F)
    Sum += coefficients[F] * Row[F];
  return Sum;
}

LearnedModel LearnedModel::fromJson(const nlohmann::json &Json, const std::string &Origin) {
  View Doc = modelView(Json, Origin);
  checkEnvelope(Doc);
  LearnedModel M;
  M.Name = Doc["name"].string();
  M.Kind = Doc["kind"].string();
  M.Learner = Doc["learner"].string();
  M.Inputs = Doc["inputs"].strings();
  if (auto Derived = Doc.optional("derived"))
    for (const View &D : Derived->elements())
      M.Derived.push_back(derivedFromJson(D));
  M.Features = Doc["features"].strings();
  if (M.Features.empty())
    Doc["features"].reject("is empty");
  if (auto Scaling = Doc.optional("scaling"))
    M.Scaling = FeatureScaling::fromJson(*Scaling, M.Features.size());
  if (auto Split = Doc.optional("split"))
    M.Split = ClassSplit::fromJson(*Split);
  std::vector<View> Classes = Doc["classes"].elements();
  if (Classes.size() != (M.Split ? 2u : 1u))
    Doc["classes"].reject("holds " + std::to_string(Classes.size()) +
                          " classes where the split needs " + (M.Split ? "2" : "1"));
  for (const View &C : Classes) {
    ClassPredictor P;
    if (M.Kind == "linear") {
      P.coefficients = C["coefficients"].numbers();
      if (P.coefficients.size() != M.Features.size())
        C["coefficients"].reject("holds " + std::to_string(P.coefficients.size()) +
                                 " coefficients for " + std::to_string(M.Features.size()) +
                                 " features");
      P.intercept = C["intercept"].number();
    } else {
      View Xgboost = C["xgboost"];
      Xgboost.expectObject();
      P.trees =
          TreeEnsemble::fromXgboostJson(Xgboost.json(), M.Features.size(), Origin, Xgboost.path());
    }
    M.Classes.push_back(std::move(P));
  }
  return M;
}

LearnedModel LearnedModel::load(const std::string &Path) {
  return fromJson(readModelFile(Path), Path);
}

std::vector<std::string> LearnedModel::missingEvents(const EventValues &Available) const {
  std::vector<std::string> Missing;
  for (const std::string &I : Inputs)
    if (I != "seconds" && !Available.count(I))
      Missing.push_back(I);
  return Missing;
}

void LearnedModel::requireEvents(const EventValues &Raw) const {
  std::vector<std::string> Missing = missingEvents(Raw);
  if (!Missing.empty())
    throw ModelError(
        "energy model '" + Name +
        "' needs perf events the "
        "input lacks: " +
        joined(Missing) +
        "; record them (ENERGY_REGION_EVENTS=..., docs/meters.md) or use a model without "
        "them");
}

double LearnedModel::featureValue(const std::string &Feature, const EventValues &Raw,
                                  double Seconds, const EventValues *Previous) const {
  auto raw = [&](const EventValues &From, const std::string &Input) {
    if (Input == "seconds")
      return Seconds;
    auto It = From.find(Input);
    if (It == From.end())
      throw ModelError("energy model '" + Name + "' needs perf event '" + Input +
                       "', which the input lacks; record it or use "
                       "a model without it");
    return It->second;
  };
  for (const DerivedFeature &D : Derived) {
    if (D.name != Feature)
      continue;
    if (D.op == DerivedFeature::Previous)
      return raw(Previous ? *Previous : Raw, D.numerator);
    return ratioValue(D, raw(Raw, D.numerator), raw(Raw, D.denominator));
  }
  return raw(Raw, Feature);
}

int LearnedModel::classOf(const EventValues &Raw) const {
  if (!Split)
    return 0;
  return Split->classOf(featureValue(Split->feature, Raw, 0.0, nullptr));
}

std::vector<double> LearnedModel::featureRow(const EventValues &Raw, double Seconds,
                                             const EventValues *Previous) const {
  if (!Scaling)
    throw ModelError("energy model '" + Name +
                     "' has no scaling ranges (its "
                     "source did not publish them); take them from your data "
                     "with energy-train rescale MODEL DATASET -o OUT");
  requireEvents(Raw);
  std::vector<double> Row(Features.size());
  for (size_t F = 0; F < Features.size(); ++F)
    Row[F] = Scaling->apply(F, featureValue(Features[F], Raw, Seconds, Previous));
  return Row;
}

double LearnedModel::predictWatts(const EventValues &Raw, double Seconds,
                                  const EventValues *Previous) const {
  std::vector<double> Row = featureRow(Raw, Seconds, Previous);
  return Classes[static_cast<size_t>(classOf(Raw))].predict(Row);
}

EnergyEstimate LearnedModel::estimate(const ModelInputs &In) const {
  if (!In.events)
    throw ModelError("energy model '" + Name + "' reads perf events (" + joined(Inputs) +
                     ") and this input has none; record "
                     "them (docs/meters.md) or use the analytic model");
  EnergyEstimate E;
  E.dynamicJoules = predictWatts(*In.events, In.seconds) * In.seconds;
  return E;
}

double LearnedModel::realTimeJoules(const std::vector<EventValues> &Samples, double Seconds) const {
  if (Samples.empty() || !(Seconds > 0))
    throw ModelError("energy model '" + Name +
                     "': the real-time model needs "
                     "at least one sample and a positive duration");
  double Interval = Seconds / static_cast<double>(Samples.size());
  double Joules = 0.0;
  const EventValues *Previous = nullptr;
  for (const EventValues &X : Samples) {
    Joules += predictWatts(X, Interval, Previous) * Interval;
    Previous = &X;
  }
  return Joules;
}

} // namespace energy::model
