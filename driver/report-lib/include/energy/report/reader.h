//===- energy/report/reader.h - Reading and validating report files -------===//
//
// Every tool reads reports through these two functions, so every tool refuses
// the same bad inputs with the same one-line ReportError.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_READER_H
#define ENERGY_REPORT_READER_H

#include "energy/report/report.h"
#include "energy/report/report_error.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace energy::report {

/// Reads and validates the report file at Path; throws ReportError.
Report readReport(const std::string &Path);

/// Reads the report file at Path as JSON, with the same one-line errors for
/// unreadable, empty, truncated or malformed files; does not validate it.
nlohmann::json readReportJson(const std::string &Path);

/// Parses and validates the text of a report; `Origin` names it in errors.
Report parseReportText(const std::string &Text, const std::string &Origin);

/// Validates an already parsed document; `Origin` names it in errors.
Report parseReport(const nlohmann::json &Doc, const std::string &Origin);

} // namespace energy::report

#endif
