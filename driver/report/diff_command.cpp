//===- diff_command.cpp - energy-report diff: the CI regression gate ------===//
//
// `energy-report diff BASE NEW` compares two runs region by region; with
// several reports per side (--base/--new, repeated or as globs) it compares
// their medians; a directory is one run of several processes, merged.
// dynamic-energy needs an analytic model (--model, else the report's, else
// the default one). --fail-on names the metrics that gate: exact ones fail
// beyond their --threshold, measured ones only when the runs show it at
// --significance (docs/ci-gates.md); imbalance, of job reports, is measured
// (docs/mpi.md); a failure makes the tool say why on
// stderr and exit 1. Bad input exits 2.
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "energy/model/analytic_model.h"
#include "energy/report/diff_output.h"
#include "energy/report/reader.h"
#include "energy/report/report_diff.h"
#include "energy/report/report_inputs.h"

#include <CLI/CLI.hpp>

#include <glob.h>

#include <algorithm>
#include <iostream>
#include <memory>

namespace energy::report::cli {

namespace {

constexpr int Regressed = 1;

struct DiffArguments {
  std::vector<std::string> positional;
  std::vector<std::string> base;
  std::vector<std::string> next;
  std::string threshold = "5%";
  std::string metrics = "energy,dynamic-energy,measured-energy,time,flops,bytes,instructions";
  std::string modelPath;
  std::string failOn = "none";
  std::string format = "table";
  size_t nameWidth = 48;
  double significance = 0.01;
  bool gateFewRuns = false;
  std::string minShare = "1%";
  double minSeconds = 0.005;
  bool gateSmall = false;
};

/// A pattern with no match is kept as given, so that reading it names the
/// missing file; a pattern without wildcards is the file itself.
std::vector<std::string> expandPattern(const std::string &Pattern) {
  glob_t Found{};
  std::vector<std::string> Paths;
  if (::glob(Pattern.c_str(), 0, nullptr, &Found) == 0)
    Paths.assign(Found.gl_pathv, Found.gl_pathv + Found.gl_pathc);
  else
    Paths.push_back(Pattern);
  ::globfree(&Found);
  return Paths;
}

std::vector<Report> readSide(const std::vector<std::string> &Patterns) {
  std::vector<Report> Reports;
  // A glob's matches are runs, whose medians are compared; a directory is
  // one run of several processes (ENERGY_REPORT=DIR/r.%p.json), merged.
  for (const std::string &Pattern : Patterns)
    for (const std::string &Path : expandPattern(Pattern))
      Reports.push_back(loadReportInputs({Path}));
  return Reports;
}

void splitPositional(DiffArguments &Args) {
  if (Args.positional.empty())
    return;
  if (Args.positional.size() != 2 || !Args.base.empty() || !Args.next.empty())
    throw ReportError("give either BASE NEW, or --base and --new (repeatable); "
                      "see energy-report diff --help");
  Args.base.push_back(Args.positional[0]);
  Args.next.push_back(Args.positional[1]);
}

DiffPrintOptions printOptions(const DiffArguments &Args) {
  DiffPrintOptions O;
  O.rules = defaultGateRules();
  O.rules.significance = Args.significance;
  O.rules.gateFewRuns = Args.gateFewRuns;
  O.rules.minSeconds = Args.minSeconds;
  O.rules.gateSmall = Args.gateSmall;
  O.nameWidth = Args.nameWidth;
  if (auto Error = parseThresholds(Args.threshold, O.rules.thresholds))
    throw ReportError("--threshold: " + *Error);
  if (auto Share = parsePercent(Args.minShare))
    O.rules.minShare = *Share;
  else
    throw ReportError("--min-share: '" + Args.minShare +
                      "' is not a non-negative percentage such as 1%");
  if (auto Error = parseMetricList(Args.metrics, O.shown))
    throw ReportError("--metric: " + *Error);
  if (auto Error = parseMetricList(Args.failOn, O.gated))
    throw ReportError("--fail-on: " + *Error);
  // A gated metric is always shown, or the table would hide why it failed.
  for (DiffMetric M : O.gated)
    if (std::find(O.shown.begin(), O.shown.end(), M) == O.shown.end())
      O.shown.push_back(M);
  return O;
}

DiffFormat diffFormat(const std::string &Name) {
  if (Name == "markdown")
    return DiffFormat::Markdown;
  if (Name == "junit")
    return DiffFormat::JUnit;
  if (Name == "json")
    return DiffFormat::Json;
  return DiffFormat::Table;
}

/// The analytic model that splits the modelled energy: --model, else the
/// first base report's own model, else the default one; none if unreadable.
std::optional<model::AnalyticModel> loadModel(const DiffArguments &Args, const Report &FirstBase) {
  if (!Args.modelPath.empty())
    return model::AnalyticModel::load(Args.modelPath);
  std::vector<std::string> Candidates;
  if (FirstBase.model && FirstBase.model->kind == "analytic")
    Candidates.push_back(FirstBase.model->path);
  Candidates.push_back(model::defaultModelPath(reinterpret_cast<const void *>(&loadModel)));
  for (const std::string &Path : Candidates) {
    try {
      return model::AnalyticModel::load(Path);
    } catch (const model::ModelError &) {
      continue; // the next candidate, or no dynamic-energy
    }
  }
  return std::nullopt;
}

bool mentions(const std::vector<DiffMetric> &Metrics, DiffMetric M) {
  return std::find(Metrics.begin(), Metrics.end(), M) != Metrics.end();
}

int runDiff(DiffArguments Args) {
  splitPositional(Args);
  if (Args.base.empty() || Args.next.empty())
    throw ReportError("diff needs a base and a new report: energy-report diff "
                      "BASE NEW, or --base FILE... --new FILE...");
  DiffPrintOptions Options = printOptions(Args);
  std::vector<Report> Base = readSide(Args.base), New = readSide(Args.next);
  auto Model = loadModel(Args, Base.front());
  if (!Model && mentions(Options.gated, DiffMetric::DynamicEnergy))
    throw ReportError("dynamic-energy needs the report's energy model, which "
                      "cannot be read; pass it with --model FILE");
  ReportDiff D = diffReports(Base, New, Model ? &*Model : nullptr);
  printDiff(D, Options, diffFormat(Args.format), std::cout);
  std::cout.flush();
  auto Regressions = findRegressions(D, Options.gated, Options.rules);
  for (const Regression &R : Regressions)
    std::cerr << "energy-report: regression: " << describeRegression(R) << '\n';
  if (!Regressions.empty())
    return Regressed;
  return std::cout ? 0 : Regressed;
}

} // namespace

void registerDiffCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<DiffArguments>();
  CLI::App *Diff =
      Tool.add_subcommand("diff", "Compare runs region by region; with --fail-on, a CI gate that "
                                  "exits 1 on a regression");
  Diff->add_option("BASE NEW", Args->positional,
                   "Base report, then new report; a directory is one run of "
                   "several processes, merged");
  Diff->add_option("--base", Args->base,
                   "Base report, glob or directory; repeat for several runs "
                   "(medians are shown, runs tested; a glob's matches are "
                   "runs, a directory's reports one run)");
  Diff->add_option("--new", Args->next, "New report, glob or directory; repeat for several runs");
  Diff->add_option("--threshold", Args->threshold,
                   "Smallest increase that fails (the effect size): 5% for "
                   "every metric, or energy=5%,time=10%")
      ->capture_default_str();
  Diff->add_option("--metric", Args->metrics,
                   "Metrics shown: energy (modelled), dynamic-energy (its "
                   "part from exact counts), measured-energy, time (self), "
                   "flops, bytes, instructions; imbalance (job reports: max "
                   "over mean of self time over the ranks)")
      ->capture_default_str();
  Diff->add_option("--fail-on", Args->failOn,
                   "Metrics whose regression exits 1, e.g. energy,flops; none "
                   "only reports")
      ->capture_default_str();
  Diff->add_option("--significance", Args->significance,
                   "Measured metrics (time, energy, counts that differ between "
                   "runs) fail only when a one-sided Mann-Whitney U test over "
                   "the runs gives p at most this")
      ->capture_default_str()
      ->check(CLI::Range(1e-6, 0.5));
  Diff->add_flag("--gate-few-runs", Args->gateFewRuns,
                 "Gate measured metrics on --threshold alone when the runs are "
                 "too few for --significance (one run a side): noise can fail");
  Diff->add_option("--min-share", Args->minShare,
                   "Regions whose self time is below this share of the run's "
                   "are too small to measure: measured metrics not gated")
      ->capture_default_str();
  Diff->add_option("--min-time", Args->minSeconds,
                   "Regions whose self time is below this many seconds are too "
                   "small to measure")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  Diff->add_flag("--gate-small", Args->gateSmall,
                 "Gate measured metrics of regions too small to measure too");
  Diff->add_option("--model", Args->modelPath,
                   "Analytic model for dynamic-energy; default: the report's, "
                   "else the default model");
  Diff->add_option("--format", Args->format,
                   "table, markdown (pull-request comment), junit (XML for "
                   "CI systems) or json (every region and metric, "
                   "docs/formats/diff.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "markdown", "junit", "json"}));
  Diff->add_option("--name-width", Args->nameWidth, "Longest region name in the table")
      ->capture_default_str()
      ->check(CLI::Range(8, 1000));
  Diff->callback([Args, &Run] { Run = [Args] { return runDiff(*Args); }; });
}

} // namespace energy::report::cli
