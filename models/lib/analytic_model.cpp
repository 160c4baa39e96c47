//===- analytic_model.cpp - The default, physically grounded energy model
//--===//
//
// Reads the `analytic` kind of model file (docs/formats/model.md) and turns an
// Activity into joules: static power times time plus count times energy per
// operation. The file stores picojoules per operation, the way the published
// figures are quoted; the model keeps joules so estimate() is a plain sum.
//
//===----------------------------------------------------------------------===//
#include "energy/model/analytic_model.h"

#include "model_json.h"

#include <nlohmann/json.hpp>

namespace energy::model {

namespace {

constexpr const char *ModelFormat = "energypass-model";
constexpr int SupportedVersion = 1;
constexpr double JoulesPerPicojoule = 1e-12;

// Key names follow the report format's flops_detail, so one vocabulary names
// FLOPs everywhere.
constexpr const char *PrecisionKeys[ENERGY_NUM_PRECISIONS] = {"half", "float", "double"};
constexpr const char *FlopKindKeys[ENERGY_NUM_FLOP_KINDS] = {"addsub", "mul",    "div",  "sqrt",
                                                             "fma",    "minmax", "other"};

void checkEnvelope(const ModelObject &Doc, const std::string &Origin) {
  std::string Format = Doc.string("format");
  if (Format != ModelFormat)
    throw ModelError("energy model " + Origin + ": not an EnergyPass model " + "(format is \"" +
                     Format + "\", expected \"" + ModelFormat +
                     "\"); set ENERGY_MODEL to a model file");
  long long Version = Doc.integer("version");
  if (Version != SupportedVersion)
    throw ModelError("energy model " + Origin + ": unsupported model version " +
                     std::to_string(Version) + " (this build reads version " +
                     std::to_string(SupportedVersion) +
                     "); use a model written for this EnergyPass");
  std::string Kind = Doc.string("kind");
  if (Kind != "analytic")
    throw ModelError("energy model " + Origin + ": model kind \"" + Kind +
                     "\" is not \"analytic\"; load it with the model kind's own "
                     "reader");
  if (Doc.value().contains("sources") && !Doc.value()["sources"].is_array())
    Doc.fail("sources", "must be an array");
}

} // namespace

AnalyticModel AnalyticModel::fromJson(const nlohmann::json &Json, const std::string &Origin) {
  ModelObject Doc(Json, Origin);
  checkEnvelope(Doc, Origin);

  AnalyticPicojoules P;
  P.Name = Doc.string("name");
  P.Version = static_cast<int>(Doc.integer("version"));
  P.StaticWatts = Doc.nonNegative("static_power_w");

  ModelObject Energy = Doc.object("energy_pj");
  ModelObject Flop = Energy.object("flop");
  for (int Precision = 0; Precision < ENERGY_NUM_PRECISIONS; ++Precision) {
    ModelObject ByKind = Flop.object(PrecisionKeys[Precision]);
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      P.Picojoules.Flop[Precision][K] = ByKind.nonNegative(FlopKindKeys[K]);
  }
  P.Picojoules.ByteLoaded = Energy.nonNegative("byte_loaded");
  P.Picojoules.ByteStored = Energy.nonNegative("byte_stored");
  P.Picojoules.Instruction = Energy.nonNegative("instruction");
  P.Picojoules.Branch = Energy.nonNegative("branch");
  return fromPicojoules(P);
}

AnalyticModel AnalyticModel::fromPicojoules(const AnalyticPicojoules &P) {
  AnalyticModel M;
  M.Name = P.Name;
  M.Version = P.Version;
  M.StaticWatts = P.StaticWatts;
  const OperationEnergies &Pj = P.Picojoules;
  for (int Precision = 0; Precision < ENERGY_NUM_PRECISIONS; ++Precision)
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      M.Joules.Flop[Precision][K] = Pj.Flop[Precision][K] * JoulesPerPicojoule;
  M.Joules.ByteLoaded = Pj.ByteLoaded * JoulesPerPicojoule;
  M.Joules.ByteStored = Pj.ByteStored * JoulesPerPicojoule;
  M.Joules.Instruction = Pj.Instruction * JoulesPerPicojoule;
  M.Joules.Branch = Pj.Branch * JoulesPerPicojoule;
  return M;
}

std::vector<double> AnalyticModel::coefficients() const {
  std::vector<double> C(&Joules.Flop[0][0],
                        &Joules.Flop[0][0] + sizeof Joules.Flop / sizeof(double));
  C.insert(C.end(),
           {Joules.ByteLoaded, Joules.ByteStored, Joules.Instruction, Joules.Branch, StaticWatts});
  return C;
}

AnalyticModel AnalyticModel::load(const std::string &Path) {
  return fromJson(readModelFile(Path), Path);
}

AnalyticModel AnalyticModel::fromText(const std::string &Text, const std::string &Origin) {
  return fromJson(parseModelText(Text, Origin), Origin);
}

EnergyEstimate AnalyticModel::estimate(const Activity &A) const {
  EnergyEstimate E;
  E.staticJoules = StaticWatts * A.seconds;
  E.dynamicJoules = Joules.of(A);
  return E;
}

EnergyEstimate AnalyticModel::estimate(const ModelInputs &Inputs) const {
  if (!Inputs.counts)
    throw ModelError("energy model " + Name +
                     ": the analytic model needs the exact counts of "
                     "EnergyPass instrumentation, and this input has none; "
                     "use a learned model for perf counters");
  Activity Counted = *Inputs.counts;
  Counted.seconds = Inputs.seconds;
  return estimate(Counted);
}

double AnalyticModel::realTimeJoules(const std::vector<EventValues> &, double) const {
  throw ModelError("energy model " + Name +
                   ": the analytic model has no real-time form (it reads "
                   "exact counts, not sampled perf events); use estimate() "
                   "or a learned model");
}

} // namespace energy::model
