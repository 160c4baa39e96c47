//===- energy/roofline/roofline_command.h - `energy-report roofline` ------===//
//
// The whole subcommand behind one call, so that energy-report only parses
// flags: read the report and the machine profile (the cached one for this
// machine unless given), place the regions, and write SVG, HTML or text.
//
//   energy-report roofline REPORT... [--machine PROFILE] [-o roofline.svg|.html|.txt]
//                                 [--threads N] [--label-top N] [--min-share F]
//                                 [--verbose]
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/roofline_model.h"

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace energy::roofline {

struct RooflineOptions {
  std::vector<std::string> Reports;  // files, directories, globs: merged
  std::filesystem::path Machine;     // empty: defaultProfilePath() of this machine
  std::filesystem::path Output;      // .svg, .html/.htm or .txt; empty: text on Out
  int Threads = 0;                   // ceilings of this thread count; 0: from the report
  std::size_t LabelTop = 5;          // regions labelled by name on the plot
  double MinShare = DefaultMinShare; // of the regions' self time, below which a region is left out
  bool Verbose = false;              // one line per region not on the roofline
};

/// Returns 0 on success, 2 on bad input (unreadable or invalid report or
/// profile, unknown output extension), 1 when the output cannot be written.
/// Errors are one line on Err.
int runRooflineCommand(const RooflineOptions &Options, std::ostream &Out, std::ostream &Err);
/// The same, on std::cout and std::cerr.
int runRooflineCommand(const RooflineOptions &Options);

} // namespace energy::roofline
