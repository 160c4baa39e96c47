//===- energy/model/analytic_model.h - The default, physically grounded model
//===//
//
// Energy = static power x time + sum over operations of count x energy per
// operation (FLOPs by precision and kind, bytes loaded and stored,
// instructions, branches). The parameters live in a versioned JSON model file
// (docs/formats/model.md); the shipped one is models/default.json, with its
// sources in docs/default-model.md. It is an estimate: reports label it
// "modelled".
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_ANALYTIC_MODEL_H
#define ENERGY_MODEL_ANALYTIC_MODEL_H

#include "energy/model/energy_model.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace energy::model {

/// Energy per operation, in the unit its holder names.
struct OperationEnergies {
  double Flop[ENERGY_NUM_PRECISIONS][ENERGY_NUM_FLOP_KINDS] = {};
  double ByteLoaded = 0.0;
  double ByteStored = 0.0;
  double Instruction = 0.0;
  double Branch = 0.0;

  /// The energy of the work counted in A, whatever time it took: the
  /// model's dynamic part. Inline, so that the report tools split a
  /// region's energy among its lines by this same sum without linking the
  /// models.
  double of(const Activity &A) const {
    double Sum = 0.0;
    for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
      for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
        Sum += static_cast<double>(A.flops[P][K]) * Flop[P][K];
    Sum += static_cast<double>(A.bytesLoaded) * ByteLoaded;
    Sum += static_cast<double>(A.bytesStored) * ByteStored;
    Sum += static_cast<double>(A.instructions) * Instruction;
    Sum += static_cast<double>(A.branches) * Branch;
    return Sum;
  }
};

/// An analytic model's parameters as its file writes them: picojoules per
/// operation.
struct AnalyticPicojoules {
  std::string Name;
  int Version = 0;
  double StaticWatts = 0.0;
  OperationEnergies Picojoules;
};

class AnalyticModel final : public EnergyModel {
public:
  static AnalyticModel fromPicojoules(const AnalyticPicojoules &P);
  /// Parses a model document; throws ModelError. `Origin` names it in errors.
  static AnalyticModel fromJson(const nlohmann::json &Doc, const std::string &Origin);
  /// Reads and parses a model file; throws ModelError.
  static AnalyticModel load(const std::string &Path);
  /// Parses the text of a model file; throws ModelError.
  static AnalyticModel fromText(const std::string &Text, const std::string &Origin);

  EnergyEstimate estimate(const Activity &A) const;

  const std::string &name() const override { return Name; }
  std::string kind() const override { return "analytic"; }
  std::vector<std::string> requiredEvents() const override { return {}; }
  /// Reads Inputs.counts over Inputs.seconds; throws ModelError without
  /// counts.
  EnergyEstimate estimate(const ModelInputs &Inputs) const override;
  /// Always throws ModelError: sampled perf events carry no exact counts.
  double realTimeJoules(const std::vector<EventValues> &Samples, double Seconds) const override;
  int version() const { return Version; }
  /// Joules per operation.
  const OperationEnergies &operationJoules() const { return Joules; }
  /// Joules per operation, in the order of OperationEnergies, then the
  /// static power: what two models that agree have in common.
  std::vector<double> coefficients() const;

private:
  std::string Name;
  int Version = 0;
  double StaticWatts = 0.0;
  OperationEnergies Joules;
};

/// Where the default model is: $ENERGY_MODEL if set, else
/// <prefix>/share/energypass/models/default.json, where <prefix> is the parent
/// of the directory holding the object that contains `Anchor` (pass the
/// address of any function of the calling binary or library).
std::string defaultModelPath(const void *Anchor);
/// The shipped model beside the object containing `Anchor`, whatever
/// $ENERGY_MODEL says: what ENERGY_MODEL_FALLBACK=default falls back to.
std::string shippedModelPath(const void *Anchor);

} // namespace energy::model

#endif
