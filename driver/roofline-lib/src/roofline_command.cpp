//===- roofline_command.cpp - `energy-report roofline` in one call --------===//
#include "energy/roofline/roofline_command.h"

#include "energy/roofline/describe.h"
#include "energy/roofline/html_renderer.h"
#include "energy/roofline/input_error.h"
#include "energy/roofline/machine_profile.h"
#include "energy/roofline/svg_renderer.h"
#include "support/SafeFile.h"

#include <iostream>

namespace energy::roofline {
namespace fs = std::filesystem;

enum class OutputKind { Text, Svg, Html };

static OutputKind outputKindOf(const fs::path &Output) {
  if (Output.empty())
    return OutputKind::Text;
  std::string Ext = Output.extension().string();
  if (Ext == ".svg")
    return OutputKind::Svg;
  if (Ext == ".html" || Ext == ".htm")
    return OutputKind::Html;
  if (Ext == ".txt")
    return OutputKind::Text;
  throw InputError("output '" + Output.string() +
                   "' has an unknown extension; use .svg, .html or .txt");
}

static fs::path profilePathFor(const RooflineOptions &Options) {
  if (!Options.Machine.empty())
    return Options.Machine;
  fs::path Cached = defaultProfilePath(detectMachine());
  if (!fs::exists(Cached))
    throw InputError("no machine profile for this machine at " + Cached.string() +
                     "; run energy-ceilings first, or pass --machine PROFILE");
  return Cached;
}

int runRooflineCommand(const RooflineOptions &Options, std::ostream &Out, std::ostream &Err) {
  std::string Rendered;
  OutputKind Kind;
  try {
    Kind = outputKindOf(Options.Output);
    ReportRegions Report = readReportRegions(Options.Reports);
    MachineProfile Profile = readProfile(profilePathFor(Options));
    if (Options.Threads < 0)
      throw InputError("--threads must be 0 (from the report) or a measured thread count");
    if (!(Options.MinShare >= 0 && Options.MinShare < 1))
      throw InputError("--min-share must be a fraction of the run from 0 to below 1");
    RooflineAnalysis Analysis = analyse(Report, Profile, Options.Threads, Options.MinShare);
    SvgOptions Svg;
    Svg.LabelTop = Options.LabelTop;
    SkippedLines Skipped = Options.Verbose ? SkippedLines::List : SkippedLines::Summarise;
    if (Kind == OutputKind::Svg)
      Rendered = renderSvg(Analysis, Svg);
    else if (Kind == OutputKind::Html)
      Rendered = renderHtml(Analysis, Svg);
    else
      Rendered = describeRegions(Analysis, 0, Skipped);
    if (Kind != OutputKind::Text)
      Out << describeRegions(Analysis, 10, Skipped);
    if (std::string Below = describeBelowShare(Analysis); !Below.empty())
      Err << "energy-report roofline: " << Below << "\n";
  } catch (const InputError &E) {
    Err << "energy-report roofline: " << E.what() << "\n";
    return 2;
  }
  if (Options.Output.empty()) {
    Out << Rendered;
    return 0;
  }
  std::string Error;
  if (!support::writeFileSafely(Options.Output.string(), Rendered, {.Named = true}, Error)) {
    Err << "energy-report roofline: cannot write " << Options.Output.string() << ": " << Error
        << "\n";
    return 1;
  }
  Out << "wrote " << Options.Output.string() << "\n";
  return 0;
}

int runRooflineCommand(const RooflineOptions &Options) {
  return runRooflineCommand(Options, std::cout, std::cerr);
}

} // namespace energy::roofline
