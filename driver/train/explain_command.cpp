//===- explain_command.cpp - energy-train explain -------------------------===//
//
// The paper's cause analysis for each program of a dataset: its predicted
// power split into the feature groups (clock and cycles, branch prediction,
// caches and TLB, context switches and migrations, instructions), from the
// program's mean counters.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/error.h"
#include "energy/train/explain.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct ExplainOptions {
  std::string model, dataset;
  bool json = false;
};

/// A program's mean counters and mean row duration.
std::pair<FeatureValues, double> programMean(const Dataset &D, const std::string &Program) {
  FeatureValues Mean;
  double Seconds = 0, Rows = 0;
  for (size_t R = 0; R < D.rows(); ++R) {
    if (D.programs[R] != Program)
      continue;
    for (const auto &[Name, Value] : rowValues(D, R))
      Mean[Name] += Value;
    Seconds += D.seconds(static_cast<Eigen::Index>(R));
    ++Rows;
  }
  for (auto &[Name, Value] : Mean)
    Value /= Rows;
  return {Mean, Seconds / Rows};
}

void runExplain(const ExplainOptions &O) {
  LearnedModel M = LearnedModel::load(O.model);
  model::LearnedModel Predictor = M.predictor();
  Dataset D = loadDataset(O.dataset);
  nlohmann::json Out = nlohmann::json::object();
  if (!O.json) {
    // Short column labels, in FeatureGroup order; the JSON has full names.
    std::printf("%-24s %8s %8s %9s %9s %9s %9s %9s %9s\n", "program", "watts", "base", "clock",
                "branch", "cache/TLB", "switches", "instrs", "other");
  }
  for (const std::string &P : D.programNames()) {
    auto [Mean, Seconds] = programMean(D, P);
    Explanation E = explain(M, Predictor, Mean, Seconds);
    Out[P] = E.toJson();
    if (O.json)
      continue;
    std::printf("%-24s %8.2f %8.2f", P.c_str(), E.watts, E.baseWatts);
    for (double W : E.groupWatts)
      std::printf(" %+9.2f", W);
    std::printf("\n");
  }
  if (O.json)
    std::cout << Out.dump(2) << '\n';
}

} // namespace

void addExplainCommand(CLI::App &App) {
  auto O = std::make_shared<ExplainOptions>();
  CLI::App *Sub = App.add_subcommand(
      "explain", "split each program's predicted power into the paper's feature groups");
  Sub->add_option("model", O->model, "model file")->required();
  Sub->add_option("dataset", O->dataset, "dataset CSV")->required();
  Sub->add_flag("--json", O->json, "print the explanations as JSON");
  Sub->callback([O] { runExplain(*O); });
}

} // namespace energy::train::cli
