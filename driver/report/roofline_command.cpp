//===- roofline_command.cpp - energy-report roofline: the roofline plot ---===//
//
// `energy-report roofline REPORT...` places the regions of a report (or of
// several, merged) on the
// machine's roofline (energy_roofline, driver/roofline-lib, does the work) and
// writes SVG, self-contained HTML or text. Built only when energy_roofline is
// part of the build (see CMakeLists.txt and commands.def).
//
//===----------------------------------------------------------------------===//
#include "command.h"

#include "energy/roofline/roofline_command.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace energy::report::cli {

void registerRooflineCommand(CLI::App &Tool, CommandAction &Run) {
  auto Args = std::make_shared<roofline::RooflineOptions>();
  CLI::App *Roofline = Tool.add_subcommand(
      "roofline", "Regions on the machine's roofline: SVG, self-contained HTML or text");
  Roofline
      ->add_option("REPORT", Args->Reports,
                   "Report file; several files, directories and globs "
                   "are merged into one")
      ->required();
  Roofline->add_option("--machine", Args->Machine,
                       "Machine profile (default: this machine's, cached by "
                       "energy-ceilings)");
  Roofline->add_option("-o,--output", Args->Output, "roofline.svg, .html or .txt; default: text");
  Roofline->add_option("--threads", Args->Threads, "Ceilings of N threads; 0: the report's")
      ->check(CLI::Range(0, 4096));
  Roofline->add_option("--label-top", Args->LabelTop, "Regions labelled by name")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}));
  Roofline
      ->add_option("--min-share", Args->MinShare,
                   "Leave out regions with less than this fraction of the "
                   "regions' summed self time (0: show all)")
      ->capture_default_str();
  Roofline->add_flag("--verbose", Args->Verbose,
                     "One line per region that is not on the roofline, and why");
  Roofline->callback(
      [Args, &Run] { Run = [Args] { return roofline::runRooflineCommand(*Args); }; });
}

} // namespace energy::report::cli
