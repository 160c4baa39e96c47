//===- fixture.h - Loading the report fixtures of these tests -------------===//
#ifndef ENERGY_TEST_UNIT_REPORT_FIXTURE_H
#define ENERGY_TEST_UNIT_REPORT_FIXTURE_H

#include <nlohmann/json.hpp>

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

} // namespace energy::report::test

#endif
