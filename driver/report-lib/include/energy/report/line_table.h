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

#include "support/ReportKeys.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iterator>

namespace energy::report {

/// A row's elements (support/ReportKeys.h): the line's place, then its
/// counts from FirstCountColumn on.
inline constexpr auto &LineColumns = report_key::lines::ColumnNames;
inline constexpr size_t NumLineColumns = std::size(LineColumns);
inline constexpr size_t FirstCountColumn = report_key::lines::FirstCountColumn;

/// The version 7 table `Lines`, already validated (parseReport()), as the
/// array of line objects that versions 1 to 6 wrote.
nlohmann::json lineObjects(const nlohmann::json &Lines);

/// Line objects (lineObjects()) as a version 7 table.
nlohmann::json lineTable(const nlohmann::json &Objects);

} // namespace energy::report

#endif
