//===- energy/report/diff_output.h - Printing a report diff ---------------===//
//
// The three forms of `energy-report diff`: a table for people, Markdown for a
// pull-request comment, and JUnit XML for CI systems (one testcase per
// region and gated metric, failed when it regressed beyond its threshold).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_DIFF_OUTPUT_H
#define ENERGY_REPORT_DIFF_OUTPUT_H

#include "energy/report/report_diff.h"

#include <ostream>
#include <string>
#include <vector>

namespace energy::report {

enum class DiffFormat { Table, Markdown, JUnit };

struct DiffPrintOptions {
  std::vector<DiffMetric> shown; // columns
  std::vector<DiffMetric> gated; // --fail-on
  Thresholds thresholds{};
  size_t nameWidth = 48;
};

void printDiff(const ReportDiff &D, const DiffPrintOptions &Options,
               DiffFormat Format, std::ostream &OS);

/// "+12.3%", "-0.5%", "new", "-" (a side lacks it).
std::string formatChange(const MetricChange &Change);

/// A metric's value in its unit: "4.56 mJ", "12.3 ms", "1.2M".
std::string formatMetricValue(DiffMetric M, double Value);

/// One line saying why a regression fails the gate.
std::string describeRegression(const Regression &R);

} // namespace energy::report

#endif
