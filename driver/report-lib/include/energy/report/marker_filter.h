//===- marker_filter.h - The regions whose markers cost more than they tell -===//
//
// Every region entry of a timed function or loop costs its markers (under
// sampled timing a few stores, under exact timing a call that reads the
// clock), whatever the region does once entered. A loop entered once per
// call of an interpreter's dispatch and left after a few instructions pays
// more for its markers than the samples it receives are worth. A report
// says how often each region was entered (`calls`, exact) and how many
// instructions it ran (`counts.instructions`, exact), so it says which
// regions those are: this chooses them, dearest markers first, and writes the
// filter file (docs/pass.md, version 2) that takes their markers away in the
// next build. Counts stay exact; only those regions' own time goes (a loop's
// to the enclosing region, a function's to the samples' program counters).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_MARKER_FILTER_H
#define ENERGY_REPORT_MARKER_FILTER_H

#include "energy/report/report.h"

#include <string>
#include <vector>

namespace energy::report {

/// Instructions one region entry and its exit cost in markers, by the
/// report's timing: under sampled timing the pushes and pops of the region
/// stack with the register spills around them (about 10 instructions per
/// entry in Lua's interpreter, bench/README.md), under exact timing the
/// calls that read the clock (about 165).
double defaultEntryCost(const Report &R);

struct MarkerFilterOptions {
  /// Instructions per region entry; 0 for defaultEntryCost().
  double entryCost = 0;
  /// What the markers left may cost, as a share of the instructions the run
  /// counted; a region whose markers cost less than this share of its own
  /// work is never chosen.
  double budget = 0.01;
};

/// A region whose markers the filter takes away.
struct UnmarkedRegion {
  const Region *region = nullptr;
  /// calls × the cost per entry.
  double markerInstructions = 0;
  /// The instructions the region ran itself and in the regions nested in it
  /// (a function's loops, a loop's inner loops).
  double workInstructions = 0;
};

struct MarkerFilter {
  double entryCost = 0;
  /// The instructions the run counted (`totals.counts.instructions`).
  double runInstructions = 0;
  /// Estimated marker instructions of every timed region, and of those the
  /// filter leaves timed.
  double markersBefore = 0;
  double markersAfter = 0;
  /// Dearest markers first. A loop of a function that is unmarked too is not
  /// listed: the function's rule takes its loops' markers away as well.
  std::vector<UnmarkedRegion> unmarked;
};

/// Chooses the regions of R to unmark. Functions are candidates only when
/// the report shows their markers: they have loop or user regions (only a
/// timed function has them), or sampled time below other regions (a
/// function found by its program counter never has). Throws ReportError on
/// a budget or cost out of range.
MarkerFilter chooseUnmarkedRegions(const Report &R, const MarkerFilterOptions &Options);

/// For show's header: "region markers: an estimated 18.7% of the counted
/// instructions (energy-report filter unmarks the dearest)" when the markers
/// are estimated at 5% or more of the run's counted instructions and at a
/// million instructions or more, else "".
std::string markerCostNote(const Report &R);

/// "3 regions to unmark: markers ~12.5% of the run's instructions, 0.8% after".
std::string markerFilterSummary(const MarkerFilter &Filter);

/// The filter file (`energypass-filter 2`), with a comment per rule saying
/// why, written from the report at Origin.
std::string markerFilterText(const MarkerFilter &Filter, const Report &R);

} // namespace energy::report

#endif
