//===- csv.cpp - RFC 4180 CSV output --------------------------------------===//
#include "energy/report/csv.h"

namespace energy::report {

std::string csvField(std::string_view Field) {
  if (Field.find_first_of(",\"\r\n") == std::string_view::npos)
    return std::string(Field);
  std::string Quoted = "\"";
  for (char C : Field) {
    if (C == '"')
      Quoted += '"';
    Quoted += C;
  }
  Quoted += '"';
  return Quoted;
}

void writeCsvRecord(std::ostream &OS, const std::vector<std::string> &Fields) {
  for (size_t I = 0; I < Fields.size(); ++I) {
    if (I > 0)
      OS << ',';
    OS << csvField(Fields[I]);
  }
  OS << '\n';
}

} // namespace energy::report
