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

#include "model_document.h"

#include <nlohmann/json.hpp>

namespace energy::model {

namespace {

constexpr double JoulesPerPicojoule = 1e-12;

// Key names follow the report format's flops_detail, so one vocabulary names
// FLOPs everywhere.
constexpr const char *PrecisionKeys[ENERGY_NUM_PRECISIONS] = {"half", "float", "double"};
constexpr const char *FlopKindKeys[ENERGY_NUM_FLOP_KINDS] = {"addsub", "mul",    "div",  "sqrt",
                                                             "fma",    "minmax", "other"};

void checkEnvelope(const View &Doc) {
  checkModelEnvelope(Doc);
  std::string Kind = Doc["kind"].string();
  if (Kind != "analytic")
    Doc.refuse("model kind \"" + Kind +
               "\" is not \"analytic\"; load it with the model kind's own reader");
  if (Doc.json().contains("sources"))
    Doc["sources"].expectArray();
}

} // namespace

AnalyticModel AnalyticModel::fromJson(const nlohmann::json &Json, const std::string &Origin) {
  View Doc = modelView(Json, Origin);
  checkEnvelope(Doc);

  AnalyticPicojoules P;
  P.Name = Doc["name"].string();
  P.Version = static_cast<int>(Doc["version"].integer());
  P.StaticWatts = Doc["static_power_w"].nonNegative();

  View Energy = Doc["energy_pj"];
  View Flop = Energy["flop"];
  for (int Precision = 0; Precision < ENERGY_NUM_PRECISIONS; ++Precision) {
    View ByKind = Flop[PrecisionKeys[Precision]];
    for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
      P.Picojoules.Flop[Precision][K] = ByKind[FlopKindKeys[K]].nonNegative();
  }
  P.Picojoules.ByteLoaded = Energy["byte_loaded"].nonNegative();
  P.Picojoules.ByteStored = Energy["byte_stored"].nonNegative();
  P.Picojoules.Instruction = Energy["instruction"].nonNegative();
  P.Picojoules.Branch = Energy["branch"].nonNegative();
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
