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

/// Checks run while the command line is parsed (validators.cpp): a file path
/// whose directory is missing or not writable; a count without a sign that is
/// at least Least; a number of at least 0; a share in (0, 1].
CLI::Validator writableOutputFile();
CLI::Validator wholeNumber(unsigned long long Least);
CLI::Validator numberAtLeastZero();
CLI::Validator shareOfOne();

} // namespace energy::train::cli

#endif
