//===- rescale_command.cpp - energy-train rescale -------------------------===//
//
// Gives a model the 0..1 scaling ranges of a dataset's counters. The paper
// publishes its coefficients but not its ranges: this is how its model (or
// any model without ranges) is applied to another machine's counters.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/train/learned_model.h"

#include <iostream>
#include <memory>

namespace energy::train::cli {

namespace {

struct RescaleOptions {
  std::string model, dataset, output;
};

void runRescale(const RescaleOptions &O) {
  LearnedModel M = LearnedModel::load(O.model);
  M.setScalingFrom(loadDataset(O.dataset));
  M.training["scaling_from"] = O.dataset;
  M.save(O.output);
  std::cout << "wrote " << O.output << " with the ranges of " << O.dataset << '\n';
}

} // namespace

void addRescaleCommand(CLI::App &App) {
  auto O = std::make_shared<RescaleOptions>();
  CLI::App *Sub =
      App.add_subcommand("rescale", "set a model's scaling ranges from a dataset's counters");
  Sub->add_option("model", O->model, "model file")->required();
  Sub->add_option("dataset", O->dataset, "dataset CSV whose ranges to use")->required();
  Sub->add_option("-o,--output", O->output, "model file to write")
      ->required()
      ->check(writableOutputFile());
  Sub->callback([O] { runRescale(*O); });
}

} // namespace energy::train::cli
