//===- diff_output.cpp - Table, Markdown and JUnit XML forms of a diff ----===//
//
// All three list one row per region and metric. The table and Markdown skip
// rows whose value did not change (except the program total), so that a
// pull-request comment shows what moved; JUnit lists every gated pair, since
// a CI system counts passing tests too.
//
//===----------------------------------------------------------------------===//
#include "energy/report/diff_output.h"

#include "energy/report/text_table.h"
#include "energy/report/xml_text.h"
#include "energy/report/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace energy::report {

namespace {

std::string formatPercent(double Fraction) {
  // Rounding must not print "-0.0%" for a change too small to show.
  if (std::fabs(Fraction) < 0.0005)
    return "0.0%";
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%+.1f%%", Fraction * 100.0);
  return Buf;
}

std::string thresholdText(double Fraction) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g%%", Fraction * 100.0);
  return Buf;
}

std::string sideText(DiffMetric M, const std::optional<double> &V) {
  return V ? formatMetricValue(M, *V) : "-";
}

bool isGated(const DiffPrintOptions &O, DiffMetric M) {
  return std::find(O.gated.begin(), O.gated.end(), M) != O.gated.end();
}

/// "FAIL > 5%", "ok <= 5%", or empty when the metric is not gated.
std::string gateText(const DiffPrintOptions &O, const MetricChange &C,
                     DiffMetric M) {
  if (!isGated(O, M) || !C.relative())
    return "";
  double Limit = O.thresholds[static_cast<size_t>(M)];
  return isRegression(C, Limit) ? "FAIL > " + thresholdText(Limit)
                                : "ok <= " + thresholdText(Limit);
}

bool isProgramTotal(const RegionDiff &R) {
  return R.key.name == ProgramTotalName;
}

bool worthARow(const RegionDiff &R, const MetricChange &C) {
  if (!C.base && !C.now)
    return false;
  return isProgramTotal(R) || !R.inBase || !R.inNew || C.base != C.now;
}

struct Row {
  const RegionDiff *region;
  DiffMetric metric;
};

std::vector<Row> visibleRows(const ReportDiff &D, const DiffPrintOptions &O) {
  std::vector<Row> Rows;
  for (const RegionDiff &R : D.regions)
    for (DiffMetric M : O.shown)
      if (worthARow(R, R.metric(M)))
        Rows.push_back({&R, M});
  return Rows;
}

std::string summaryLine(const ReportDiff &D, const DiffPrintOptions &O) {
  size_t Regressions = findRegressions(D, O.gated, O.thresholds).size();
  size_t Added = 0, Removed = 0;
  for (const RegionDiff &R : D.regions) {
    Added += !R.inBase;
    Removed += !R.inNew;
  }
  std::string Line = std::to_string(D.baseReports) + " base and " +
                     std::to_string(D.newReports) +
                     " new report(s), medians compared; " +
                     std::to_string(D.regions.size() - 1) + " regions (" +
                     std::to_string(Added) + " added, " +
                     std::to_string(Removed) + " removed); ";
  if (O.gated.empty())
    return Line + "no metric gated (--fail-on)";
  return Line + std::to_string(Regressions) + " regression(s) beyond threshold";
}

void printTable(const ReportDiff &D, const DiffPrintOptions &O,
                std::ostream &OS) {
  OS << summaryLine(D, O) << '\n';
  TextTable T({{"region", Align::Left},
               {"metric", Align::Left},
               {"base"},
               {"new"},
               {"change"},
               {"gate", Align::Left}});
  for (const Row &R : visibleRows(D, O)) {
    const MetricChange &C = R.region->metric(R.metric);
    T.addRow({elideName(R.region->displayName, O.nameWidth),
              diffMetricName(R.metric), sideText(R.metric, C.base),
              sideText(R.metric, C.now), formatChange(C),
              gateText(O, C, R.metric)});
  }
  T.print(OS);
}

std::string markdownCell(std::string Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '|' || C == '*' || C == '_' || C == '`' || C == '<')
      Out += '\\';
    Out += C;
  }
  return Out;
}

void printMarkdown(const ReportDiff &D, const DiffPrintOptions &O,
                   std::ostream &OS) {
  auto Regressions = findRegressions(D, O.gated, O.thresholds);
  OS << "### Energy report diff: "
     << (O.gated.empty()      ? "not gated"
         : Regressions.empty() ? "no regression"
                               : std::to_string(Regressions.size()) +
                                     " regression(s)")
     << "\n\n"
     << summaryLine(D, O) << "\n\n"
     << "| region | metric | base | new | change | gate |\n"
     << "|---|---|--:|--:|--:|---|\n";
  for (const Row &R : visibleRows(D, O)) {
    const MetricChange &C = R.region->metric(R.metric);
    std::string Gate = gateText(O, C, R.metric);
    if (Gate.rfind("FAIL", 0) == 0)
      Gate = "**" + Gate + "**";
    OS << "| " << markdownCell(R.region->displayName) << " | "
       << diffMetricName(R.metric) << " | " << sideText(R.metric, C.base)
       << " | " << sideText(R.metric, C.now) << " | " << formatChange(C)
       << " | " << Gate << " |\n";
  }
}


void printJUnit(const ReportDiff &D, const DiffPrintOptions &O,
                std::ostream &OS) {
  const std::vector<DiffMetric> &Metrics = O.gated.empty() ? O.shown : O.gated;
  std::vector<Row> Cases;
  for (const RegionDiff &R : D.regions)
    for (DiffMetric M : Metrics)
      if (R.metric(M).base || R.metric(M).now)
        Cases.push_back({&R, M});
  size_t Failures = findRegressions(D, O.gated, O.thresholds).size();
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<testsuites name=\"energy-report diff\" tests=\"" << Cases.size()
     << "\" failures=\"" << Failures << "\">\n"
     << "  <testsuite name=\"energy-report diff\" tests=\"" << Cases.size()
     << "\" failures=\"" << Failures << "\" errors=\"0\" skipped=\"0\">\n";
  for (const Row &R : Cases) {
    const MetricChange &C = R.region->metric(R.metric);
    OS << "    <testcase classname=\"energy." << diffMetricName(R.metric)
       << "\" name=\"" << xmlEscape(R.region->displayName) << "\">";
    std::string Detail = "base " + sideText(R.metric, C.base) + ", new " +
                         sideText(R.metric, C.now) + ", change " +
                         formatChange(C);
    if (isGated(O, R.metric) &&
        isRegression(C, O.thresholds[static_cast<size_t>(R.metric)]))
      OS << "\n      <failure message=\""
         << xmlEscape(describeRegression(
                {R.region, R.metric, *C.relative(),
                 O.thresholds[static_cast<size_t>(R.metric)]}))
         << "\" type=\"regression\">" << xmlEscape(Detail)
         << "</failure>\n    ";
    else
      OS << "<system-out>" << xmlEscape(Detail) << "</system-out>";
    OS << "</testcase>\n";
  }
  OS << "  </testsuite>\n</testsuites>\n";
}

} // namespace

std::string formatChange(const MetricChange &Change) {
  if (!Change.base && Change.now)
    return "new";
  if (Change.base && !Change.now)
    return "gone";
  auto Rel = Change.relative();
  if (!Rel)
    return "-";
  if (std::isinf(*Rel))
    return "from 0";
  return formatPercent(*Rel);
}

std::string formatMetricValue(DiffMetric M, double Value) {
  switch (M) {
  case DiffMetric::Energy:
  case DiffMetric::DynamicEnergy:
  case DiffMetric::MeasuredEnergy:
    return formatJoules(Value);
  case DiffMetric::Time:
    return formatSeconds(Value);
  case DiffMetric::Flops:
  case DiffMetric::Bytes:
  case DiffMetric::Instructions:
    return formatCount(static_cast<uint64_t>(std::llround(Value)));
  }
  return "";
}

std::string describeRegression(const Regression &R) {
  const MetricChange &C = R.region->metric(R.metric);
  std::string Change = std::isinf(R.relative) ? "from 0 to " +
                                                    formatMetricValue(
                                                        R.metric, *C.now)
                                              : formatPercent(R.relative);
  return R.region->displayName + ": " + diffMetricName(R.metric) + " " +
         Change + " (" + formatMetricValue(R.metric, *C.base) + " -> " +
         formatMetricValue(R.metric, *C.now) + "), above the " +
         thresholdText(R.threshold) + " threshold";
}

void printDiff(const ReportDiff &D, const DiffPrintOptions &Options,
               DiffFormat Format, std::ostream &OS) {
  switch (Format) {
  case DiffFormat::Table:
    return printTable(D, Options, OS);
  case DiffFormat::Markdown:
    return printMarkdown(D, Options, OS);
  case DiffFormat::JUnit:
    return printJUnit(D, Options, OS);
  }
}

} // namespace energy::report
