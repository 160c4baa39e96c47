//===- energy/report/timeline_svg.h - Power over time as SVG --------------===//
//
// `energy-report timeline` draws each energy meter's power (the interval's
// joules over its length) as a step line over time, with one band per thread
// below it coloured by the region on top of that thread's stack.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_TIMELINE_SVG_H
#define ENERGY_REPORT_TIMELINE_SVG_H

#include "energy/report/timeline.h"

#include <ostream>
#include <string>
#include <vector>

namespace energy::report {

struct TimelinePlot {
  std::string title;
  /// Names of the regions by id, for the bands' legend and tooltips; empty
  /// when the timeline comes without a report (energy-stat).
  std::vector<std::string> regionNames;
};

/// Throws ReportError, naming `Origin`, when no meter has a single reading
/// (there is no power to plot).
void writeTimelineSvg(const Timeline &T, const TimelinePlot &Plot, const std::string &Origin,
                      std::ostream &OS);

} // namespace energy::report

#endif
