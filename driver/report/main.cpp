//===- main.cpp - energy-report: read the reports of instrumented programs ===//
//
// Sets up the subcommands listed in commands.def, parses the command line and
// runs the chosen one. Every failure is one line on stderr, `energy-report:
// error: ...`: bad usage and bad input exit with status 2 (tool/ToolMain.h).
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "tool/InputError.h"
#include "tool/ToolMain.h"

#include <CLI/CLI.hpp>

#include <string>

namespace {

constexpr const char *ToolName = "energy-report";

} // namespace

int main(int argc, char **argv) {
  CLI::App Tool{"Reads the reports that programs built with energycc write "
                "when they end (into ~/.local/state/energypass, "
                "$ENERGY_REPORT_DIR, or the file $ENERGY_REPORT).",
                "energy-report"};
  Tool.set_version_flag("--version", "energy-report (EnergyPass " ENERGY_VERSION ")");
  // At most one command; "none given" is checked after parsing, so that an
  // unknown option is reported as such rather than as a missing command.
  Tool.require_subcommand(0, 1);
  Tool.footer("Run 'energy-report COMMAND --help' for a command's options.");

  energy::report::cli::CommandAction Run;
#define ENERGY_REPORT_COMMAND(Name) energy::report::cli::register##Name##Command(Tool, Run);
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
    return energy::tool::usageError(ToolName, E.what());
  }

  if (!Run)
    return energy::tool::usageError(ToolName, "no command given; try 'energy-report show "
                                              "[REPORT]'");
  return energy::tool::runTool(ToolName, Run);
}
