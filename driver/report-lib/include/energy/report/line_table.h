//===- energy/report/line_table.h - The report's `lines` as a table -------===//
//
// Since version 7 the runtime writes `lines` as rows of numbers that index
// tables of files and inlining chains (docs/formats/report.md, Lines), where
// versions 1 to 6 wrote an object per line. Merging works on the objects, so
// that reports of every version merge alike, and writes the table.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_LINE_TABLE_H
#define ENERGY_REPORT_LINE_TABLE_H

#include <nlohmann/json.hpp>

#include <cstddef>

namespace energy::report {

/// A row's elements, in order; a row of a line that did floating-point work
/// has one more, its FLOP breakdowns.
inline constexpr const char *LineColumns[] = {
    "region",   "file",  "line",         "inlined_at",   "blocks", "instructions",
    "branches", "calls", "bytes_loaded", "bytes_stored", "flops"};
inline constexpr size_t NumLineColumns = std::size(LineColumns);
/// The columns that are the line's `counts`: from `blocks` on.
inline constexpr size_t FirstCountColumn = 4;

/// The version 7 table `Lines`, already validated (parseReport()), as the
/// array of line objects that versions 1 to 6 wrote.
nlohmann::json lineObjects(const nlohmann::json &Lines);

/// Line objects (lineObjects()) as a version 7 table.
nlohmann::json lineTable(const nlohmann::json &Objects);

} // namespace energy::report

#endif
