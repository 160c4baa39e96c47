//===- report_diff.cpp - Comparing two sets of reports region by region ---===//
//
// Regions are matched by name and file rather than by id (ids are only
// stable within one report) or line (an edit above a function moves it).
// Loop names carry their line (`f:loop@file.c:15`), so a loop's identity is
// its function's name and its rank among that function's loops by line:
// moving code keeps it, adding a loop before it in the same function does
// not (the loops are then reported as changed, which they are).
//
//===----------------------------------------------------------------------===//
#include "energy/report/report_diff.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace energy::report {

namespace {

constexpr std::array<const char *, NumDiffMetrics> MetricNames = {
    "energy", "dynamic-energy", "measured-energy", "time", "flops", "bytes", "instructions"};

/// "f:loop@file.c:15" -> "f:loop"; other names unchanged.
std::string withoutLoopLocation(const std::string &Name) {
  size_t At = Name.rfind(":loop@");
  return At == std::string::npos ? Name : Name.substr(0, At + 5);
}

SideValue dynamicJoules(const model::Activity &A,
                        const model::AnalyticModel *Model) {
  if (!Model)
    return std::nullopt;
  return Model->estimate(A).dynamicJoules;
}

SideValue metricOf(const Region &R, DiffMetric M,
                   const model::AnalyticModel *Model) {
  switch (M) {
  case DiffMetric::Energy:
    return R.energy.modelledJoules;
  case DiffMetric::DynamicEnergy:
    return dynamicJoules(R.counts, Model);
  case DiffMetric::MeasuredEnergy:
    return R.energy.measuredJoules;
  case DiffMetric::Time:
    return R.selfSeconds;
  case DiffMetric::Flops:
    return static_cast<double>(R.flops);
  case DiffMetric::Bytes:
    return static_cast<double>(R.bytesMoved());
  case DiffMetric::Instructions:
    return static_cast<double>(R.counts.instructions);
  }
  return std::nullopt;
}

SideValue totalOf(const Report &R, DiffMetric M,
                  const model::AnalyticModel *Model) {
  switch (M) {
  case DiffMetric::Energy:
    return R.totalEnergy.modelledJoules;
  case DiffMetric::DynamicEnergy:
    return dynamicJoules(R.totalCounts, Model);
  case DiffMetric::MeasuredEnergy:
    return R.totalEnergy.measuredJoules;
  case DiffMetric::Time:
    return R.wallSeconds;
  case DiffMetric::Flops:
    return static_cast<double>(R.totalFlops);
  case DiffMetric::Bytes:
    return static_cast<double>(R.totalCounts.bytesLoaded +
                               R.totalCounts.bytesStored);
  case DiffMetric::Instructions:
    return static_cast<double>(R.totalCounts.instructions);
  }
  return std::nullopt;
}

SideValue median(std::vector<double> Values) {
  if (Values.empty())
    return std::nullopt;
  std::sort(Values.begin(), Values.end());
  size_t Mid = Values.size() / 2;
  return Values.size() % 2 ? Values[Mid] : (Values[Mid - 1] + Values[Mid]) / 2;
}

/// One region's values in each report of a side, per metric. Regions of one
/// report sharing a key (a static function in two modules) are summed.
struct SideSamples {
  std::string displayName;
  std::array<std::vector<double>, NumDiffMetrics> values;
};

using SideTable = std::map<RegionKey, SideSamples>;

void addReport(const Report &R, SideTable &Table,
               const model::AnalyticModel *Model) {
  std::vector<RegionKey> Keys = regionKeys(R);
  std::map<RegionKey, std::array<SideValue, NumDiffMetrics>> Sums;
  for (size_t I = 0; I < R.regions.size(); ++I) {
    auto &Sum = Sums[Keys[I]];
    for (DiffMetric M : AllDiffMetrics) {
      SideValue V = metricOf(R.regions[I], M, Model);
      auto &Slot = Sum[static_cast<size_t>(M)];
      if (V)
        Slot = Slot.value_or(0.0) + *V;
    }
    Table[Keys[I]].displayName = R.regions[I].demangled;
  }
  for (auto &[Key, Sum] : Sums)
    for (DiffMetric M : AllDiffMetrics)
      if (auto V = Sum[static_cast<size_t>(M)])
        Table[Key].values[static_cast<size_t>(M)].push_back(*V);
}

SideTable sideTable(const std::vector<Report> &Side,
                    const model::AnalyticModel *Model) {
  SideTable Table;
  for (const Report &R : Side)
    addReport(R, Table, Model);
  return Table;
}

RegionDiff programTotal(const std::vector<Report> &Base,
                        const std::vector<Report> &New,
                        const model::AnalyticModel *Model) {
  RegionDiff Total;
  Total.key = {ProgramTotalName, ""};
  Total.displayName = ProgramTotalName;
  Total.inBase = Total.inNew = true;
  for (DiffMetric M : AllDiffMetrics) {
    std::vector<double> B, N;
    for (const Report &R : Base)
      if (auto V = totalOf(R, M, Model))
        B.push_back(*V);
    for (const Report &R : New)
      if (auto V = totalOf(R, M, Model))
        N.push_back(*V);
    Total.metrics[static_cast<size_t>(M)] = {median(B), median(N)};
  }
  return Total;
}

double largestEnergy(const RegionDiff &D) {
  const MetricChange &E = D.metric(DiffMetric::Energy);
  return std::max(E.base.value_or(0.0), E.now.value_or(0.0));
}

} // namespace

const char *diffMetricName(DiffMetric M) {
  return MetricNames[static_cast<size_t>(M)];
}

std::optional<DiffMetric> parseDiffMetric(const std::string &Name) {
  for (DiffMetric M : AllDiffMetrics)
    if (Name == diffMetricName(M))
      return M;
  return std::nullopt;
}

bool isDeterministic(DiffMetric M) {
  return M != DiffMetric::Time && M != DiffMetric::MeasuredEnergy &&
         M != DiffMetric::Energy;
}

std::vector<RegionKey> regionKeys(const Report &R) {
  std::vector<RegionKey> Keys;
  Keys.reserve(R.regions.size());
  for (const Region &Reg : R.regions)
    Keys.push_back({Reg.kind == "loop" ? withoutLoopLocation(Reg.name)
                                       : Reg.name,
                    Reg.file});
  // Number the loops of each function by line, so that equal keys differ.
  std::map<RegionKey, std::vector<size_t>> Loops;
  for (size_t I = 0; I < R.regions.size(); ++I)
    if (R.regions[I].kind == "loop")
      Loops[Keys[I]].push_back(I);
  for (auto &[Key, Ids] : Loops) {
    std::stable_sort(Ids.begin(), Ids.end(), [&](size_t A, size_t B) {
      return R.regions[A].line < R.regions[B].line;
    });
    for (size_t Rank = 0; Rank < Ids.size(); ++Rank)
      Keys[Ids[Rank]].name += "#" + std::to_string(Rank + 1);
  }
  return Keys;
}

std::optional<double> MetricChange::relative() const {
  if (!base || !now)
    return std::nullopt;
  if (*base == 0.0)
    return *now == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  return (*now - *base) / *base;
}

ReportDiff diffReports(const std::vector<Report> &Base,
                       const std::vector<Report> &New,
                       const model::AnalyticModel *Model) {
  ReportDiff D;
  D.baseReports = Base.size();
  D.newReports = New.size();
  SideTable B = sideTable(Base, Model), N = sideTable(New, Model);
  std::map<RegionKey, RegionDiff> Merged;
  auto Fill = [&](const SideTable &Table, bool IsBase) {
    for (const auto &[Key, Samples] : Table) {
      RegionDiff &R = Merged[Key];
      R.key = Key;
      R.displayName = Samples.displayName;
      (IsBase ? R.inBase : R.inNew) = true;
      for (DiffMetric M : AllDiffMetrics) {
        MetricChange &C = R.metrics[static_cast<size_t>(M)];
        (IsBase ? C.base : C.now) =
            median(Samples.values[static_cast<size_t>(M)]);
      }
    }
  };
  Fill(B, true);
  Fill(N, false);
  for (auto &[Key, R] : Merged)
    D.regions.push_back(std::move(R));
  std::stable_sort(D.regions.begin(), D.regions.end(),
                   [](const RegionDiff &A, const RegionDiff &B) {
                     return largestEnergy(A) > largestEnergy(B);
                   });
  D.regions.insert(D.regions.begin(), programTotal(Base, New, Model));
  return D;
}

namespace {

std::optional<double> parsePercent(const std::string &Text) {
  if (Text.empty() || Text.back() != '%')
    return std::nullopt;
  std::string Number = Text.substr(0, Text.size() - 1);
  size_t Used = 0;
  double V = 0.0;
  try {
    V = std::stod(Number, &Used);
  } catch (const std::exception &) {
    return std::nullopt;
  }
  if (Used != Number.size() || !std::isfinite(V) || V < 0.0)
    return std::nullopt;
  return V / 100.0;
}

std::vector<std::string> splitCommas(const std::string &Text) {
  std::vector<std::string> Parts;
  size_t Start = 0;
  while (true) {
    size_t Comma = Text.find(',', Start);
    Parts.push_back(Text.substr(Start, Comma - Start));
    if (Comma == std::string::npos)
      return Parts;
    Start = Comma + 1;
  }
}

std::string metricNameList() {
  std::string List;
  for (DiffMetric M : AllDiffMetrics)
    List += (List.empty() ? "" : ", ") + std::string(diffMetricName(M));
  return List;
}

} // namespace

std::optional<std::string> parseThresholds(const std::string &Spec,
                                           Thresholds &Out) {
  if (auto All = parsePercent(Spec)) {
    Out.fill(*All);
    return std::nullopt;
  }
  for (const std::string &Part : splitCommas(Spec)) {
    size_t Eq = Part.find('=');
    if (Eq == std::string::npos)
      return "threshold '" + Part + "' is neither N% nor METRIC=N%";
    auto M = parseDiffMetric(Part.substr(0, Eq));
    if (!M)
      return "unknown metric '" + Part.substr(0, Eq) + "' in --threshold (" +
             metricNameList() + ")";
    auto V = parsePercent(Part.substr(Eq + 1));
    if (!V)
      return "threshold '" + Part.substr(Eq + 1) +
             "' is not a non-negative percentage such as 5%";
    Out[static_cast<size_t>(*M)] = *V;
  }
  return std::nullopt;
}

std::optional<std::string> parseMetricList(const std::string &Spec,
                                           std::vector<DiffMetric> &Out) {
  Out.clear();
  if (Spec == "none")
    return std::nullopt;
  for (const std::string &Name : splitCommas(Spec)) {
    auto M = parseDiffMetric(Name);
    if (!M)
      return "unknown metric '" + Name + "' (" + metricNameList() +
             ", or none)";
    if (std::find(Out.begin(), Out.end(), *M) == Out.end())
      Out.push_back(*M);
  }
  return std::nullopt;
}

bool isRegression(const MetricChange &Change, double Threshold) {
  auto Rel = Change.relative();
  return Rel && *Rel > Threshold;
}

std::vector<Regression> findRegressions(const ReportDiff &D,
                                        const std::vector<DiffMetric> &Gated,
                                        const Thresholds &T) {
  std::vector<Regression> Found;
  for (const RegionDiff &R : D.regions)
    for (DiffMetric M : Gated) {
      double Limit = T[static_cast<size_t>(M)];
      if (isRegression(R.metric(M), Limit))
        Found.push_back({&R, M, *R.metric(M).relative(), Limit});
    }
  return Found;
}

} // namespace energy::report
