//===- diff_output.cpp - Table, Markdown, JUnit XML and JSON forms of a diff ===//
//
// All list one row per region and metric. The table and Markdown skip rows
// whose value did not change (except the program total), so that a
// pull-request comment shows what moved; JUnit lists every gated pair, since
// a CI system counts passing tests too; JSON lists everything, for programs.
//
//===----------------------------------------------------------------------===//
#include "energy/report/diff_output.h"

#include "energy/report/rank_test.h"
#include "energy/report/text_table.h"
#include "energy/report/units.h"
#include "support/Formats.h"
#include "xml/XmlText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

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

std::string pValueText(double P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "p=%.2g", P);
  return Buf;
}

/// Exact: "FAIL > 5%", "ok <= 5%"; measured: "FAIL > 5% (p=0.004)",
/// "ok (5%, p=0.3)", "not gated: too few runs" or "... too small"; a count
/// that differs between runs says "varies: " first. Empty when not gated.
std::string gateText(const ReportDiff &D, const DiffPrintOptions &O, const RegionDiff &R,
                     DiffMetric M) {
  if (!isGated(O, M))
    return "";
  GateVerdict V = judgeChange(D, R, M, O.rules);
  std::string Limit = thresholdText(O.rules.thresholds[static_cast<size_t>(M)]);
  std::string Varies = isDeterministic(M) && R.metric(M).variesBetweenRuns() ? "varies: " : "";
  std::string P = V.pValue ? pValueText(*V.pValue) : "";
  switch (V.outcome) {
  case GateOutcome::NoValue:
    return "";
  case GateOutcome::FewRuns:
    return Varies + "not gated: too few runs";
  case GateOutcome::TooSmall:
    return Varies + "not gated: too small";
  case GateOutcome::Failed:
    return Varies + "FAIL > " + Limit + (P.empty() ? "" : " (" + P + ")");
  case GateOutcome::Passed:
    return Varies + (P.empty() ? "ok <= " + Limit : "ok (" + Limit + ", " + P + ")");
  }
  return "";
}

std::string shownName(const RegionDiff &R) {
  if (R.status() == MatchStatus::Renamed)
    return R.displayName + " (renamed from " + R.previousName + ")";
  return R.displayName;
}

bool isProgramTotal(const RegionDiff &R) { return R.key.name == ProgramTotalName; }

bool worthARow(const RegionDiff &R, const MetricChange &C) {
  if (!C.base && !C.now)
    return false;
  return isProgramTotal(R) || R.status() != MatchStatus::Matched || C.base != C.now;
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

bool gatesMeasured(const DiffPrintOptions &O) {
  return std::any_of(O.gated.begin(), O.gated.end(),
                     [](DiffMetric M) { return !isDeterministic(M); });
}

std::string summaryLine(const ReportDiff &D, const DiffPrintOptions &O) {
  size_t Regressions = findRegressions(D, O.gated, O.rules).size();
  std::array<size_t, 4> ByStatus{};
  for (size_t I = 1; I < D.regions.size(); ++I)
    ++ByStatus[static_cast<size_t>(D.regions[I].status())];
  std::string Line =
      std::to_string(D.baseReports) + " base and " + std::to_string(D.newReports) +
      " new report(s), medians compared; " + std::to_string(D.regions.size() - 1) + " regions (" +
      std::to_string(ByStatus[static_cast<size_t>(MatchStatus::Added)]) + " added, " +
      std::to_string(ByStatus[static_cast<size_t>(MatchStatus::Removed)]) + " removed, " +
      std::to_string(ByStatus[static_cast<size_t>(MatchStatus::Renamed)]) + " renamed); ";
  if (O.gated.empty())
    return Line + "no metric gated (--fail-on)";
  Line += std::to_string(Regressions) + " regression(s)";
  if (gatesMeasured(O) && !O.rules.gateFewRuns &&
      smallestPValue(D.baseReports, D.newReports) > O.rules.significance)
    Line += "; measured metrics not gated: " + std::to_string(D.baseReports) + " and " +
            std::to_string(D.newReports) +
            " run(s) cannot show a change at p <= " + pValueText(O.rules.significance).substr(2) +
            " (5 runs a side can; or --gate-few-runs)";
  return Line;
}

void printTable(const ReportDiff &D, const DiffPrintOptions &O, std::ostream &OS) {
  OS << summaryLine(D, O) << '\n';
  TextTable T({{"region", Align::Left},
               {"metric", Align::Left},
               {"base"},
               {"new"},
               {"change"},
               {"gate", Align::Left}});
  for (const Row &R : visibleRows(D, O)) {
    const MetricChange &C = R.region->metric(R.metric);
    T.addRow({elideName(shownName(*R.region), O.nameWidth), diffMetricName(R.metric),
              sideText(R.metric, C.base), sideText(R.metric, C.now), formatChange(C),
              gateText(D, O, *R.region, R.metric)});
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

void printMarkdown(const ReportDiff &D, const DiffPrintOptions &O, std::ostream &OS) {
  auto Regressions = findRegressions(D, O.gated, O.rules);
  OS << "### Energy report diff: "
     << (O.gated.empty()       ? "not gated"
         : Regressions.empty() ? "no regression"
                               : std::to_string(Regressions.size()) + " regression(s)")
     << "\n\n"
     << summaryLine(D, O) << "\n\n"
     << "| region | metric | base | new | change | gate |\n"
     << "|---|---|--:|--:|--:|---|\n";
  for (const Row &R : visibleRows(D, O)) {
    const MetricChange &C = R.region->metric(R.metric);
    std::string Gate = gateText(D, O, *R.region, R.metric);
    if (Gate.starts_with("FAIL"))
      Gate = "**" + Gate + "**";
    OS << "| " << markdownCell(shownName(*R.region)) << " | " << diffMetricName(R.metric) << " | "
       << sideText(R.metric, C.base) << " | " << sideText(R.metric, C.now) << " | "
       << formatChange(C) << " | " << Gate << " |\n";
  }
}

void printJUnit(const ReportDiff &D, const DiffPrintOptions &O, std::ostream &OS) {
  const std::vector<DiffMetric> &Metrics = O.gated.empty() ? O.shown : O.gated;
  std::vector<Row> Cases;
  for (const RegionDiff &R : D.regions)
    for (DiffMetric M : Metrics)
      if (R.metric(M).base || R.metric(M).now)
        Cases.push_back({&R, M});
  std::vector<Regression> Regressions = findRegressions(D, O.gated, O.rules);
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<testsuites name=\"energy-report diff\" tests=\"" << Cases.size() << "\" failures=\""
     << Regressions.size() << "\">\n"
     << "  <testsuite name=\"energy-report diff\" tests=\"" << Cases.size() << "\" failures=\""
     << Regressions.size() << "\" errors=\"0\" skipped=\"0\">\n";
  for (const Row &R : Cases) {
    const MetricChange &C = R.region->metric(R.metric);
    OS << "    <testcase classname=\"energy." << diffMetricName(R.metric) << "\" name=\""
       << xml::escape(shownName(*R.region)) << "\">";
    std::string Detail = "base " + sideText(R.metric, C.base) + ", new " +
                         sideText(R.metric, C.now) + ", change " + formatChange(C);
    std::string Gate = gateText(D, O, *R.region, R.metric);
    if (!Gate.empty())
      Detail += ", gate " + Gate;
    auto Failed = std::find_if(Regressions.begin(), Regressions.end(), [&](const Regression &F) {
      return F.region == R.region && F.metric == R.metric;
    });
    if (Failed != Regressions.end())
      OS << "\n      <failure message=\"" << xml::escape(describeRegression(*Failed))
         << "\" type=\"regression\">" << xml::escape(Detail) << "</failure>\n    ";
    else
      OS << "<system-out>" << xml::escape(Detail) << "</system-out>";
    OS << "</testcase>\n";
  }
  OS << "  </testsuite>\n</testsuites>\n";
}

nlohmann::json optionalNumber(const std::optional<double> &V) {
  return V && std::isfinite(*V) ? nlohmann::json(*V) : nlohmann::json(nullptr);
}

nlohmann::json metricJson(const ReportDiff &D, const DiffPrintOptions &O, const RegionDiff &R,
                          DiffMetric M) {
  const MetricChange &C = R.metric(M);
  GateVerdict V = judgeChange(D, R, M, O.rules);
  return {{"base", optionalNumber(C.base)},
          {"new", optionalNumber(C.now)},
          {"change", optionalNumber(C.relative())},
          {"base_runs", C.baseRuns},
          {"new_runs", C.newRuns},
          {"exact", V.exact},
          {"gated", isGated(O, M)},
          {"verdict", gateOutcomeName(V.outcome)},
          {"p_value", optionalNumber(V.pValue)}};
}

nlohmann::json regionJson(const ReportDiff &D, const DiffPrintOptions &O, const RegionDiff &R) {
  nlohmann::json Region = {{"key", R.key.name},
                           {"name", R.displayName},
                           {"file", R.key.file},
                           {"kind", R.kind},
                           {"status", matchStatusName(R.status())},
                           {"too_small", isTooSmallToMeasure(D, R, O.rules)}};
  if (R.status() == MatchStatus::Renamed)
    Region["previous_name"] = R.previousName;
  nlohmann::json &Metrics = Region["metrics"] = nlohmann::json::object();
  for (DiffMetric M : O.shown)
    Metrics[diffMetricName(M)] = metricJson(D, O, R, M);
  return Region;
}

void printJson(const ReportDiff &D, const DiffPrintOptions &O, std::ostream &OS) {
  nlohmann::json Thresholds = nlohmann::json::object(), Gated = nlohmann::json::array();
  for (DiffMetric M : AllDiffMetrics)
    Thresholds[diffMetricName(M)] = O.rules.thresholds[static_cast<size_t>(M)];
  for (DiffMetric M : O.gated)
    Gated.push_back(diffMetricName(M));
  nlohmann::json Doc = {
      {"format", format::Diff.Name},
      {"version", format::Diff.Version},
      {"base_reports", D.baseReports},
      {"new_reports", D.newReports},
      {"gated", Gated},
      {"rules",
       {{"thresholds", Thresholds},
        {"significance", O.rules.significance},
        {"test", "one-sided Mann-Whitney U, new runs against base runs x (1 + threshold)"},
        {"gate_few_runs", O.rules.gateFewRuns},
        {"min_share", O.rules.minShare},
        {"min_time_s", O.rules.minSeconds},
        {"gate_small", O.rules.gateSmall}}},
      {"regressions", findRegressions(D, O.gated, O.rules).size()}};
  nlohmann::json &Regions = Doc["regions"] = nlohmann::json::array();
  for (const RegionDiff &R : D.regions)
    Regions.push_back(regionJson(D, O, R));
  OS << Doc.dump(2) << '\n';
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
  case DiffMetric::Imbalance:
    return formatRatio(Value);
  }
  return "";
}

const char *gateOutcomeName(GateOutcome O) {
  switch (O) {
  case GateOutcome::Passed:
    return "passed";
  case GateOutcome::Failed:
    return "failed";
  case GateOutcome::NoValue:
    return "no-value";
  case GateOutcome::FewRuns:
    return "few-runs";
  case GateOutcome::TooSmall:
    return "too-small";
  }
  return "";
}

std::string describeRegression(const Regression &R) {
  const MetricChange &C = R.region->metric(R.metric);
  std::string Change = std::isinf(R.relative) ? "from 0 to " + formatMetricValue(R.metric, *C.now)
                                              : formatPercent(R.relative);
  return R.region->displayName + ": " + diffMetricName(R.metric) + " " + Change + " (" +
         formatMetricValue(R.metric, *C.base) + " -> " + formatMetricValue(R.metric, *C.now) +
         "), above the " + thresholdText(R.threshold) + " threshold" +
         (R.pValue ? " (" + pValueText(*R.pValue) + " <= " + pValueText(R.significance).substr(2) +
                         ", over the runs)"
                   : "");
}

void printDiff(const ReportDiff &D, const DiffPrintOptions &Options, DiffFormat Format,
               std::ostream &OS) {
  switch (Format) {
  case DiffFormat::Table:
    return printTable(D, Options, OS);
  case DiffFormat::Markdown:
    return printMarkdown(D, Options, OS);
  case DiffFormat::JUnit:
    return printJUnit(D, Options, OS);
  case DiffFormat::Json:
    return printJson(D, Options, OS);
  }
}

} // namespace energy::report
