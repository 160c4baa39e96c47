//===- evaluate_command.cpp - energy-train evaluate -----------------------===//
//
// Applies a model to a dataset it may never have seen and prints the errors:
// MAE, mean and max eps, per program; for a timeline, also each run's energy
// by the average model and by the real-time model against the measured one.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/dataset.h"
#include "energy/train/error.h"
#include "energy/train/learned_model.h"
#include "energy/train/metrics.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct EvaluateOptions {
  std::string model, dataset;
  bool json = false;
};

void checkInputs(const LearnedModel &M, const Dataset &D) {
  std::vector<std::string> Missing = M.missingInputs(D.features);
  if (Missing.empty())
    return;
  std::string List;
  for (const std::string &F : Missing)
    List += (List.empty() ? "" : ", ") + F;
  throw TrainError("model '" + M.name + "' needs counters the dataset lacks: " + List +
                   "; measure them, or fit a model on these counters");
}

/// Per program of a timeline: measured joules, average-model joules (from
/// the median interval) and real-time-model joules (sum over intervals).
void printTimelineEnergy(const model::LearnedModel &M, const Dataset &D) {
  std::printf("%-32s %12s %12s %12s\n", "program", "measured J", "average J", "real-time J");
  for (const std::string &P : D.programNames()) {
    std::vector<FeatureValues> Samples;
    double Seconds = 0, Joules = 0;
    std::vector<std::vector<double>> Columns(D.features.size());
    for (size_t R = 0; R < D.rows(); ++R) {
      if (D.programs[R] != P)
        continue;
      Samples.push_back(rowValues(D, R));
      Seconds += D.seconds(static_cast<Eigen::Index>(R));
      Joules += D.power(static_cast<Eigen::Index>(R)) * D.seconds(static_cast<Eigen::Index>(R));
      for (size_t F = 0; F < D.features.size(); ++F)
        Columns[F].push_back(D.x(static_cast<Eigen::Index>(R), static_cast<Eigen::Index>(F)));
    }
    FeatureValues Median;
    for (size_t F = 0; F < D.features.size(); ++F) {
      auto &C = Columns[F];
      std::nth_element(C.begin(), C.begin() + C.size() / 2, C.end());
      Median[D.features[F]] = C[C.size() / 2];
    }
    double Interval = Seconds / static_cast<double>(Samples.size());
    double Average = M.predictWatts(Median, Interval) * Seconds;
    std::printf("%-32s %12.3f %12.3f %12.3f\n", P.c_str(), Joules, Average,
                M.realTimeJoules(Samples, Seconds));
  }
}

void runEvaluate(const EvaluateOptions &O) {
  LearnedModel M = LearnedModel::load(O.model);
  Dataset D = loadDataset(O.dataset);
  checkInputs(M, D);
  Errors E = computeErrors(D.power, M.predictWatts(D), D.programs);
  if (O.json) {
    nlohmann::json Programs = nlohmann::json::array();
    for (const ProgramError &P : E.programs)
      Programs.push_back({{"program", P.program},
                          {"rows", P.rows},
                          {"measured_w", P.measuredWatts},
                          {"predicted_w", P.predictedWatts},
                          {"epsilon", P.epsilon}});
    std::cout << nlohmann::json{{"model", M.name},
                                {"rows", D.rows()},
                                {"mae_w", E.mae},
                                {"mean_epsilon", E.meanEpsilon},
                                {"max_epsilon", E.maxEpsilon},
                                {"programs", Programs}}
                     .dump(2)
              << '\n';
    return;
  }
  std::printf("model %s (%s) on %zu rows: MAE %.3f W, mean eps %.2f%%, max eps %.2f%%\n",
              M.name.c_str(), learnerName(M.learner), D.rows(), E.mae, 100 * E.meanEpsilon,
              100 * E.maxEpsilon);
  std::printf("%-32s %6s %10s %10s %8s\n", "program", "rows", "measured", "predicted", "eps");
  for (const ProgramError &P : E.programs)
    std::printf("%-32s %6zu %9.2fW %9.2fW %7.2f%%\n", P.program.c_str(), P.rows, P.measuredWatts,
                P.predictedWatts, 100 * P.epsilon);
  if (D.info.kind == RowKind::Timeline)
    printTimelineEnergy(M.predictor(), D);
}

} // namespace

void addEvaluateCommand(CLI::App &App) {
  auto O = std::make_shared<EvaluateOptions>();
  CLI::App *Sub = App.add_subcommand("evaluate", "apply a model to a dataset and print its errors");
  Sub->add_option("model", O->model, "model file")->required();
  Sub->add_option("dataset", O->dataset, "dataset CSV")->required();
  Sub->add_flag("--json", O->json, "print the errors as JSON");
  Sub->callback([O] { runEvaluate(*O); });
}

} // namespace energy::train::cli
