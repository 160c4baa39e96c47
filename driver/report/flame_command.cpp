//===- flame_command.cpp - energy-report flame: folded stacks -------------===//
//
// `energy-report flame REPORT... [--weight energy|time|flops|bytes] [-o FILE]`
// writes folded stacks for flamegraph.pl (`flamegraph.pl out.folded >
// out.svg`) and speedscope (open the file): per call path from the report's
// `call_tree`, or per region nesting for reports without one. See
// energy/report/flame.h.
//
//===----------------------------------------------------------------------===//
#include "command.h"
#include "output_file.h"

#include "energy/report/flame.h"
#include "energy/report/report_error.h"
#include "energy/report/report_inputs.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <sstream>

namespace energy::report::cli {

namespace {

struct FlameArguments {
  std::vector<std::string> reports;
  std::string weight = "energy";
  std::string output;
};

/// The stacks carry it on their face too, under NotInCallTreeFrame; a user
/// who reads only the graph's widths is told once here.
void sayWhatTheTreeLeftOut(const Report &R, const std::vector<FoldedStack> &Stacks,
                           FlameWeight Weight) {
  unsigned long long LeftOut = leftOutOfCallTree(Stacks);
  if (LeftOut == 0)
    return;
  std::cerr << "energy-report: " << R.origin << ": " << LeftOut << " of " << totalWeight(Stacks)
            << " " << flameWeightUnit(Weight)
            << " is not in the call tree; it is stacked by region nesting under '"
            << NotInCallTreeFrame << "'\n";
}

int runFlame(const FlameArguments &Args) {
  Report R = loadReportInputs(Args.reports);
  FlameWeight Weight = *parseFlameWeight(Args.weight);
  auto Stacks = foldedStacks(R, Weight);
  if (Stacks.empty())
    std::cerr << "energy-report: " << R.origin << ": no region has a non-zero " << Args.weight
              << (Weight == FlameWeight::Energy && R.hasMeasuredEnergy()
                      ? " (measured energy is used when a meter was present)"
                      : "")
              << "; try another --weight\n";
  sayWhatTheTreeLeftOut(R, Stacks, Weight);
  if (Args.output.empty()) {
    printFolded(Stacks, std::cout);
    std::cout.flush();
    return std::cout ? 0 : 1;
  }
  std::ostringstream Folded;
  printFolded(Stacks, Folded);
  writeOutputFile(Args.output, Folded.str());
  return 0;
}

} // namespace

void registerFlameCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<FlameArguments>();
  CLI::App *Flame = Tool.add_subcommand("flame", "Folded stacks for flamegraph.pl and speedscope");
  Flame
      ->add_option("REPORT", Args->reports,
                   "Report file; several files, directories and globs are "
                   "merged into one")
      ->required();
  Flame
      ->add_option("--weight", Args->weight,
                   "Frame width: energy (nJ; measured if a meter was "
                   "present), time (self, ns), flops or bytes")
      ->capture_default_str()
      ->check(CLI::IsMember(flameWeightNames()));
  Flame->add_option("-o,--output", Args->output, "Write the stacks here; default: standard output");
  Flame->callback([Args, &Run] { Run = [Args] { return runFlame(*Args); }; });
}

} // namespace energy::report::cli
