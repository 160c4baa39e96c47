//===- show_command.cpp - energy-report show: the per-region table --------===//
//
// `energy-report show REPORT...` lists the regions of one report (several
// are merged into one: energy/report/report_inputs.h), most energy
// first, with their location, calls, times, FLOP rate, arithmetic intensity
// and share of the energy; --format csv|json gives the same rows to scripts.
//
// Without REPORT it shows the newest report of the report directory that
// programs run here write to (support/ReportDirectory.h: the `last` link of
// $ENERGY_REPORT_DIR or the per-user directory), and says which on stderr.
//
// A job report (energy-report merge of a job's rank reports) is followed, in
// the table format, by the job's balance (energy/report/job_balance.h): per
// region the imbalance over the ranks of self time and energy, the slowest
// rank, and the share of the ranks' time in MPI.
//
// --model M re-models every region's energy with another model file: an
// analytic model from the region's exact counts and self time, a learned
// model (energy-train fit) from its per-region perf counters
// (`counters.self`) and self time. A learned model whose events the report
// lacks is refused, naming them; nothing is substituted.
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "region_counters.h"

#include "energy/model/energy_model.h"
#include "energy/report/job_balance.h"
#include "energy/report/region_listing.h"
#include "energy/report/report_error.h"
#include "energy/report/report_inputs.h"
#include "energy/report/text_table.h"
#include "energy/report/units.h"

#include "support/ReportDirectory.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace energy::report::cli {

namespace {

struct ShowArguments {
  std::vector<std::string> reports;
  std::string sort = "energy";
  std::string format = "table";
  size_t top = 20;
  bool all = false;
  size_t nameWidth = 48;
  std::string modelPath;
};

void remodelFromCounts(Report &R, const model::EnergyModel &M) {
  for (Region &Reg : R.regions)
    Reg.energy.modelledJoules = M.estimate({&Reg.counts, nullptr, Reg.selfSeconds}).total();
}

void remodelFromCounters(Report &R, const model::EnergyModel &M) {
  auto Counters = regionSelfCounters(R);
  std::vector<std::string> Events = M.requiredEvents();
  if (Counters.empty())
    throw ReportError(
        R.origin +
        ": the report has no per-region counters "
        "(regions[].counters), but model '" +
        M.name() + "' needs " + joinedNames(Events) +
        "; record the program with counters on a machine where "
        "perf counts them (ENERGY_REGION_EVENTS=..., docs/meters.md), or use an analytic "
        "model");
  auto Missing = eventsMissingFromRegions(Counters, Events);
  if (!Missing.empty())
    throw ReportError(R.origin + ": model '" + M.name() +
                      "' needs counters the report's regions lack: " + joinedNames(Missing) +
                      " (see the report's sources); "
                      "record on a machine with these counters, or use a "
                      "model without them");
  size_t Uncounted = 0;
  for (Region &Reg : R.regions) {
    auto It = Counters.find(Reg.id);
    Reg.energy.modelledJoules = 0.0;
    if (It == Counters.end()) {
      Uncounted += Reg.selfSeconds > 0;
      continue;
    }
    if (Reg.selfSeconds > 0)
      Reg.energy.modelledJoules = M.estimate({nullptr, &It->second, Reg.selfSeconds}).total();
  }
  if (Uncounted)
    std::cerr << "energy-report: note: " << Uncounted
              << " region(s) with self time have no counters; model '" << M.name()
              << "' gives them 0 J\n";
}

/// Replaces the report's modelled energies by those of the model at Path.
void remodel(Report &R, const std::string &Path) {
  std::unique_ptr<model::EnergyModel> M = model::loadModel(Path);
  if (M->kind() == "analytic")
    remodelFromCounts(R, *M);
  else
    remodelFromCounters(R, *M);
  double Total = 0.0;
  for (const Region &Reg : R.regions)
    Total += Reg.energy.modelledJoules;
  R.totalEnergy.modelledJoules = Total;
  R.model = ModelInfo{M->name(), M->kind(), 1, Path, std::nullopt};
}

/// The newest report where programs run from here write theirs by default.
std::string latestReport() {
  support::ReportDirectories Dirs = support::reportDirectories();
  for (const std::string &Dir : Dirs.Candidates)
    if (std::string Path = support::latestReport(Dir); !Path.empty())
      return Path;
  std::string Searched;
  for (const std::string &Dir : Dirs.Candidates)
    Searched += (Searched.empty() ? "" : ", ") + Dir;
  throw ReportError("no report given, and none in " +
                    (Searched.empty() ? std::string("the report directory (no home "
                                                    "directory is known)")
                                      : Searched) +
                    "; run a program built with energycc, or name a report: "
                    "energy-report show REPORT");
}

Report reportToShow(const ShowArguments &Args) {
  std::vector<std::string> Reports = Args.reports;
  if (Reports.empty()) {
    Reports.push_back(latestReport());
    std::cerr << "energy-report: showing " << Reports.front() << '\n';
  }
  Report R = loadReportInputs(Reports);
  if (!Args.modelPath.empty())
    remodel(R, Args.modelPath);
  return R;
}

std::string imbalanceCell(const std::optional<double> &Imbalance) {
  return Imbalance ? formatRatio(*Imbalance) : "-";
}

std::vector<std::string> balanceRow(const std::string &Name, const RegionBalance &B) {
  return {Name, imbalanceCell(B.timeImbalance), imbalanceCell(B.energyImbalance),
          "rank " + std::to_string(B.slowestRank), formatSeconds(B.slowestSeconds)};
}

/// The job's balance over its ranks: --top regions of it (0: all), then the
/// job as a whole.
void printJobBalance(const Report &R, const JobBalance &B, const ShowArguments &Args,
                     std::ostream &OS) {
  OS << "\njob " << R.job->launcher << (R.job->id ? " " + *R.job->id : "") << " | " << B.ranks
     << " of " << R.job->size << " ranks | MPI " << formatShare(B.mpiShare())
     << " of the ranks' time (regions of kind mpi)\n";
  TextTable Table({{"imbalance over ranks (max/mean)", Align::Left},
                   {"self time"},
                   {"energy"},
                   {"slowest", Align::Left},
                   {"its self time"}});
  size_t Shown = Args.top ? std::min(Args.top, B.regions.size()) : B.regions.size();
  for (size_t I = 0; I < Shown; ++I)
    Table.addRow(balanceRow(elideName(R.regions[B.regions[I].region].demangled, Args.nameWidth),
                            B.regions[I]));
  Table.setSummaryRow(balanceRow("[job total]", B.total));
  Table.print(OS);
}

int runShow(const ShowArguments &Args) {
  Report R = reportToShow(Args);
  ListingOptions Options;
  // Both were checked by CLI11 against the same lists of names.
  Options.sort = *parseSortKey(Args.sort);
  Options.top = Args.top;
  Options.includeIdle = Args.all;
  Options.nameWidth = Args.nameWidth;
  ListingFormat Format = *parseListingFormat(Args.format);
  printListing(R, Options, Format, std::cout);
  if (std::optional<JobBalance> Balance = jobBalance(R); Balance && Format == ListingFormat::Table)
    printJobBalance(R, *Balance, Args, std::cout);
  std::cout.flush();
  return std::cout ? 0 : 1;
}

} // namespace

void registerShowCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<ShowArguments>();
  CLI::App *Show =
      Tool.add_subcommand("show", "Table of the regions of a report, sorted by energy (modelled "
                                  "unless a meter was present)");
  Show->add_option("REPORT", Args->reports,
                   "Report files written by instrumented programs (several "
                   "files, directories and globs are merged into one); without "
                   "any, the newest in the report directory ($ENERGY_REPORT_DIR "
                   "or ~/.local/state/energypass, whose `last` links to it)");
  Show->add_option("--top", Args->top, "Show the first N regions only; 0 shows all")
      ->capture_default_str()
      ->check(CLI::Range(size_t{0}, size_t{1} << 40).description(""));
  Show->add_flag("--all", Args->all,
                 "Also list regions that never ran (no call and no counts, "
                 "such as vectorised loops' unused remainder loops)");
  Show->add_option("--sort", Args->sort,
                   "Order: energy, time (self), flops, bytes (loaded + "
                   "stored), calls (largest first) or name")
      ->capture_default_str()
      ->check(CLI::IsMember(sortKeyNames()));
  Show->add_option("--format", Args->format,
                   "table for people; csv or json (raw SI values) for scripts")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "csv", "json"}));
  Show->add_option("--name-width", Args->nameWidth,
                   "Longest region name in the table; longer names are "
                   "shortened")
      ->capture_default_str()
      ->check(CLI::Range(8, 1000));
  Show->add_option("--model", Args->modelPath,
                   "Re-model the energies with this model file: analytic "
                   "(from counts) or learned by energy-train fit (from the "
                   "regions' perf counters, e.g. models/nx12.json)");
  Show->callback([Args, &Run] { Run = [Args] { return runShow(*Args); }; });
}

} // namespace energy::report::cli
