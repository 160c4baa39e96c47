//===- main.cpp - energy-train: learn energy models from counters ---------===//
//
// energy-train collect | import | select | fit | evaluate | rescale | explain.
// Bad input is one line on stderr and exit status 2.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "energy/model/energy_model.h"
#include "energy/train/error.h"

#include <iostream>

using namespace energy::train;

int main(int argc, char **argv) {
  CLI::App App{"energy-train: learn the paper's energy models from perf "
               "counters and measured power"};
  App.require_subcommand(1);
  cli::addCollectCommand(App);
  cli::addImportCommand(App);
  cli::addSelectCommand(App);
  cli::addFitCommand(App);
  cli::addEvaluateCommand(App);
  cli::addRescaleCommand(App);
  cli::addExplainCommand(App);
  try {
    App.parse(argc, argv);
  } catch (const CLI::ParseError &E) {
    if (E.get_exit_code() == 0)
      return App.exit(E);
    std::cerr << "energy-train: error: " << E.what() << " (see --help)\n";
    return 2;
  } catch (const TrainError &E) {
    std::cerr << "energy-train: error: " << E.what() << '\n';
    return 2;
  } catch (const energy::model::ModelError &E) {
    std::cerr << "energy-train: error: " << E.what() << '\n';
    return 2;
  } catch (const std::exception &E) {
    std::cerr << "energy-train: internal error: " << E.what() << '\n';
    return 1;
  }
  return 0;
}
