//===- export_command.cpp - energy-report export: files for other viewers -===//
//
// `energy-report export --format pprof|speedscope|chrome|folded REPORT...
// -o OUT` converts reports for the viewers people already use: pprof
// (`pprof -http=: OUT`), speedscope (open OUT), Perfetto's UI and
// chrome://tracing (open OUT), and flamegraph.pl (folded stacks, as
// `energy-report flame` writes them). Several reports go into one output,
// one process each; the conversions are in energy/export/ (energy_export).
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/export/chrome_trace.h"
#include "energy/export/export_input.h"
#include "energy/export/pprof_profile.h"
#include "energy/export/speedscope_file.h"
#include "energy/report/flame.h"
#include "energy/report/report_error.h"
#include "energy/report/report_inputs.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

namespace energy::report::cli {

namespace {

using exporter::ExportInput;
using exporter::InputProcess;

constexpr const char *Exporter = "energypass@" ENERGY_VERSION;

struct ExportArguments {
  std::string format;
  std::vector<std::string> reports;
  std::string output;
  std::string weight = "energy";
  bool weightGiven = false;
};

std::string jsonText(const nlohmann::json &Doc) {
  // Names come from debug info; a stray byte must not stop the export.
  return Doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

/// Folded stacks as `flame` writes them; with several reports, each stack
/// starts with a frame naming its process.
std::string foldedText(const std::vector<ExportInput> &Inputs, FlameWeight Weight) {
  std::ostringstream Out;
  for (const ExportInput &In : Inputs) {
    auto Stacks = foldedStacks(In.report, Weight);
    if (Inputs.size() > 1)
      for (FoldedStack &S : Stacks)
        S.frames.insert(S.frames.begin(), In.processName());
    printFolded(Stacks, Out);
  }
  return Out.str();
}

/// A trace needs a timeline; reports without one still appear as processes.
void checkTimelines(const std::vector<ExportInput> &Inputs) {
  const char *HowToRecord = "run the program with ENERGY_TIMELINE=1 (or "
                            "ENERGY_SAMPLE_MS=20) to record one";
  bool Any = std::any_of(Inputs.begin(), Inputs.end(),
                         [](const ExportInput &In) { return In.anyTimeline(); });
  if (!Any)
    throw ReportError((Inputs.size() == 1 ? Inputs.front().report.origin + ": has no timeline"
                                          : "none of the " + std::to_string(Inputs.size()) +
                                                " reports has a timeline") +
                      ", which a chrome trace is made of; " + HowToRecord);
  for (const ExportInput &In : Inputs)
    for (const InputProcess &P : In.processes())
      if (!P.timeline)
        std::cerr << "energy-report: " << P.origin
                  << ": has no timeline, so its process holds metadata only; " << HowToRecord
                  << '\n';
}

std::string exportedText(const ExportArguments &Args, const std::vector<ExportInput> &Inputs) {
  if (Args.format == "pprof")
    return exporter::pprofFile(Inputs);
  if (Args.format == "speedscope")
    return jsonText(exporter::speedscopeFile(Inputs, Exporter));
  if (Args.format == "chrome") {
    checkTimelines(Inputs);
    return jsonText(exporter::chromeTrace(Inputs, Exporter));
  }
  return foldedText(Inputs, *parseFlameWeight(Args.weight));
}

int runExport(const ExportArguments &Args) {
  if (Args.weightGiven && Args.format != "folded")
    throw ReportError("--weight: applies to --format folded only (pprof, "
                      "speedscope and chrome hold every metric); see "
                      "energy-report export --help");
  std::vector<ExportInput> Inputs;
  // Each report stays a process of its own: the viewers show processes
  // side by side, each with its own timeline, which a merge would drop.
  for (const std::string &Path : report::expandReportInputs(Args.reports))
    Inputs.push_back(exporter::readExportInput(Path));
  std::string Text = exportedText(Args, Inputs);
  writeOutputFile(Args.output, Text);
  return 0;
}

} // namespace

void registerExportCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<ExportArguments>();
  CLI::App *Export =
      Tool.add_subcommand("export", "Files for pprof, speedscope, Perfetto / chrome://tracing and "
                                    "flamegraph.pl");
  Export->footer("pprof: gzipped perftools.profiles.Profile, sample types energy "
                 "(nanojoules), time (nanoseconds),\n  flops, bytes, instructions; one "
                 "sample per call path (pprof -http=: OUT)\n"
                 "speedscope: energy (nJ), time and FLOPs profiles per report "
                 "(speedscope OUT)\n"
                 "chrome: trace events from the report's timeline: power and rate "
                 "counters, region slices\n  per thread (ui.perfetto.dev, "
                 "chrome://tracing)\n"
                 "folded: as energy-report flame\n"
                 "Several reports: one process each. docs/formats/exports.md says what "
                 "each file holds.\n");
  Export->add_option("--format", Args->format, "pprof, speedscope, chrome or folded")
      ->required()
      ->check(CLI::IsMember({"pprof", "speedscope", "chrome", "folded"}));
  Export
      ->add_option("REPORT", Args->reports,
                   "Report files, directories of them or globs (one "
                   "process each)")
      ->required();
  Export->add_option("-o,--output", Args->output, "File to write")->required();
  Export
      ->add_option("--weight", Args->weight, "folded only: energy (nJ), time (ns), flops or bytes")
      ->capture_default_str()
      ->check(CLI::IsMember(flameWeightNames()));
  Export->callback([Args, Export, &Run] {
    Args->weightGiven = Export->count("--weight") > 0;
    Run = [Args] { return runExport(*Args); };
  });
}

} // namespace energy::report::cli
