//===- explain_command.cpp - energy-report explain: why regions draw power ===//
//
// `energy-report explain REPORT --model M` applies a trained model
// (energy-train fit) to each region's hardware counters and splits the
// predicted power into the paper's feature groups (energy::train::explain).
// A region's counters are its own (`counters.self` over `time_s.self`) when
// the report was recorded with per-region counters; otherwise its threads'
// deltas over the timeline intervals in which it was on top of the stack.
// Where the report lacks a counter the model reads, the tool names every
// missing one and stops: it never substitutes values. Built only when
// energy_train is part of the build (the contributions of tree models come
// from xgboost's TreeSHAP).
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "region_counters.h"

#include "energy/report/reader.h"
#include "energy/report/report_error.h"
#include "energy/report/text_table.h"
#include "energy/report/timeline.h"
#include "energy/report/units.h"
#include "energy/train/error.h"
#include "energy/train/explain.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>

namespace energy::report::cli {

namespace {

struct ExplainArguments {
  std::string reportPath;
  std::string modelPath;
  std::string format = "table";
  size_t top = 20;
};

struct RegionExplanation {
  const Region *region;
  double seconds;
  train::Explanation explanation;
};

train::LearnedModel loadModel(const std::string &Path) {
  try {
    return train::LearnedModel::load(Path);
  } catch (const train::TrainError &E) {
    throw ReportError(std::string(E.what()));
  }
}

/// Events that counted in at least one interval of the timeline.
std::vector<std::string> countedEvents(const Timeline &T) {
  std::vector<std::string> Counted;
  for (size_t K = 0; K < T.events.size(); ++K) {
    bool Any = false;
    for (const TimelineInterval &I : T.intervals)
      for (const TimelineThreadEntry &E : I.threads)
        Any = Any || E.counters[K].has_value();
    if (Any)
      Counted.push_back(T.events[K]);
  }
  return Counted;
}

const Timeline &requireTimeline(const Report &R, const train::LearnedModel &M) {
  if (!R.timeline)
    throw ReportError(
        R.origin +
        ": the report has no hardware counters (no "
        "timeline), but model '" +
        M.name + "' needs " + joinedNames(M.inputs) +
        "; re-run it with ENERGY_TIMELINE=1 on "
        "a machine where perf counts them (ENERGY_REGION_EVENTS=..., docs/meters.md)");
  auto Missing = M.missingInputs(countedEvents(*R.timeline));
  if (!Missing.empty())
    throw ReportError(R.origin + ": model '" + M.name +
                      "' needs counters the report lacks: " + joinedNames(Missing) +
                      " (not counted on the recording machine; see the "
                      "report's sources); record on a machine with these "
                      "counters, or use a model without them");
  return *R.timeline;
}

/// One region's counters over the seconds they cover.
struct RegionSample {
  uint64_t id;
  double seconds;
  train::FeatureValues values;
};

std::vector<RegionSample> timelineSamples(const Timeline &T) {
  std::vector<RegionSample> Out;
  for (auto &[Id, Counters] : regionCounters(T))
    Out.push_back({Id, Counters.seconds,
                   train::FeatureValues(Counters.values.begin(), Counters.values.end())});
  return Out;
}

/// Regions with their own counters: counters.self over time_s.self.
std::vector<RegionSample> selfCounterSamples(const Report &R,
                                             const std::map<uint64_t, model::EventValues> &Counters,
                                             const train::LearnedModel &M) {
  auto Missing = eventsMissingFromRegions(Counters, M.inputs);
  if (!Missing.empty())
    throw ReportError(R.origin + ": model '" + M.name +
                      "' needs counters the report's regions lack: " + joinedNames(Missing) +
                      " (see the report's sources); "
                      "record on a machine with these counters, or use a "
                      "model without them");
  std::vector<RegionSample> Out;
  for (const auto &[Id, Values] : Counters)
    if (Id < R.regions.size())
      Out.push_back({Id, R.regions[Id].selfSeconds, Values});
  return Out;
}

std::vector<RegionExplanation> explainRegions(const Report &R,
                                              const std::vector<RegionSample> &Samples,
                                              const train::LearnedModel &M) {
  model::LearnedModel Predictor = M.predictor();
  std::vector<RegionExplanation> Out;
  for (const RegionSample &S : Samples) {
    // A region that never ran on top, or whose intervals never counted one
    // of the model's inputs, has nothing to explain.
    if (S.id >= R.regions.size() || S.seconds <= 0.0 || !Predictor.missingEvents(S.values).empty())
      continue;
    try {
      Out.push_back(
          {&R.regions[S.id], S.seconds, train::explain(M, Predictor, S.values, S.seconds)});
    } catch (const std::runtime_error &E) {
      throw ReportError(R.origin + ": " + E.what());
    }
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const auto &A, const auto &B) { return A.seconds > B.seconds; });
  return Out;
}

void printTable(const std::vector<RegionExplanation> &Rows, const train::LearnedModel &M,
                size_t Top, std::ostream &OS) {
  OS << "power predicted by model '" << M.name << "' (" << M.kind()
     << "), split into the paper's feature groups (watts)\n";
  std::vector<Column> Columns = {
      {"region", Align::Left}, {"sampled"}, {"class"}, {"power"}, {"base"}};
  for (size_t G = 0; G < train::NumFeatureGroups; ++G)
    Columns.push_back({train::featureGroupName(static_cast<train::FeatureGroup>(G))});
  Columns.push_back({"largest feature", Align::Left});
  TextTable Table(Columns);
  for (size_t I = 0; I < Rows.size() && (Top == 0 || I < Top); ++I) {
    const train::Explanation &E = Rows[I].explanation;
    std::vector<std::string> Cells = {elideName(Rows[I].region->demangled, 40),
                                      formatSeconds(Rows[I].seconds), std::to_string(E.modelClass),
                                      formatRatio(E.watts), formatRatio(E.baseWatts)};
    for (double W : E.groupWatts)
      Cells.push_back(formatRatio(W));
    Cells.push_back(E.featureWatts.empty() ? "-" : E.featureWatts.front().first);
    Table.addRow(std::move(Cells));
  }
  Table.print(OS);
}

void printJson(const std::vector<RegionExplanation> &Rows, const train::LearnedModel &M,
               std::ostream &OS) {
  nlohmann::json Regions = nlohmann::json::array();
  for (const RegionExplanation &R : Rows) {
    nlohmann::json Entry = R.explanation.toJson();
    Entry["region"] = R.region->demangled;
    Entry["id"] = R.region->id;
    Entry["sampled_s"] = R.seconds;
    Regions.push_back(std::move(Entry));
  }
  OS << nlohmann::json{{"model", M.name}, {"regions", Regions}}.dump(1) << '\n';
}

int runExplain(const ExplainArguments &Args) {
  Report R = readReport(Args.reportPath);
  train::LearnedModel M = loadModel(Args.modelPath);
  auto Counters = regionSelfCounters(R);
  std::vector<RegionSample> Samples = Counters.empty() ? timelineSamples(requireTimeline(R, M))
                                                       : selfCounterSamples(R, Counters, M);
  auto Rows = explainRegions(R, Samples, M);
  if (Rows.empty())
    throw ReportError(Args.reportPath + (Counters.empty()
                                             ? ": no region was on top of a thread in any "
                                               "sampled interval with all of the model's "
                                               "counters; sample a longer run"
                                             : ": no region with counters has self time; "
                                               "record a longer run"));
  if (Args.format == "json")
    printJson(Rows, M, std::cout);
  else
    printTable(Rows, M, Args.top, std::cout);
  std::cout.flush();
  return std::cout ? 0 : 1;
}

} // namespace

void registerExplainCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<ExplainArguments>();
  CLI::App *Cmd =
      Tool.add_subcommand("explain", "Why each region draws its power: a trained model's "
                                     "prediction split into the paper's feature groups");
  Cmd->add_option("REPORT", Args->reportPath,
                  "Report with per-region counters, or with a timeline of "
                  "hardware counters")
      ->required();
  Cmd->add_option("--model", Args->modelPath,
                  "Model file written by energy-train fit (e.g. "
                  "models/nx12.json)")
      ->required();
  Cmd->add_option("--format", Args->format, "table or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "json"}));
  Cmd->add_option("--top", Args->top, "Regions shown, longest sampled first; 0 shows all")
      ->capture_default_str();
  Cmd->callback([Args, &Run] { Run = [Args] { return runExplain(*Args); }; });
}

} // namespace energy::report::cli
