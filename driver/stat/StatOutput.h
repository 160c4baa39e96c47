//===- StatOutput.h - perf stat's text, CSV, and energy-stat's JSON -*- C++ -*-===//
//
// The text and -x CSV layouts are perf stat's (tools/perf/util/stat-display.c)
// so that scripts written for perf read energy-stat: the same columns, the
// same event names, `<not supported>` where the kernel has no such event.
// Energy follows as more lines of the same shape, with the unit Joules. The
// JSON of -o is documented in docs/formats/energy-stat.md.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_STAT_STATOUTPUT_H
#define ENERGY_STAT_STATOUTPUT_H

#include "StatResult.h"
#include "meters/Timeline.h"

#include <cstdio>
#include <string>

namespace energy::stat {

void printText(FILE *out, const StatResult &result);
void printCsv(FILE *out, const std::string &separator, const StatResult &result);

/// One -I interval: the process counters' and meters' deltas, at its end time.
void printInterval(FILE *out, const std::string &separator, const meters::IntervalView &interval,
                   const std::vector<meters::EventSpec> &events,
                   const std::vector<std::string> &meterNames);
void printIntervalHeader(FILE *out, const std::string &separator);

/// The -o document (format energy-stat, version 1).
std::string resultJson(const StatResult &result);

} // namespace energy::stat

#endif
