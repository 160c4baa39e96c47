//===- report_diff.cpp - Comparing two sets of reports region by region ---===//
//
// Regions are matched by function, file and place rather than by id (ids are
// only stable within one report) or line (an edit above a function moves
// it). A loop is its function's name and its place in the function's nest of
// loop regions (`f:loop#2.1`: the first loop inside the function's second
// top-level loop, siblings in source order), so moving code keeps it and
// adding a loop before it in the same nest does not (the loops are then
// reported as changed, which they are). A function that is gone from the
// base and new in the new side with the same body hash (the pass's, in
// reports of version 4; before them, the same exact self counts) is the same
// body renamed, and its loops follow it.
//
//===----------------------------------------------------------------------===//
#include "energy/report/report_diff.h"
#include "energy/report/job_balance.h"

#include "energy/report/rank_test.h"
#include "energy/report/region_paths.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace energy::report {

namespace {

constexpr std::array<const char *, NumDiffMetrics> MetricNames = {
    "energy", "dynamic-energy", "measured-energy", "time",
    "flops",  "bytes",          "instructions",    "imbalance"};

/// "f:step@file.c:15" -> "f:step": a user region's name without its place.
std::string withoutLocation(const std::string &Name) {
  size_t At = Name.rfind('@');
  return At == std::string::npos ? Name : Name.substr(0, At);
}

/// The nearest enclosing region of I that is a loop or a function, or
/// NoRegion. Bounded: a malformed parent cycle ends the walk.
size_t loopNestParent(const Report &R, size_t I) {
  size_t At = indexOfId(R, R.regions[I].parent);
  for (size_t Steps = 0; At != NoRegion && Steps < R.regions.size(); ++Steps) {
    const std::string &Kind = R.regions[At].kind;
    if (Kind == "loop" || Kind == "function")
      return At;
    At = indexOfId(R, R.regions[At].parent);
  }
  return NoRegion;
}

/// Each loop region's place in its function's loop nest: "2", "2.1", ...;
/// siblings numbered by line, then by id (the pass's order, which is all
/// there is without debug information).
std::map<size_t, std::string> loopPaths(const Report &R) {
  std::map<size_t, std::vector<size_t>> Children; // by loop-nest parent
  for (size_t I = 0; I < R.regions.size(); ++I)
    if (R.regions[I].kind == "loop")
      Children[loopNestParent(R, I)].push_back(I);
  for (auto &[Parent, Loops] : Children)
    std::stable_sort(Loops.begin(), Loops.end(),
                     [&](size_t A, size_t B) { return R.regions[A].line < R.regions[B].line; });
  std::map<size_t, std::string> Paths;
  // Parents before children: a loop's parent loop has the smaller id.
  std::vector<size_t> Order;
  for (size_t I = 0; I < R.regions.size(); ++I)
    if (R.regions[I].kind != "loop")
      Order.push_back(I);
  Order.push_back(NoRegion);
  for (size_t Next = 0; Next < Order.size(); ++Next) {
    auto It = Children.find(Order[Next]);
    if (It == Children.end())
      continue;
    auto Prefix = Paths.find(Order[Next]);
    for (size_t Rank = 0; Rank < It->second.size(); ++Rank) {
      size_t Loop = It->second[Rank];
      Paths[Loop] = (Prefix == Paths.end() ? "" : Prefix->second + ".") + std::to_string(Rank + 1);
      Order.push_back(Loop);
    }
    Children.erase(It);
  }
  return Paths;
}

RegionKey loopKey(const Report &R, size_t I, const std::string &Path) {
  size_t F = functionOf(R, I);
  if (F == NoRegion)
    return {withoutLocation(R.regions[I].name) + "#" + Path, R.regions[I].file};
  return {R.regions[F].name + ":loop#" + Path, R.regions[F].file};
}

SideValue dynamicJoules(const model::Activity &A, const model::AnalyticModel *Model) {
  if (!Model)
    return std::nullopt;
  return Model->estimate(A).dynamicJoules;
}

SideValue metricOf(const Report &Rep, const Region &R, DiffMetric M,
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
  case DiffMetric::Imbalance:
    // An MPI call's time is mostly waiting for the slowest rank: it mirrors
    // the imbalance of the code around it, and varies with every arrival.
    if (R.kind == "mpi")
      return std::nullopt;
    return timeImbalance(Rep, R);
  }
  return std::nullopt;
}

SideValue totalOf(const Report &R, DiffMetric M, const model::AnalyticModel *Model) {
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
    return static_cast<double>(R.totalCounts.bytesLoaded + R.totalCounts.bytesStored);
  case DiffMetric::Instructions:
    return static_cast<double>(R.totalCounts.instructions);
  case DiffMetric::Imbalance:
    if (std::optional<JobBalance> Balance = jobBalance(R))
      return Balance->total.timeImbalance;
    return std::nullopt;
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
  std::string kind;
  RegionKey function; // the enclosing function's key
  std::array<std::vector<double>, NumDiffMetrics> values;
  /// The function's body hash (reports of version 4), when every report of
  /// the side that lists it gives the same one.
  std::optional<std::string> bodyHash;
  bool hashDisagrees = false;

  void addBodyHash(const std::optional<std::string> &Hash) {
    if (hashDisagrees || !Hash || (bodyHash && *bodyHash != *Hash)) {
      hashDisagrees = true;
      bodyHash.reset();
    } else {
      bodyHash = Hash;
    }
  }
};

using SideTable = std::map<RegionKey, SideSamples>;

void addReport(const Report &R, SideTable &Table, const model::AnalyticModel *Model) {
  std::vector<RegionKey> Keys = regionKeys(R);
  std::map<RegionKey, std::array<SideValue, NumDiffMetrics>> Sums;
  for (size_t I = 0; I < R.regions.size(); ++I) {
    auto &Sum = Sums[Keys[I]];
    for (DiffMetric M : AllDiffMetrics) {
      SideValue V = metricOf(R, R.regions[I], M, Model);
      auto &Slot = Sum[static_cast<size_t>(M)];
      // Imbalances are ratios: of two regions of one key, the worse counts.
      if (V)
        Slot =
            M == DiffMetric::Imbalance ? std::max(Slot.value_or(0.0), *V) : Slot.value_or(0.0) + *V;
    }
    SideSamples &Samples = Table[Keys[I]];
    Samples.displayName = R.regions[I].demangled;
    Samples.kind = R.regions[I].kind;
    Samples.addBodyHash(R.regions[I].bodyHash);
    size_t F = functionOf(R, I);
    Samples.function = F == NoRegion ? Keys[I] : Keys[F];
  }
  for (auto &[Key, Sum] : Sums)
    for (DiffMetric M : AllDiffMetrics)
      if (auto V = Sum[static_cast<size_t>(M)])
        Table[Key].values[static_cast<size_t>(M)].push_back(*V);
}

SideTable sideTable(const std::vector<Report> &Side, const model::AnalyticModel *Model) {
  SideTable Table;
  for (const Report &R : Side)
    addReport(R, Table, Model);
  return Table;
}

MetricChange changeOf(std::vector<double> BaseRuns, std::vector<double> NewRuns) {
  MetricChange C;
  C.base = median(BaseRuns);
  C.now = median(NewRuns);
  C.baseRuns = std::move(BaseRuns);
  C.newRuns = std::move(NewRuns);
  return C;
}

RegionDiff programTotal(const std::vector<Report> &Base, const std::vector<Report> &New,
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
    Total.metrics[static_cast<size_t>(M)] = changeOf(std::move(B), std::move(N));
  }
  return Total;
}

/// What a body executes by itself: its exact self counts, per metric. Two
/// functions of equal shape that ran are taken for the same code.
std::optional<std::array<SideValue, 3>> bodyShape(const SideSamples &S) {
  std::array<SideValue, 3> Shape;
  size_t I = 0;
  for (DiffMetric M : {DiffMetric::Instructions, DiffMetric::Bytes, DiffMetric::Flops}) {
    const std::vector<double> &Runs = S.values[static_cast<size_t>(M)];
    if (Runs.empty() ||
        std::adjacent_find(Runs.begin(), Runs.end(), std::not_equal_to<>()) != Runs.end())
      return std::nullopt; // varies between runs: no fingerprint
    Shape[I++] = Runs.front();
  }
  if (Shape[0].value_or(0.0) == 0.0)
    return std::nullopt;
  return Shape;
}

/// What identifies a function's body across builds: its body hash when
/// both sides' reports carry them (a body changed with the same counts is
/// then no rename), else its exact self counts.
std::optional<std::string> bodyFingerprint(const SideSamples &S, bool ByHash) {
  if (ByHash)
    return S.bodyHash;
  std::optional<std::array<SideValue, 3>> Shape = bodyShape(S);
  if (!Shape)
    return std::nullopt;
  std::string Text;
  for (const SideValue &V : *Shape)
    Text += std::to_string(V.value_or(0.0)) + " ";
  return Text;
}

/// Whether every report of the side carries body hashes (version 4).
bool carriesBodyHashes(const std::vector<Report> &Side) {
  return std::all_of(Side.begin(), Side.end(), [](const Report &R) { return R.version >= 4; });
}

/// Functions only in the base whose body fingerprint matches exactly one
/// function only in the new side, and the other way round: old key -> new
/// key.
std::map<RegionKey, RegionKey> renamedFunctions(const SideTable &B, const SideTable &N,
                                                bool ByHash) {
  auto OnlyIn = [ByHash](const SideTable &Side, const SideTable &Other) {
    std::multimap<std::string, RegionKey> ByFingerprint;
    for (const auto &[Key, S] : Side)
      if (S.kind == "function" && !Other.count(Key))
        if (auto Fingerprint = bodyFingerprint(S, ByHash))
          ByFingerprint.emplace(*Fingerprint, Key);
    return ByFingerprint;
  };
  auto Gone = OnlyIn(B, N), Fresh = OnlyIn(N, B);
  std::map<RegionKey, RegionKey> Renamed;
  for (const auto &[Fingerprint, Old] : Gone)
    if (Gone.count(Fingerprint) == 1 && Fresh.count(Fingerprint) == 1)
      Renamed.emplace(Old, Fresh.find(Fingerprint)->second);
  return Renamed;
}

/// Base entries of renamed functions re-keyed as the new side names them:
/// the function and every region inside it.
SideTable withRenames(SideTable B, const std::map<RegionKey, RegionKey> &Renamed,
                      std::map<RegionKey, std::string> &PreviousNames) {
  SideTable Out;
  for (auto &[Key, S] : B) {
    auto It = Renamed.find(S.function);
    if (It == Renamed.end()) {
      Out.emplace(Key, std::move(S));
      continue;
    }
    const RegionKey &Old = It->first, &New = It->second;
    RegionKey Moved{New.name + Key.name.substr(Old.name.size()), New.file};
    PreviousNames[Moved] = S.displayName;
    S.function = New;
    Out.emplace(std::move(Moved), std::move(S));
  }
  return Out;
}

double largestEnergy(const RegionDiff &D) {
  const MetricChange &E = D.metric(DiffMetric::Energy);
  return std::max(E.base.value_or(0.0), E.now.value_or(0.0));
}

} // namespace

const char *diffMetricName(DiffMetric M) { return MetricNames[static_cast<size_t>(M)]; }

std::optional<DiffMetric> parseDiffMetric(const std::string &Name) {
  for (DiffMetric M : AllDiffMetrics)
    if (Name == diffMetricName(M))
      return M;
  return std::nullopt;
}

bool isDeterministic(DiffMetric M) {
  return M != DiffMetric::Time && M != DiffMetric::MeasuredEnergy && M != DiffMetric::Energy &&
         M != DiffMetric::Imbalance;
}

std::vector<RegionKey> regionKeys(const Report &R) {
  std::map<size_t, std::string> Paths = loopPaths(R);
  std::vector<RegionKey> Keys;
  Keys.reserve(R.regions.size());
  for (size_t I = 0; I < R.regions.size(); ++I) {
    const Region &Reg = R.regions[I];
    if (Reg.kind == "loop")
      Keys.push_back(loopKey(R, I, Paths[I]));
    else if (Reg.kind == "user")
      Keys.push_back({withoutLocation(Reg.name), Reg.file});
    else
      Keys.push_back({Reg.name, Reg.file});
  }
  // User regions of one name in one function: numbered by line.
  std::map<RegionKey, std::vector<size_t>> Users;
  for (size_t I = 0; I < R.regions.size(); ++I)
    if (R.regions[I].kind == "user")
      Users[Keys[I]].push_back(I);
  for (auto &[Key, Ids] : Users) {
    if (Ids.size() < 2)
      continue;
    std::stable_sort(Ids.begin(), Ids.end(),
                     [&](size_t A, size_t B) { return R.regions[A].line < R.regions[B].line; });
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

ReportDiff diffReports(const std::vector<Report> &Base, const std::vector<Report> &New,
                       const model::AnalyticModel *Model) {
  ReportDiff D;
  D.baseReports = Base.size();
  D.newReports = New.size();
  SideTable N = sideTable(New, Model);
  std::map<RegionKey, std::string> PreviousNames;
  SideTable B = sideTable(Base, Model);
  std::map<RegionKey, RegionKey> Renamed =
      renamedFunctions(B, N, carriesBodyHashes(Base) && carriesBodyHashes(New));
  B = withRenames(std::move(B), Renamed, PreviousNames);
  std::map<RegionKey, RegionDiff> Merged;
  std::map<RegionKey, std::array<std::vector<double>, NumDiffMetrics>> BaseRuns;
  auto Fill = [&](const SideTable &Table, bool IsBase) {
    for (const auto &[Key, Samples] : Table) {
      RegionDiff &R = Merged[Key];
      R.key = Key;
      R.displayName = Samples.displayName;
      R.kind = Samples.kind;
      (IsBase ? R.inBase : R.inNew) = true;
      for (DiffMetric M : AllDiffMetrics) {
        MetricChange &C = R.metrics[static_cast<size_t>(M)];
        const std::vector<double> &Runs = Samples.values[static_cast<size_t>(M)];
        (IsBase ? C.baseRuns : C.newRuns) = Runs;
        (IsBase ? C.base : C.now) = median(Runs);
      }
    }
  };
  Fill(B, true);
  Fill(N, false);
  for (auto &[Key, R] : Merged) {
    if (auto It = PreviousNames.find(Key); It != PreviousNames.end())
      R.previousName = It->second;
    D.regions.push_back(std::move(R));
  }
  std::stable_sort(
      D.regions.begin(), D.regions.end(),
      [](const RegionDiff &A, const RegionDiff &B) { return largestEnergy(A) > largestEnergy(B); });
  D.regions.insert(D.regions.begin(), programTotal(Base, New, Model));
  return D;
}

bool MetricChange::variesBetweenRuns() const {
  auto Varies = [](const std::vector<double> &Runs) {
    return std::adjacent_find(Runs.begin(), Runs.end(), std::not_equal_to<>()) != Runs.end();
  };
  return Varies(baseRuns) || Varies(newRuns);
}

bool isExactChange(DiffMetric M, const MetricChange &C) {
  return isDeterministic(M) && !C.variesBetweenRuns();
}

const char *matchStatusName(MatchStatus S) {
  switch (S) {
  case MatchStatus::Matched:
    return "matched";
  case MatchStatus::Added:
    return "added";
  case MatchStatus::Removed:
    return "removed";
  case MatchStatus::Renamed:
    return "renamed";
  }
  return "";
}

MatchStatus RegionDiff::status() const {
  if (!previousName.empty())
    return MatchStatus::Renamed;
  if (inBase && inNew)
    return MatchStatus::Matched;
  return inNew ? MatchStatus::Added : MatchStatus::Removed;
}

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

namespace {

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

std::optional<std::string> parseThresholds(const std::string &Spec, Thresholds &Out) {
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
      return "unknown metric '" + Part.substr(0, Eq) + "' in --threshold (" + metricNameList() +
             ")";
    auto V = parsePercent(Part.substr(Eq + 1));
    if (!V)
      return "threshold '" + Part.substr(Eq + 1) + "' is not a non-negative percentage such as 5%";
    Out[static_cast<size_t>(*M)] = *V;
  }
  return std::nullopt;
}

std::optional<std::string> parseMetricList(const std::string &Spec, std::vector<DiffMetric> &Out) {
  Out.clear();
  if (Spec == "none")
    return std::nullopt;
  for (const std::string &Name : splitCommas(Spec)) {
    auto M = parseDiffMetric(Name);
    if (!M)
      return "unknown metric '" + Name + "' (" + metricNameList() + ", or none)";
    if (std::find(Out.begin(), Out.end(), *M) == Out.end())
      Out.push_back(*M);
  }
  return std::nullopt;
}

bool isRegression(const MetricChange &Change, double Threshold) {
  auto Rel = Change.relative();
  return Rel && *Rel > Threshold;
}

GateRules defaultGateRules(double Threshold) {
  GateRules Rules;
  Rules.thresholds.fill(Threshold);
  return Rules;
}

bool isTooSmallToMeasure(const ReportDiff &D, const RegionDiff &R, const GateRules &Rules) {
  if (D.regions.empty() || &R == &D.regions.front())
    return false; // the program total is the run
  const MetricChange &Time = R.metric(DiffMetric::Time);
  double Self = std::max(Time.base.value_or(0.0), Time.now.value_or(0.0));
  const MetricChange &Run = D.regions.front().metric(DiffMetric::Time);
  double RunSeconds = std::max(Run.base.value_or(0.0), Run.now.value_or(0.0));
  return Self < Rules.minSeconds || Self < Rules.minShare * RunSeconds;
}

namespace {

/// One-sided: are the new runs above the base runs grown by Threshold? The
/// threshold is the effect that matters, so noise within it never fails.
double pValueBeyond(const MetricChange &C, double Threshold) {
  std::vector<double> Grown = C.baseRuns;
  for (double &V : Grown)
    V *= 1.0 + Threshold;
  return mannWhitneyGreater(Grown, C.newRuns).pValue;
}

} // namespace

GateVerdict judgeChange(const ReportDiff &D, const RegionDiff &R, DiffMetric M,
                        const GateRules &Rules) {
  const MetricChange &C = R.metric(M);
  double Threshold = Rules.thresholds[static_cast<size_t>(M)];
  GateVerdict V;
  V.exact = isExactChange(M, C);
  auto Outcome = [&](bool Failed) { return Failed ? GateOutcome::Failed : GateOutcome::Passed; };
  if (!C.relative()) {
    V.outcome = GateOutcome::NoValue;
  } else if (V.exact) {
    V.outcome = Outcome(isRegression(C, Threshold));
  } else if (!Rules.gateSmall && isTooSmallToMeasure(D, R, Rules)) {
    V.outcome = GateOutcome::TooSmall;
  } else if (smallestPValue(C.baseRuns.size(), C.newRuns.size()) > Rules.significance) {
    V.outcome = Rules.gateFewRuns ? Outcome(isRegression(C, Threshold)) : GateOutcome::FewRuns;
  } else {
    V.pValue = pValueBeyond(C, Threshold);
    V.outcome = Outcome(isRegression(C, Threshold) && *V.pValue <= Rules.significance);
  }
  return V;
}

std::vector<Regression> findRegressions(const ReportDiff &D, const std::vector<DiffMetric> &Gated,
                                        const GateRules &Rules) {
  std::vector<Regression> Found;
  for (const RegionDiff &R : D.regions)
    for (DiffMetric M : Gated) {
      GateVerdict V = judgeChange(D, R, M, Rules);
      if (V.outcome == GateOutcome::Failed)
        Found.push_back({&R, M, *R.metric(M).relative(), Rules.thresholds[static_cast<size_t>(M)],
                         V.pValue, Rules.significance});
    }
  return Found;
}

} // namespace energy::report
