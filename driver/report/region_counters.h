//===- region_counters.h - Each region's own perf counts, from a report ---===//
//
// Reports recorded with per-region counters carry, per region,
// `counters.self`: perf event counts over the region's self time, summed over
// threads (docs/formats/report.md). Learned energy models read them, with
// `time_s.self`, to predict each region's power (show --model, explain).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_REPORT_REGION_COUNTERS_H
#define ENERGY_DRIVER_REPORT_REGION_COUNTERS_H

#include "energy/model/energy_model.h"
#include "energy/report/report.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace energy::report::cli {

/// counters.self of every region that has them, by region id.
inline std::map<uint64_t, model::EventValues> regionSelfCounters(const Report &R) {
  std::map<uint64_t, model::EventValues> Out;
  for (const Region &Reg : R.regions)
    if (Reg.selfCounters)
      Out[Reg.id] = *Reg.selfCounters;
  return Out;
}

/// The model's events that no region's counters hold, or that some region
/// with counters lacks: the ones a recording on another machine must add.
inline std::vector<std::string>
eventsMissingFromRegions(const std::map<uint64_t, model::EventValues> &Regions,
                         const std::vector<std::string> &Events) {
  std::vector<std::string> Missing;
  for (const std::string &E : Events)
    for (const auto &[Id, Values] : Regions)
      if (!Values.count(E)) {
        Missing.push_back(E);
        break;
      }
  return Missing;
}

inline std::string joinedNames(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

} // namespace energy::report::cli

#endif
