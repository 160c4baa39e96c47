//===- fixture.h - Loading the report fixtures of these tests -------------===//
#ifndef ENERGY_TEST_UNIT_REPORT_FIXTURE_H
#define ENERGY_TEST_UNIT_REPORT_FIXTURE_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <string>

namespace energy::report::test {

inline std::string fixturePath(const std::string &Name) {
  return std::string(ENERGY_REPORT_FIXTURES) + "/" + Name;
}

/// fixtures/daxpy.json: two regions (main, and a loop in it), modelled
/// energies 0.5 J and 1.5 J, no measured energy.
inline nlohmann::json daxpyDocument() {
  std::ifstream In(fixturePath("daxpy.json"));
  return nlohmann::json::parse(In);
}

/// fixtures/daxpy.json as process `Pid` of a version 2 sampled run of the
/// module with `Hash`: its two regions, main and its loop, with calls
/// multiplied by `Scale`, and a call tree main -> loop.
inline nlohmann::json sampledDaxpy(long long Pid, const std::string &Hash = "00000000000000aa",
                                   uint64_t Scale = 1) {
  nlohmann::json Doc = daxpyDocument();
  Doc["version"] = 2;
  Doc["program"]["pid"] = Pid;
  Doc["timing"] = {{"mode", "sampled"}, {"rate_hz", 1000}, {"period_s", 0.001}, {"periods", 100}};
  Doc["modules"] = nlohmann::json::array({{{"source", "/src/daxpy.c"},
                                           {"hash", Hash},
                                           {"regions", 3},
                                           {"regions_not_run", 1},
                                           {"timing", "sampled"},
                                           {"timed", true},
                                           {"unloaded", false}}});
  Doc["regions_not_run"] = 1;
  for (nlohmann::json &Region : Doc["regions"]) {
    Region["calls"] = Region["calls"].get<uint64_t>() * Scale;
    Region["time_s"]["periods"] = {{"inclusive", 30}, {"self", 10}};
    Region["time_s"]["uncertainty"] = {{"inclusive", 0.003}, {"self", 0.004}};
  }
  Doc["call_tree"] = nlohmann::json::array({{{"id", 0},
                                             {"region", 0},
                                             {"parent", nullptr},
                                             {"calls", nullptr},
                                             {"time_s", {{"inclusive", 0.4}, {"self", 0.1}}}},
                                            {{"id", 1},
                                             {"region", 1},
                                             {"parent", 0},
                                             {"calls", nullptr},
                                             {"time_s", {{"inclusive", 0.3}, {"self", 0.3}}}}});
  return Doc;
}

} // namespace energy::report::test

#endif
