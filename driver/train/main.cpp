//===- main.cpp - energy-train: learn energy models from counters ---------===//
//
// energy-train collect | import | select | fit | evaluate | rescale | explain.
// Bad input is one line on stderr and exit status 2.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "tool/ToolMain.h"

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
  // The commands run inside parse(), as its callbacks.
  return energy::tool::runTool("energy-train", [&] {
    try {
      App.parse(argc, argv);
    } catch (const CLI::ParseError &E) {
      if (E.get_exit_code() == 0)
        return App.exit(E);
      return energy::tool::usageError("energy-train", E.what());
    }
    return 0;
  });
}
