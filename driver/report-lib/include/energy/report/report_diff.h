//===- energy/report/report_diff.h - Comparing two sets of reports --------===//
//
// What `energy-report diff` computes: per region, matched across reports by a
// stable identity (function, file and a loop's place in the function's loop
// nest, robust to line shifts), the change of each metric between a base and
// a new side, and which changes are regressions. A side is one or more
// reports (runs) of the same program; each metric of a side is shown as the
// median over its runs. A metric that is the same in every run of each side
// is exact and gated on its change alone; time, energy and any count that
// differs between runs of one side (hashing seeded by time or addresses) are
// measured, and fail only when a rank test over the runs finds the new runs
// significantly above the base runs grown by the threshold (docs/ci-gates.md).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REPORT_DIFF_H
#define ENERGY_REPORT_REPORT_DIFF_H

#include "energy/model/analytic_model.h"
#include "energy/report/report.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

enum class DiffMetric {
  Energy,         // modelled self energy, joules (static part noisy)
  DynamicEnergy,  // its part from exact counts, joules (deterministic)
  MeasuredEnergy, // measured self energy, joules (noisy)
  Time,           // self time, seconds (noisy)
  Flops,
  Bytes, // loaded + stored
  Instructions,
  /// A job report's: max over mean of self time over the ranks (noisy);
  /// none for regions of kind mpi.
  Imbalance,
};
inline constexpr size_t NumDiffMetrics = 8;
inline constexpr std::array<DiffMetric, NumDiffMetrics> AllDiffMetrics = {
    DiffMetric::Energy,       DiffMetric::DynamicEnergy, DiffMetric::MeasuredEnergy,
    DiffMetric::Time,         DiffMetric::Flops,         DiffMetric::Bytes,
    DiffMetric::Instructions, DiffMetric::Imbalance};

/// The metric's command-line name: energy, measured-energy, time, ...
const char *diffMetricName(DiffMetric M);
std::optional<DiffMetric> parseDiffMetric(const std::string &Name);
/// Exact counts and the energy derived from them alone give the same figure
/// in every run.
bool isDeterministic(DiffMetric M);

/// Region identity across reports: the name (a loop's is its function's name
/// and its place in the function's loop nest, `f:loop#2.1`; a user region's
/// has no line) and the file.
struct RegionKey {
  std::string name;
  std::string file;
  auto operator<=>(const RegionKey &) const = default;
};

/// The identity of every region of R, in region order.
std::vector<RegionKey> regionKeys(const Report &R);

/// A metric's value on one side: absent when no report of the side has it
/// (the region is missing, or measured energy without a meter).
using SideValue = std::optional<double>;

struct MetricChange {
  SideValue base; // medians
  SideValue now;
  /// Every run's value, per side.
  std::vector<double> baseRuns;
  std::vector<double> newRuns;
  /// (now - base) / base; +inf when base is 0 and now is not; none when a
  /// side lacks the value.
  std::optional<double> relative() const;
  /// Some side's runs disagree.
  bool variesBetweenRuns() const;
};

/// Whether M of this change is compared exactly: a deterministic metric whose
/// runs agree within each side.
bool isExactChange(DiffMetric M, const MetricChange &C);

/// How a region of one side was found on the other.
enum class MatchStatus { Matched, Added, Removed, Renamed };
const char *matchStatusName(MatchStatus S);

struct RegionDiff {
  RegionKey key;
  std::string displayName; // demangled
  std::string kind;        // function, loop, user; empty for the total
  bool inBase = false;
  bool inNew = false;
  /// Renamed: the base's display name (the key and displayName are the new).
  std::string previousName;
  MatchStatus status() const;
  std::array<MetricChange, NumDiffMetrics> metrics;
  const MetricChange &metric(DiffMetric M) const { return metrics[static_cast<size_t>(M)]; }
};

/// The name of the pseudo-region holding the program's totals.
inline constexpr const char *ProgramTotalName = "[program total]";

struct ReportDiff {
  size_t baseReports = 0;
  size_t newReports = 0;
  /// The program total first, then regions present on either side, ordered
  /// by their largest modelled energy.
  std::vector<RegionDiff> regions;
};

/// Per-side medians of every metric of every region. Sides must be non-empty.
/// `Model` gives dynamic-energy (absent without a model).
ReportDiff diffReports(const std::vector<Report> &Base, const std::vector<Report> &New,
                       const model::AnalyticModel *Model);

/// Thresholds as fractions (0.05 for 5%), one per metric.
using Thresholds = std::array<double, NumDiffMetrics>;

/// "5%" -> 0.05; none unless a non-negative percentage.
std::optional<double> parsePercent(const std::string &Text);

/// Parses "5%" (every metric) or "energy=5%,time=10%" (the others keep
/// Default). Returns an error message naming the bad part, or none.
std::optional<std::string> parseThresholds(const std::string &Spec, Thresholds &Out);

/// Parses "energy,flops"; "none" is the empty list.
std::optional<std::string> parseMetricList(const std::string &Spec, std::vector<DiffMetric> &Out);

/// What decides a gate. The threshold is the smallest change that matters
/// (the effect size); the significance level bounds how often a measured
/// metric of an unchanged program fails by chance.
struct GateRules {
  Thresholds thresholds{};
  double significance = 0.01;
  /// Gate measured metrics on the threshold alone when the runs are too few
  /// for the rank test to reach the significance level (one run a side).
  bool gateFewRuns = false;
  /// Regions whose self time is below this share of the run's time, or
  /// below minSeconds, are too small to measure: their measured metrics are
  /// reported but not gated unless gateSmall.
  double minShare = 0.01;
  double minSeconds = 0.005;
  bool gateSmall = false;
};

/// Default rules with every threshold at Threshold.
GateRules defaultGateRules(double Threshold = 0.05);

enum class GateOutcome {
  Passed,
  Failed,
  NoValue,  // a side lacks the value (added, removed, no meter)
  FewRuns,  // measured, and too few runs for the significance level
  TooSmall, // measured, in a region too small to measure
};

struct GateVerdict {
  GateOutcome outcome = GateOutcome::NoValue;
  bool exact = false;
  /// Measured and tested: the rank test's p-value.
  std::optional<double> pValue;
};

/// How metric M of region R fares under Rules, within diff D.
GateVerdict judgeChange(const ReportDiff &D, const RegionDiff &R, DiffMetric M,
                        const GateRules &Rules);

/// Self time below the rules' share of the run or absolute floor.
bool isTooSmallToMeasure(const ReportDiff &D, const RegionDiff &R, const GateRules &Rules);

struct Regression {
  const RegionDiff *region = nullptr;
  DiffMetric metric = DiffMetric::Energy;
  double relative = 0.0;
  double threshold = 0.0;
  std::optional<double> pValue; // measured metrics
  double significance = 0.0;
};

/// The exact rule: the change exceeds the threshold (from 0 to anything
/// does); decreases never do.
bool isRegression(const MetricChange &Change, double Threshold);

/// The gated metrics' changes that fail their gate.
std::vector<Regression> findRegressions(const ReportDiff &D, const std::vector<DiffMetric> &Gated,
                                        const GateRules &Rules);

} // namespace energy::report

#endif
