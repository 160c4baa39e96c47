//===- recover_command.cpp - energy-report recover: a killed run's report -===//
//
// `energy-report recover COUNTERS [-o REPORT]` builds the report that a
// process built with --energy-continuous did not write (SIGKILL, the OOM
// killer, _exit()) from the continuous counts file it left: exact counts and
// calls up to its end, no time or energy (docs/runtime.md, "Continuous
// counts"). The report is built by libenergyrt itself, with the code that
// writes every report, so it is one the other subcommands read as any.
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "energy/recover.h"
#include "energy/report/report_error.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace energy::report::cli {

namespace {

struct RecoverArguments {
  std::string counters;
  std::string output = "-";
};

int runRecover(const RecoverArguments &Args) {
  char Error[1024];
  if (__energy_recover_report(Args.counters.c_str(), Args.output.c_str(), Error, sizeof Error) != 0)
    throw ReportError(Error);
  return 0;
}

} // namespace

void registerRecoverCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<RecoverArguments>();
  CLI::App *Recover = Tool.add_subcommand(
      "recover", "The report of a run killed before writing it, from its continuous counts file");
  Recover
      ->add_option("COUNTERS", Args->counters,
                   "The .counters file a process built with --energy-continuous left")
      ->required();
  Recover->add_option("-o,--output", Args->output,
                      "Report file to write (default: standard output)");
  Recover->callback([Args, &Run] { Run = [Args] { return runRecover(*Args); }; });
}

} // namespace energy::report::cli
