//===- report_builder.h - Small in-memory reports for the tools' tests ----===//
#ifndef ENERGY_TEST_REPORT_TOOLS_REPORT_BUILDER_H
#define ENERGY_TEST_REPORT_TOOLS_REPORT_BUILDER_H

#include "energy/report/report.h"

#include <optional>
#include <string>

namespace energy::report::test {

/// Appends a region with the given self figures; returns its id.
inline uint64_t addRegion(Report &R, const std::string &Name, const std::string &Kind,
                          uint64_t Line, std::optional<uint64_t> Parent, uint64_t Flops,
                          double Seconds, double Joules) {
  Region Reg;
  Reg.id = R.regions.size();
  Reg.name = Reg.demangled = Name;
  Reg.file = "/src/app.c";
  Reg.line = Line;
  Reg.kind = Kind;
  Reg.parent = Parent;
  Reg.calls = 1;
  Reg.selfSeconds = Reg.inclusiveSeconds = Seconds;
  Reg.flops = Flops;
  Reg.counts.seconds = Seconds;
  Reg.counts.bytesLoaded = 8 * Flops;
  Reg.counts.instructions = 3 * Flops;
  Reg.energy.modelledJoules = Joules;
  R.regions.push_back(Reg);
  R.totalFlops += Flops;
  R.totalCounts.bytesLoaded += 8 * Flops;
  R.totalCounts.instructions += 3 * Flops;
  R.totalEnergy.modelledJoules += Joules;
  R.wallSeconds += Seconds;
  return Reg.id;
}

} // namespace energy::report::test

#endif
