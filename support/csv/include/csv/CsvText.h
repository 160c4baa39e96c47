//===- csv/CsvText.h - Fields and records of CSV output ---------*- C++ -*-===//
//
// Region and kernel names (C++ names hold commas: "f(int, int)"), program
// names and labels go into the CSV that energy-report, energy-train and
// energy-gpu write; they are quoted here, once for every tool (RFC 4180).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CSV_CSVTEXT_H
#define ENERGY_CSV_CSVTEXT_H

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace energy::csv {

/// Quotes a field when it holds a comma, a quote, CR or LF, doubling
/// embedded quotes.
std::string field(std::string_view Text);

/// Writes one record, fields quoted and separated by commas. Records end in
/// LF rather than RFC 4180's CRLF, so that cut, awk and sort see clean last
/// fields; CSV readers accept both.
void writeRecord(std::ostream &OS, const std::vector<std::string> &Fields);

} // namespace energy::csv

#endif
