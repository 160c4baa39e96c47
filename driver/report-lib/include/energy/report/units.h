//===- energy/report/units.h - Human-friendly numbers and names -----------===//
//
// Tables show three significant digits in the unit that suits the value
// (12.3 ms, 456 MFLOP/s, 1.20 mJ) and names cut to fit their column; CSV and
// JSON output keep raw SI values instead.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_UNITS_H
#define ENERGY_REPORT_UNITS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace energy::report {

std::string formatSeconds(double Seconds);         // "12.3 ms"
std::string formatFlopRate(double FlopsPerSecond); // "1.23 GFLOP/s"
std::string formatJoules(double Joules);           // "4.56 mJ"
std::string formatShare(double Fraction);          // "12.3%"
std::string formatRatio(double Value);             // "0.125", "12.5", "1.2e+03"
std::string formatCount(uint64_t N);               // "999999", "12.3M"

/// Display width of UTF-8 text (code points; names are not expected to hold
/// double-width characters).
size_t displayWidth(std::string_view Text);

/// Fits a (demangled) function name into Width columns: first collapses the
/// parameter list to "(...)", then template arguments to "<...>", and only
/// then cuts the middle (dropping the "(...)"), keeping the start and the end
/// of the qualified name.
std::string elideName(const std::string &Name, size_t Width);

/// Fits a path into Width columns by dropping leading characters, because the
/// file name and line at the end are what identify a location.
std::string elidePath(const std::string &Path, size_t Width);

} // namespace energy::report

#endif
