//===- report_document.cpp - Reading a report and keeping its JSON --------===//
#include "energy/report/report_document.h"

#include "energy/report/reader.h"

namespace energy::report {

ReportDocument readReportDocument(const std::string &Path) {
  nlohmann::json Doc = readReportJson(Path);
  Report R = parseReport(Doc, Path);
  return {std::move(R), std::move(Doc)};
}

} // namespace energy::report
