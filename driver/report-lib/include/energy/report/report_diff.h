//===- energy/report/report_diff.h - Comparing two sets of reports --------===//
//
// What `energy-report diff` computes: per region, matched across reports by a
// stable identity (name and file, robust to line shifts), the change of each
// metric between a base and a new side, and which changes are regressions
// beyond their thresholds. A side is one or more reports of the same program;
// each metric of a side is the median over its reports, so that noisy metrics
// (time, measured energy) are compared on repeated runs. Exact counts and the
// part of the modelled energy derived from them (dynamic-energy) are the same
// in every run; the modelled energy also holds static power x self time.
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
};
inline constexpr size_t NumDiffMetrics = 7;
inline constexpr std::array<DiffMetric, NumDiffMetrics> AllDiffMetrics = {
    DiffMetric::Energy, DiffMetric::DynamicEnergy, DiffMetric::MeasuredEnergy,
    DiffMetric::Time,   DiffMetric::Flops,         DiffMetric::Bytes,
    DiffMetric::Instructions};

/// The metric's command-line name: energy, measured-energy, time, ...
const char *diffMetricName(DiffMetric M);
std::optional<DiffMetric> parseDiffMetric(const std::string &Name);
/// Exact counts and the energy derived from them alone give the same figure
/// in every run.
bool isDeterministic(DiffMetric M);

/// Region identity across reports: the name (a loop's without its line,
/// numbered instead within its function) and the file.
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
  SideValue base;
  SideValue now;
  /// (now - base) / base; +inf when base is 0 and now is not; none when a
  /// side lacks the value.
  std::optional<double> relative() const;
};

struct RegionDiff {
  RegionKey key;
  std::string displayName; // demangled
  bool inBase = false;
  bool inNew = false;
  std::array<MetricChange, NumDiffMetrics> metrics;
  const MetricChange &metric(DiffMetric M) const {
    return metrics[static_cast<size_t>(M)];
  }
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
ReportDiff diffReports(const std::vector<Report> &Base,
                       const std::vector<Report> &New,
                       const model::AnalyticModel *Model);

/// Thresholds as fractions (0.05 for 5%), one per metric.
using Thresholds = std::array<double, NumDiffMetrics>;

/// Parses "5%" (every metric) or "energy=5%,time=10%" (the others keep
/// Default). Returns an error message naming the bad part, or none.
std::optional<std::string> parseThresholds(const std::string &Spec,
                                           Thresholds &Out);

/// Parses "energy,flops"; "none" is the empty list.
std::optional<std::string> parseMetricList(const std::string &Spec,
                                           std::vector<DiffMetric> &Out);

struct Regression {
  const RegionDiff *region = nullptr;
  DiffMetric metric = DiffMetric::Energy;
  double relative = 0.0;
  double threshold = 0.0;
};

bool isRegression(const MetricChange &Change, double Threshold);

/// The changes of the gated metrics that exceed their thresholds.
std::vector<Regression> findRegressions(const ReportDiff &D,
                                        const std::vector<DiffMetric> &Gated,
                                        const Thresholds &T);

} // namespace energy::report

#endif
