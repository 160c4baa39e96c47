//===- learned_model.cpp - Applying a model energy-train fitted -----------===//
#include "energy/model/learned_model.h"

#include "model_json.h"

namespace energy::model {

namespace {

constexpr const char *ModelFormat = "energypass-model";
constexpr int SupportedVersion = 1;

std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

bool isLinearLearner(const std::string &L) { return L == "ols" || L == "ridge" || L == "lasso"; }

void checkEnvelope(const ModelObject &Doc) {
  if (Doc.string("format") != ModelFormat)
    Doc.fail("format", "is not \"energypass-model\"");
  long long Version = Doc.integer("version");
  if (Version != SupportedVersion)
    Doc.fail("version", "is " + std::to_string(Version) +
                            ", but this build reads version 1; use a model "
                            "written for this EnergyPass");
  std::string Kind = Doc.string("kind");
  if (Kind != "linear" && Kind != "forest" && Kind != "boosted")
    Doc.fail("kind", "is \"" + Kind +
                         "\", not a learned model (linear, "
                         "forest or boosted)");
  std::string Learner = Doc.string("learner");
  bool Matches = Kind == "linear" ? isLinearLearner(Learner) : Learner == Kind;
  if (!Matches)
    Doc.fail("learner", "is \"" + Learner + "\", which is not a " + Kind + " learner");
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
  ModelObject Doc(Json, Origin);
  checkEnvelope(Doc);
  LearnedModel M;
  M.Name = Doc.string("name");
  M.Kind = Doc.string("kind");
  M.Learner = Doc.string("learner");
  M.Inputs = Doc.strings("inputs");
  if (Doc.has("derived"))
    for (const ModelObject &D : Doc.objects("derived"))
      M.Derived.push_back(derivedFromJson(D.value(), Origin));
  M.Features = Doc.strings("features");
  if (M.Features.empty())
    Doc.fail("features", "is empty");
  if (Doc.has("scaling"))
    M.Scaling = FeatureScaling::fromJson(Doc.value().at("scaling"), M.Features.size(), Origin);
  if (Doc.has("split"))
    M.Split = ClassSplit::fromJson(Doc.value().at("split"), Origin);
  std::vector<ModelObject> Classes = Doc.objects("classes");
  if (Classes.size() != (M.Split ? 2u : 1u))
    Doc.fail("classes", "holds " + std::to_string(Classes.size()) +
                            " classes where the split needs " + (M.Split ? "2" : "1"));
  for (const ModelObject &C : Classes) {
    ClassPredictor P;
    if (M.Kind == "linear") {
      P.coefficients = C.numbers("coefficients");
      if (P.coefficients.size() != M.Features.size())
        C.fail("coefficients", "holds " + std::to_string(P.coefficients.size()) +
                                   " coefficients for " + std::to_string(M.Features.size()) +
                                   " features");
      P.intercept = C.number("intercept");
    } else {
      P.trees = TreeEnsemble::fromXgboostJson(C.object("xgboost").value(), M.Features.size(),
                                              Origin, C.keyPath("xgboost"));
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
