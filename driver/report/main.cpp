//===- main.cpp - energy-report: read the reports of instrumented programs ===//
//
// Sets up the subcommands listed in commands.def, parses the command line and
// runs the chosen one. Every failure is one line on stderr: bad usage and bad
// input exit with status 2, like the reports' own validation errors.
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "energy/model/analytic_model.h"
#include "energy/report/report_error.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <string>

namespace {

constexpr int BadInput = 2;

// CLI11 messages can span lines; the tool promises one line per error.
std::string oneLine(std::string Message) {
  std::replace(Message.begin(), Message.end(), '\n', ' ');
  while (!Message.empty() && Message.back() == ' ')
    Message.pop_back();
  return Message;
}

int usageError(const CLI::ParseError &E) {
  std::cerr << "energy-report: " << oneLine(E.what())
            << "; see energy-report --help\n";
  return BadInput;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App Tool{"Reads the reports that programs built with energycc write "
                "when they end (into ~/.local/state/energypass, "
                "$ENERGY_REPORT_DIR, or the file $ENERGY_REPORT).",
                "energy-report"};
  Tool.set_version_flag("--version",
                        "energy-report (EnergyPass " ENERGY_VERSION ")");
  // At most one command; "none given" is checked after parsing, so that an
  // unknown option is reported as such rather than as a missing command.
  Tool.require_subcommand(0, 1);
  Tool.footer("Run 'energy-report COMMAND --help' for a command's options.");

  energy::report::cli::CommandAction Run;
#define ENERGY_REPORT_COMMAND(Name)                                            \
  energy::report::cli::register##Name##Command(Tool, Run);
#include "commands.def"
#undef ENERGY_REPORT_COMMAND

  try {
    Tool.parse(argc, argv);
  } catch (const CLI::CallForHelp &E) {
    return Tool.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return Tool.exit(E);
  } catch (const CLI::CallForVersion &E) {
    return Tool.exit(E);
  } catch (const CLI::ParseError &E) {
    return usageError(E);
  }

  if (!Run) {
    std::cerr << "energy-report: no command given; try 'energy-report show "
                 "[REPORT]' or see energy-report --help\n";
    return BadInput;
  }
  try {
    return Run();
  } catch (const energy::report::ReportError &E) {
    std::cerr << "energy-report: " << oneLine(E.what()) << '\n';
  } catch (const energy::model::ModelError &E) {
    std::cerr << "energy-report: " << oneLine(E.what()) << '\n';
  } catch (const std::exception &E) {
    // A bug rather than bad input, but still one line and no core dump.
    std::cerr << "energy-report: internal error: " << oneLine(E.what())
              << "; please report it with the input file\n";
  }
  return BadInput;
}
