//===- CsvText.cpp - Fields and records of CSV output ---------------------===//
#include "csv/CsvText.h"

namespace energy::csv {

std::string field(std::string_view Text) {
  if (Text.find_first_of(",\"\r\n") == std::string_view::npos)
    return std::string(Text);
  std::string Quoted = "\"";
  for (char C : Text) {
    if (C == '"')
      Quoted += '"';
    Quoted += C;
  }
  Quoted += '"';
  return Quoted;
}

void writeRecord(std::ostream &OS, const std::vector<std::string> &Fields) {
  for (size_t I = 0; I < Fields.size(); ++I) {
    if (I > 0)
      OS << ',';
    OS << field(Fields[I]);
  }
  OS << '\n';
}

} // namespace energy::csv
