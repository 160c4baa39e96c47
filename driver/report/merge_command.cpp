//===- merge_command.cpp - energy-report merge: many processes, one report ===//
//
// `energy-report merge FILES... -o OUT` folds the reports of several
// processes (a program's fork children, a test suite's runs; files,
// directories or globs) into one report of the same format, which every tool
// reads (docs/formats/report.md, Merged reports). The inputs are only read:
// OUT is written once, atomically, after every input was merged, and may not
// be one of them.
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/report_error.h"
#include "energy/report/report_inputs.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <memory>

namespace energy::report::cli {

namespace {

struct MergeArguments {
  std::vector<std::string> inputs;
  std::string output;
};

/// Writing over an input would lose it if anything went wrong, and lose what
/// it held for any later merge in any case.
void refuseOutputAmongInputs(const std::string &Output, const std::vector<std::string> &Paths) {
  std::error_code Error;
  for (const std::string &Path : Paths)
    if (std::filesystem::equivalent(Output, Path, Error))
      throw ReportError(Output + ": is one of the inputs; write the merged "
                                 "report to another -o path");
}

int runMerge(const MergeArguments &Args) {
  std::vector<std::string> Paths = expandReportInputs(Args.inputs);
  refuseOutputAmongInputs(Args.output, Paths);
  nlohmann::json Merged = mergeReportFiles(Paths);
  std::string Text = Merged.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  writeOutputFile(Args.output, Text);
  return 0;
}

} // namespace

void registerMergeCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<MergeArguments>();
  CLI::App *Merge =
      Tool.add_subcommand("merge", "One report from several processes' reports: regions matched "
                                   "by identity, counts, times and energy summed");
  Merge->add_option("REPORT", Args->inputs, "Report files, directories of them, or globs")
      ->required();
  Merge->add_option("-o,--output", Args->output, "Merged report to write")->required();
  Merge->callback([Args, &Run] { Run = [Args] { return runMerge(*Args); }; });
}

} // namespace energy::report::cli
