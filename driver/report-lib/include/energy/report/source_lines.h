//===- source_lines.h - A report's costs per source line ------------------===//
//
// The report's `lines` give each (region, source line) its exact counts; a
// line inlined into several functions, or split among a function and its
// loops, appears once per region (and once per chain of call sites it was
// inlined at). energy-report annotate reads them per source line: the sum
// over regions, with the inlined parts kept apart.
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

/// Exact counts and a share of energy, summed over regions.
struct LineCounts {
  uint64_t flops = 0;
  model::Activity counts;
  /// Null when any region's share is unknown: a partial sum would mislead.
  std::optional<double> energyJoules = 0.0;

  uint64_t bytes() const { return counts.bytesLoaded + counts.bytesStored; }
  void add(const RegionLine &L);
};

/// The part of a line's cost reached through one chain of inlined calls.
struct InlinedPart : LineCounts {
  std::vector<InlineSite> sites; // innermost first
};

struct SourceLineCost : LineCounts {
  std::string file;
  uint64_t line = 0;
  /// Of the counts, the parts inlined into other functions, one per chain of
  /// call sites, in chain order; what they leave ran in the line's own
  /// function.
  std::vector<InlinedPart> inlined;
};

/// Whether the report's lines say where inlined code was inlined: reports
/// before version 4 count it on its line without the call sites.
bool hasInliningChains(const Report &R);

/// The report's lines summed per (file, line), by file then line; throws
/// ReportError for a report without `lines`.
std::vector<SourceLineCost> costsBySourceLine(const Report &R);

/// Indices into Lines of the Count hottest: by energy where every line has
/// one, else by instructions; ties keep source order.
std::vector<size_t> hottestLines(const std::vector<SourceLineCost> &Lines, size_t Count);

} // namespace energy::report

#endif
