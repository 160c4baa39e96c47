//===- region_counters.h - Each region's own perf counts, from a report ---===//
//
// Reports recorded with per-region counters carry, per region,
// `counters.self`: perf event counts over the region's self time, summed over
// threads (docs/formats/report.md). Learned energy models read them, with
// `time_s.self`, to predict each region's power (show --model, explain). The
// validated Report leaves this optional section out, so it is read here from
// the report's JSON, and refused in one line when malformed.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_REPORT_REGION_COUNTERS_H
#define ENERGY_DRIVER_REPORT_REGION_COUNTERS_H

#include "energy/model/energy_model.h"
#include "energy/report/report_error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace energy::report::cli {

/// counters.self of every region that has them, by region id.
inline std::map<uint64_t, model::EventValues>
regionSelfCounters(const nlohmann::json &Doc, const std::string &Origin) {
  std::map<uint64_t, model::EventValues> Out;
  auto Regions = Doc.find("regions");
  if (Regions == Doc.end() || !Regions->is_array())
    return Out;
  for (size_t I = 0; I < Regions->size(); ++I) {
    const nlohmann::json &Region = (*Regions)[I];
    auto Counters = Region.find("counters");
    if (Counters == Region.end() || Counters->is_null())
      continue;
    std::string Where =
        Origin + ": regions[" + std::to_string(I) + "].counters";
    auto Self =
        Counters->is_object() ? Counters->find("self") : Counters->end();
    if (!Counters->is_object() || Self == Counters->end() || !Self->is_object())
      throw ReportError(Where + " has no 'self' object; the report is damaged, "
                                "record it again (docs/formats/report.md)");
    model::EventValues Values;
    for (const auto &[Event, Count] : Self->items()) {
      if (!Count.is_number() || !std::isfinite(Count.get<double>()) ||
          Count.get<double>() < 0)
        throw ReportError(Where + ".self['" + Event + "'] is " + Count.dump() +
                          ", not a count; the report is damaged, record it "
                          "again");
      Values[Event] = Count.get<double>();
    }
    Out[I] = std::move(Values);
  }
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
