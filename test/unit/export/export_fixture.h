//===- export_fixture.h - A small report with a call tree, for exports ----===//
#ifndef ENERGY_TEST_EXPORT_EXPORT_FIXTURE_H
#define ENERGY_TEST_EXPORT_EXPORT_FIXTURE_H

#include "energy/export/export_input.h"

#include "report_builder.h"

namespace energy::exporter::test {

/// main calls helper, and helper also runs as a thread's root (2:1 by self
/// time); `orphan` ran but has no call-tree node (the tree's bound).
inline ExportInput callTreeInput() {
  report::Report R;
  R.origin = "fixture.json";
  R.programPath = "/bin/app";
  R.argv = {"./app"};
  R.pid = 4242;
  R.timing = "sampled";
  R.sampleRateHz = 1000;
  R.model = report::ModelInfo{"default-analytic-v1", "analytic", 1, "m.json", std::nullopt};
  using report::test::addRegion;
  addRegion(R, "main", "function", 1, std::nullopt, 0, 0.1, 0.1);
  addRegion(R, "helper", "function", 5, std::nullopt, 90, 0.3, 0.3);
  addRegion(R, "orphan", "function", 9, std::nullopt, 10, 0.05, 0.05);
  R.callTree = {{
      {0, std::nullopt, 0, 0.4, 0.1},
      {1, 0, 0, 0.2, 0.2},
      {1, std::nullopt, 0, 0.1, 0.1},
  }};
  return {std::move(R)};
}

} // namespace energy::exporter::test

#endif
