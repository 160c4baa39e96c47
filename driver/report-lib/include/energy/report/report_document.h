//===- energy/report/report_document.h - A report with its JSON -----------===//
//
// Some tools read sections that the validated Report leaves out (the
// `call_tree`, a merged report's `program.processes`). They get the report, validated as every tool
// validates it, with the parsed document beside it.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REPORT_DOCUMENT_H
#define ENERGY_REPORT_REPORT_DOCUMENT_H

#include "energy/report/report.h"

#include <nlohmann/json.hpp>

#include <string>

namespace energy::report {

struct ReportDocument {
  Report report;
  nlohmann::json document;
};

/// Reads and validates the report at Path; throws ReportError.
ReportDocument readReportDocument(const std::string &Path);

} // namespace energy::report

#endif
