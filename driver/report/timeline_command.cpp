//===- timeline_command.cpp - energy-report timeline: power over time -----===//
//
// `energy-report timeline REPORT -o power.svg` plots the report's optional
// `timeline` section (docs/formats/timeline.md): power per meter with region
// bands per thread. The output of `energy-stat -I MS -o FILE` holds a timeline
// too and is accepted, without region bands (it has no regions).
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/reader.h"
#include "energy/report/report_error.h"
#include "energy/report/timeline_svg.h"

#include "support/Formats.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace energy::report::cli {

namespace {

struct TimelineArguments {
  std::string input;
  std::string output;
};

const char *HowToRecord = "has no timeline; run the program with ENERGY_TIMELINE=1 (or "
                          "ENERGY_SAMPLE_MS=20) to record one, or use energy-stat -I 20 -o FILE -- "
                          "PROGRAM";

bool isEnergyStatDocument(const nlohmann::json &Doc) {
  return Doc.is_object() && Doc.contains("format") && Doc["format"] == format::EnergyStat.Name;
}

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

/// The timeline to plot and what to call its regions.
std::pair<Timeline, TimelinePlot> loadTimeline(const std::string &Path) {
  TimelinePlot Plot;
  std::optional<Timeline> T;
  // One read and one parse, with the report reader's errors for bad files;
  // then the document is either energy-stat's or a report.
  nlohmann::json Doc = readReportJson(Path);
  if (isEnergyStatDocument(Doc)) {
    if (Doc.value("version", 0) != format::EnergyStat.Version)
      throw ReportError(Path +
                        ": unsupported energy-stat version (this energy-report reads "
                        "version " +
                        std::to_string(format::EnergyStat.Version) +
                        "); use a matching energy-report");
    if (nlohmann::json Section = Doc.value("timeline", nlohmann::json()); !Section.is_null())
      T = parseTimeline(Section, Path);
    Plot.title = "power of " + baseName(Path) + " (energy-stat)";
  } else {
    Report R = parseReport(Doc, Path);
    T = std::move(R.timeline);
    for (const Region &Reg : R.regions)
      Plot.regionNames.push_back(Reg.demangled);
    Plot.title = "power of " + (R.argv.empty() ? R.programPath : R.argv.front()) + " (" +
                 baseName(Path) + ")";
  }
  if (!T)
    throw ReportError(Path + ": " + HowToRecord);
  return {std::move(*T), std::move(Plot)};
}

int runTimeline(const TimelineArguments &Args) {
  auto [T, Plot] = loadTimeline(Args.input);
  std::ostringstream Svg;
  writeTimelineSvg(T, Plot, Args.input, Svg);
  writeOutputFile(Args.output, Svg.str());
  return 0;
}

} // namespace

void registerTimelineCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<TimelineArguments>();
  CLI::App *Cmd =
      Tool.add_subcommand("timeline", "Power over time with region bands (SVG), from a report's "
                                      "timeline or energy-stat -I output");
  Cmd->add_option("REPORT", Args->input, "Report with a timeline, or energy-stat -o output")
      ->required();
  Cmd->add_option("-o,--output", Args->output, "SVG file to write")->required();
  Cmd->callback([Args, &Run] { Run = [Args] { return runTimeline(*Args); }; });
}

} // namespace energy::report::cli
