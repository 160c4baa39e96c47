//===- csv.cpp - Minimal RFC 4180 CSV reading and writing -----------------===//
#include "energy/train/csv.h"
#include "energy/train/error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <istream>

namespace energy::train {

int CsvTable::column(const std::string &Name) const {
  for (size_t I = 0; I < header.size(); ++I)
    if (header[I] == Name)
      return static_cast<int>(I);
  return -1;
}

namespace {

/// The longest line or quoted record accepted. A dataset row of a few hundred
/// counters is a few kilobytes; anything longer is not a dataset, and refusing
/// it bounds the memory spent on garbage (a file with no newline at all).
constexpr size_t MaxRecordBytes = 1 << 20;

/// std::getline that refuses, as soon as it reads them, a NUL byte (a binary
/// file, never CSV text) and a line longer than MaxRecordBytes.
bool readBoundedLine(std::istream &In, std::string &Line, const std::string &Origin,
                     size_t LineNo) {
  Line.clear();
  std::streambuf *Buf = In.rdbuf();
  for (;;) {
    int C = Buf->sbumpc();
    if (C == std::char_traits<char>::eof())
      return !Line.empty();
    if (C == '\n')
      return true;
    require(C != '\0', Origin + ":" + std::to_string(LineNo) +
                           ": NUL byte: this is a binary file, not a CSV "
                           "dataset; give the CSV export of the data");
    require(Line.size() < MaxRecordBytes,
            Origin + ":" + std::to_string(LineNo) +
                ": line longer than 1 MiB: this is not a CSV dataset (or "
                "its newlines are missing); give the CSV export of the data");
    Line += static_cast<char>(C);
  }
}

/// Splits one record; a quoted field may hold commas and doubled quotes.
/// Returns false when a quote is left open (the record continues).
bool splitRecord(const std::string &Line, std::vector<std::string> &Fields) {
  Fields.clear();
  std::string Field;
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Field += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Field += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Fields.push_back(Field);
      Field.clear();
    } else if (C != '\r') {
      Field += C;
    }
  }
  Fields.push_back(Field);
  return !Quoted;
}

} // namespace

CsvTable parseCsv(std::istream &In, const std::string &Origin) {
  CsvTable Table;
  std::string Line, Record;
  std::vector<std::string> Fields;
  size_t LineNo = 0, RecordLine = 0;
  while (readBoundedLine(In, Line, Origin, LineNo + 1)) {
    ++LineNo;
    if (Record.empty())
      RecordLine = LineNo;
    Record += Line;
    require(Record.size() <= MaxRecordBytes,
            Origin + ":" + std::to_string(RecordLine) +
                ": quoted field longer than 1 MiB (an unterminated quote?); "
                "fix the file");
    if (!splitRecord(Record, Fields)) {
      Record += '\n';
      continue;
    }
    bool Blank = Record.find_first_not_of(" \t\r") == std::string::npos;
    Record.clear();
    if (Blank)
      continue;
    if (Table.header.empty()) {
      Table.header = Fields;
      continue;
    }
    require(Fields.size() == Table.header.size(),
            Origin + ":" + std::to_string(RecordLine) + ": " + std::to_string(Fields.size()) +
                " fields where the header has " + std::to_string(Table.header.size()) +
                " (truncated or corrupt file?); fix or regenerate it");
    Table.rows.push_back(Fields);
  }
  require(Record.empty(),
          Origin + ":" + std::to_string(RecordLine) + ": unterminated quoted field; fix the file");
  require(!Table.header.empty(), Origin + ": empty file, expected a CSV header row");
  return Table;
}

CsvTable readCsv(const std::string &Path) {
  std::ifstream In(Path);
  require(static_cast<bool>(In),
          Path + ": cannot open (" + std::strerror(errno) + "); check the path and permissions");
  return parseCsv(In, Path);
}

double parseNumber(const std::string &Text, const std::string &Origin, size_t Line,
                   const std::string &Column) {
  const char *Begin = Text.c_str();
  char *End = nullptr;
  errno = 0;
  double V = std::strtod(Begin, &End);
  while (End && (*End == ' ' || *End == '\t'))
    ++End;
  require(End != Begin && *End == '\0' && errno != ERANGE,
          Origin + ":" + std::to_string(Line) + ": column '" + Column + "' holds '" + Text +
              "', not a number; fix the file");
  return V;
}

} // namespace energy::train
