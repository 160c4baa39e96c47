//===- energy/report/csv.h - RFC 4180 CSV output
//---------------------------===//
#ifndef ENERGY_REPORT_CSV_H
#define ENERGY_REPORT_CSV_H

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace energy::report {

/// Quotes a field when it holds a comma, a quote, CR or LF (C++ names hold
/// commas: "f(int, int)"), doubling embedded quotes.
std::string csvField(std::string_view Field);

/// Writes one record, fields separated by commas. Records end in LF rather
/// than RFC 4180's CRLF, so that cut, awk and sort see clean last fields;
/// CSV readers accept both.
void writeCsvRecord(std::ostream &OS, const std::vector<std::string> &Fields);

} // namespace energy::report

#endif
