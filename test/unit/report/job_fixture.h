//===- job_fixture.h - Rank reports of a job for these tests --------------===//
#ifndef ENERGY_TEST_UNIT_REPORT_JOB_FIXTURE_H
#define ENERGY_TEST_UNIT_REPORT_JOB_FIXTURE_H

#include "energy/report/report_merge.h"

#include "fixture.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace energy::report::test {

/// fixtures/daxpy.json as rank `Rank` of a 3-rank job, on `Node`, whose
/// meters read `Joules` over its run (a quarter in main, the rest in the
/// loop), whose one thread ran `CpuSeconds`, and whose loop took LoopSeconds.
inline nlohmann::json rankReport(uint64_t Rank, const std::string &Node, double Joules,
                                 double CpuSeconds, double LoopSeconds = 0.25) {
  nlohmann::json Doc = daxpyDocument();
  Doc["version"] = 3;
  Doc["program"]["pid"] = 100 + Rank;
  Doc["job"] = {{"launcher", "openmpi"}, {"id", "7"},   {"rank", Rank}, {"size", 3},
                {"local_rank", Rank},    {"node", Node}};
  Doc["regions"][0]["energy_j"]["measured"] = Joules / 4;
  Doc["regions"][1]["energy_j"]["measured"] = Joules * 3 / 4;
  Doc["regions"][1]["time_s"]["self"] = LoopSeconds;
  Doc["totals"]["energy_j"]["measured"] = Joules;
  Doc["thread_breakdown"] = nlohmann::json::array({{{"tid", 100 + Rank},
                                                    {"name", "daxpy"},
                                                    {"instrumented", true},
                                                    {"cpu_time_s", CpuSeconds},
                                                    {"region_time_s", 0.35},
                                                    {"instructions", 1},
                                                    {"flops", 0},
                                                    {"bytes", 0}}});
  return Doc;
}

inline nlohmann::json mergedJob(const std::vector<nlohmann::json> &Ranks) {
  ReportMerger Merger;
  for (size_t I = 0; I < Ranks.size(); ++I)
    Merger.add(Ranks[I], "rank" + std::to_string(I) + ".json");
  return Merger.result();
}

} // namespace energy::report::test

#endif
