//===- commands.h - The subcommands of energy-train -----------------------===//
//
// Each subcommand registers its options on the CLI11 app and its action as
// the subcommand's callback, run once the command line is parsed.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_DRIVER_COMMANDS_H
#define ENERGY_TRAIN_DRIVER_COMMANDS_H

#include <CLI/CLI.hpp>

namespace energy::train::cli {

void addImportCommand(CLI::App &App);
void addCollectCommand(CLI::App &App);
void addSelectCommand(CLI::App &App);
void addFitCommand(CLI::App &App);
void addEvaluateCommand(CLI::App &App);
void addRescaleCommand(CLI::App &App);
void addExplainCommand(CLI::App &App);

} // namespace energy::train::cli

#endif
