//===- energy/report/text_table.h - Aligned plain-text tables -------------===//
#ifndef ENERGY_REPORT_TEXT_TABLE_H
#define ENERGY_REPORT_TEXT_TABLE_H

#include <ostream>
#include <string>
#include <vector>

namespace energy::report {

enum class Align { Left, Right };

struct Column {
  std::string header;
  Align align = Align::Right;
};

/// Columns sized to their widest cell, two spaces apart, with a dashed rule
/// under the header and, optionally, above a closing summary row.
class TextTable {
public:
  explicit TextTable(std::vector<Column> Columns);

  /// Rows must have one cell per column.
  void addRow(std::vector<std::string> Cells);
  void setSummaryRow(std::vector<std::string> Cells);
  void print(std::ostream &OS) const;

private:
  void printRow(std::ostream &OS, const std::vector<std::string> &Cells,
                const std::vector<size_t> &Widths) const;
  void printRule(std::ostream &OS, const std::vector<size_t> &Widths) const;

  std::vector<Column> Columns;
  std::vector<std::vector<std::string>> Rows;
  std::vector<std::string> Summary;
};

} // namespace energy::report

#endif
