//===- ReportBuilder.h - The report document (docs/formats/report.md) -----===//
#ifndef ENERGY_RT_REPORTBUILDER_H
#define ENERGY_RT_REPORTBUILDER_H

#include "ModuleRecord.h"
#include "ProcessInfo.h"
#include "ThreadState.h"

#include <nlohmann/json.hpp>

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
};

/// Builds the report, with energies from the default model found relative to
/// the object containing `ModelAnchor`. A missing or bad model gives
/// `model: null`, null energies, the reason in the `model` source, and one
/// line on stderr. Throws only std::bad_alloc.
nlohmann::json buildReport(const RunSummary &Run, const void *ModelAnchor);

} // namespace energy::rt

#endif
