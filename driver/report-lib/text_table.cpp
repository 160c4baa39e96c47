//===- text_table.cpp - Aligned plain-text tables -------------------------===//
#include "energy/report/text_table.h"

#include "energy/report/units.h"

#include <algorithm>
#include <cassert>

namespace energy::report {

TextTable::TextTable(std::vector<Column> Columns) : Columns(std::move(Columns)) {}

void TextTable::addRow(std::vector<std::string> Cells) {
  assert(Cells.size() == Columns.size() && "one cell per column");
  Rows.push_back(std::move(Cells));
}

void TextTable::setSummaryRow(std::vector<std::string> Cells) {
  assert(Cells.size() == Columns.size() && "one cell per column");
  Summary = std::move(Cells);
}

void TextTable::printRow(std::ostream &OS, const std::vector<std::string> &Cells,
                         const std::vector<size_t> &Widths) const {
  std::string Line;
  for (size_t C = 0; C < Cells.size(); ++C) {
    std::string Pad(Widths[C] - displayWidth(Cells[C]), ' ');
    if (C > 0)
      Line += "  ";
    Line += Columns[C].align == Align::Left ? Cells[C] + Pad : Pad + Cells[C];
  }
  // Trailing blanks of a left-aligned last column are noise in diffs.
  Line.erase(Line.find_last_not_of(' ') + 1);
  OS << Line << '\n';
}

void TextTable::printRule(std::ostream &OS, const std::vector<size_t> &Widths) const {
  size_t Total = 0;
  for (size_t W : Widths)
    Total += W;
  Total += 2 * (Widths.size() - 1);
  OS << std::string(Total, '-') << '\n';
}

void TextTable::print(std::ostream &OS) const {
  std::vector<size_t> Widths;
  std::vector<std::string> Headers;
  for (const Column &C : Columns) {
    Widths.push_back(displayWidth(C.header));
    Headers.push_back(C.header);
  }
  auto Widen = [&Widths](const std::vector<std::string> &Cells) {
    for (size_t C = 0; C < Cells.size(); ++C)
      Widths[C] = std::max(Widths[C], displayWidth(Cells[C]));
  };
  for (const auto &Row : Rows)
    Widen(Row);
  if (!Summary.empty())
    Widen(Summary);

  printRow(OS, Headers, Widths);
  printRule(OS, Widths);
  for (const auto &Row : Rows)
    printRow(OS, Row, Widths);
  if (!Summary.empty()) {
    printRule(OS, Widths);
    printRow(OS, Summary, Widths);
  }
}

} // namespace energy::report
