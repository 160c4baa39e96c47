//===- energy/report/report_inputs.h - Files, folders and globs as one report ===//
//
// Every subcommand takes its reports the same way: files, directories (every
// *.json report in them: ENERGY_REPORT=DIR/r.%p.json leaves one per process)
// and glob patterns, which the tool expands itself so that a quoted pattern
// works as an unquoted one does. Several reports are merged on the fly, one
// at a time (energy/report/report_merge.h).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REPORT_INPUTS_H
#define ENERGY_REPORT_REPORT_INPUTS_H

#include "energy/report/report.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::report {

/// The report files the inputs name, in order: a directory gives its *.json
/// files and a pattern its matches, each sorted; a path that names nothing
/// is kept, so that reading it names the missing file. Throws ReportError
/// for a directory without *.json files.
std::vector<std::string> expandReportInputs(const std::vector<std::string> &Inputs);

/// The reports in Paths merged into one document (docs/formats/report.md,
/// Merged reports), each read, validated and folded in before the next is
/// read; throws ReportError naming the first file that is not a report.
nlohmann::json mergeReportFiles(const std::vector<std::string> &Paths);

/// The inputs as one validated report: a single file exactly as it was
/// written, several merged.
Report loadReportInputs(const std::vector<std::string> &Inputs);

} // namespace energy::report

#endif
