//===- energy/train/csv.h - Minimal RFC 4180 CSV reading and writing ------===//
//
// Datasets are CSV files with a header row. Fields may be quoted ("a,b" and
// doubled quotes); numbers are parsed strictly so that a truncated or corrupt
// file is refused with the line and column that are wrong.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_CSV_H
#define ENERGY_TRAIN_CSV_H

#include <iosfwd>
#include <string>
#include <vector>

namespace energy::train {

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  /// Index of the column named Name, or -1.
  int column(const std::string &Name) const;
};

/// Reads a CSV file; every row must have as many fields as the header.
CsvTable readCsv(const std::string &Path);
CsvTable parseCsv(std::istream &In, const std::string &Origin);

/// Parses a number; throws TrainError naming Origin, Line and Column.
double parseNumber(const std::string &Text, const std::string &Origin, size_t Line,
                   const std::string &Column);

} // namespace energy::train

#endif
