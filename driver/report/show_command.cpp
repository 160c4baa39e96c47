//===- show_command.cpp - energy-report show: the per-region table --------===//
//
// `energy-report show REPORT` lists the regions of one report, most energy
// first, with their location, calls, times, FLOP rate, arithmetic intensity
// and share of the energy; --format csv|json gives the same rows to scripts.
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "energy/report/reader.h"
#include "energy/report/region_listing.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace energy::report::cli {

namespace {

struct ShowArguments {
  std::string reportPath;
  std::string sort = "energy";
  std::string format = "table";
  size_t top = 20;
  size_t nameWidth = 48;
};

int runShow(const ShowArguments &Args) {
  Report R = readReport(Args.reportPath);
  ListingOptions Options;
  // Both were checked by CLI11 against the same lists of names.
  Options.sort = *parseSortKey(Args.sort);
  Options.top = Args.top;
  Options.nameWidth = Args.nameWidth;
  printListing(R, Options, *parseListingFormat(Args.format), std::cout);
  std::cout.flush();
  return std::cout ? 0 : 1;
}

} // namespace

void registerShowCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<ShowArguments>();
  CLI::App *Show = Tool.add_subcommand(
      "show", "Table of the regions of a report, sorted by energy (modelled "
              "unless a meter was present)");
  Show->add_option("REPORT", Args->reportPath,
                   "Report file written by an "
                   "instrumented program")
      ->required();
  Show->add_option("--top", Args->top,
                   "Show the first N regions only; 0 shows all")
      ->capture_default_str()
      ->check(CLI::Range(size_t{0}, size_t{1} << 40).description(""));
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
  Show->callback([Args, &Run] { Run = [Args] { return runShow(*Args); }; });
}

} // namespace energy::report::cli
