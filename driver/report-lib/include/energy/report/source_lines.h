//===- source_lines.h - A report's costs per source line ------------------===//
//
// The report's `lines` give each (region, source line) its exact counts; a
// line inlined into several functions, or split among a function and its
// loops, appears once per region. energy-report annotate reads them per
// source line: the sum over regions.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_SOURCE_LINES_H
#define ENERGY_REPORT_SOURCE_LINES_H

#include "energy/report/report.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

struct SourceLineCost {
  std::string file;
  uint64_t line = 0;
  uint64_t flops = 0;
  model::Activity counts;
  /// Null when any region's share is unknown: a partial sum would mislead.
  std::optional<double> energyJoules;

  uint64_t bytes() const { return counts.bytesLoaded + counts.bytesStored; }
};

/// The report's lines summed per (file, line), by file then line; throws
/// ReportError for a report without `lines`.
std::vector<SourceLineCost> costsBySourceLine(const Report &R);

/// Indices into Lines of the Count hottest: by energy where every line has
/// one, else by instructions; ties keep source order.
std::vector<size_t> hottestLines(const std::vector<SourceLineCost> &Lines, size_t Count);

} // namespace energy::report

#endif
