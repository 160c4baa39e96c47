//===- filter_command.cpp - energy-report filter: markers worth their cost -===//
//
// `energy-report filter REPORT... [--budget PERCENT] [--entry-cost N] [-o FILE]`
// writes the filter file (docs/pass.md, version 2) that takes the markers
// away from the regions whose entries cost more than they measure, for the
// next build (`energycc --energy-filter=FILE`). See
// energy/report/marker_filter.h.
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/marker_filter.h"
#include "energy/report/report_inputs.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace energy::report::cli {

namespace {

struct FilterArguments {
  std::vector<std::string> reports;
  double budgetPercent = 1;
  double entryCost = 0;
  std::string output;
};

int runFilter(const FilterArguments &Args) {
  Report R = loadReportInputs(Args.reports);
  MarkerFilter Filter =
      chooseUnmarkedRegions(R, {.entryCost = Args.entryCost, .budget = Args.budgetPercent / 100});
  std::cerr << "energy-report: " << markerFilterSummary(Filter) << "\n";
  return writeOutput(Args.output, markerFilterText(Filter, R));
}

} // namespace

void registerFilterCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<FilterArguments>();
  CLI::App *Filter = Tool.add_subcommand(
      "filter", "A filter file for energycc --energy-filter that unmarks the regions whose "
                "markers cost more than they measure");
  Filter
      ->add_option("REPORT", Args->reports,
                   "Report file; several files, directories and globs are merged into one")
      ->required();
  Filter
      ->add_option("--budget", Args->budgetPercent,
                   "Percent of the run's instructions the markers left may cost; a region whose "
                   "markers cost less than this percent of its own work keeps them")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 50.0));
  Filter
      ->add_option("--entry-cost", Args->entryCost,
                   "Instructions one region entry costs in markers (default, or 0: 10 for "
                   "sampled timing, 165 for exact)")
      ->check(CLI::Range(0.0, 1e6));
  Filter->add_option("-o,--output", Args->output,
                     "Write the filter file here; default: standard output");
  Filter->callback([Args, &Run] { Run = [Args] { return runFilter(*Args); }; });
}

} // namespace energy::report::cli
