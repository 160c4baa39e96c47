//===- energy/report/diff_output.h - Printing a report diff ---------------===//
//
// The forms of `energy-report diff`: a table for people, Markdown for a
// pull-request comment, JUnit XML for CI systems (one testcase per region and
// gated metric, failed when it regressed), and JSON (every region with its
// match status and every metric with its runs and verdict,
// docs/formats/diff.md).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_DIFF_OUTPUT_H
#define ENERGY_REPORT_DIFF_OUTPUT_H

#include "energy/report/report_diff.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace energy::report {

enum class DiffFormat { Table, Markdown, JUnit, Json };

struct DiffPrintOptions {
  std::vector<DiffMetric> shown; // columns
  std::vector<DiffMetric> gated; // --fail-on
  GateRules rules = defaultGateRules();
  size_t nameWidth = 48;
};

void printDiff(const ReportDiff &D, const DiffPrintOptions &Options, DiffFormat Format,
               std::ostream &OS);

/// "+12.3%", "-0.5%", "new", "-" (a side lacks it).
std::string formatChange(const MetricChange &Change);

/// A metric's value in its unit: "4.56 mJ", "12.3 ms", "1.2M".
std::string formatMetricValue(DiffMetric M, double Value);

/// "passed", "failed", "no-value", "few-runs", "too-small".
const char *gateOutcomeName(GateOutcome O);

/// One line saying why a regression fails the gate.
std::string describeRegression(const Regression &R);

} // namespace energy::report

#endif
