//===- ReportBuilder.h - The report document (docs/formats/report.md) -----===//
#ifndef ENERGY_RT_REPORTBUILDER_H
#define ENERGY_RT_REPORTBUILDER_H

#include "CallTree.h"
#include "Measurement.h"
#include "ModuleRecord.h"
#include "ProcessInfo.h"
#include "ThreadState.h"

#include "energy/model/analytic_model.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include <vector>

namespace energy::rt {

/// What the runtime merged, as the report needs it.
struct RunSummary {
  const std::vector<ModuleRecord *> &Modules;
  const Diagnostics &Diag;
  uint64_t Threads;
  uint64_t StartRealNs;
  double WallSeconds;
  double SecondsPerTick; /// region times are kept in clock ticks
  const ProcessInfo &Process;
  const Measurement &Measure; /// sources, timeline, measured energy
  const CallTree &Tree;
};

/// The energy model for the report, or why there is none.
struct ModelChoice {
  std::optional<model::AnalyticModel> Model;
  std::string Path;
  std::string Problem;
};

/// Loads the default model found relative to the object containing
/// `Anchor` (or $ENERGY_MODEL). When it is missing or bad, says so in one
/// line on stderr. Looking up the object takes the dynamic linker's lock, so
/// call it without holding the runtime's (dlopen holds that one while it
/// registers modules). Throws only std::bad_alloc.
ModelChoice loadDefaultModel(const void *Anchor);

/// Builds the report. Without a model: `model: null`, null energies, and the
/// reason in the `model` source. Throws only std::bad_alloc.
nlohmann::json buildReport(const RunSummary &Run, const ModelChoice &Choice);

} // namespace energy::rt

#endif
