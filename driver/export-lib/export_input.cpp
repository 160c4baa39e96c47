//===- export_input.cpp - Reading a report and its optional sections ------===//
#include "energy/export/export_input.h"

#include "energy/report/report_error.h"

namespace energy::exporter {

namespace {

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

/// A timeline names regions by id; one that names none of this report's
/// would put slices on the wrong names.
void checkTimelineRegions(const report::Timeline &T, const report::Report &R) {
  for (size_t I = 0; I < T.intervals.size(); ++I)
    for (const report::TimelineThreadEntry &E : T.intervals[I].threads)
      if (E.region && *E.region >= R.regions.size())
        throw report::ReportError(
            R.origin + ": timeline.intervals[" + std::to_string(I) +
            "] names region " + std::to_string(*E.region) +
            ", which does not exist; the report is damaged, re-run the "
            "program");
}

} // namespace

std::string ExportInput::processName() const {
  const report::Report &R = report();
  std::string Program = R.argv.empty() ? R.programPath : R.argv.front();
  return baseName(Program) + " (pid " + std::to_string(R.pid) + ")";
}

ExportInput readExportInput(const std::string &Path) {
  ExportInput In{report::readReportDocument(Path), std::nullopt, std::nullopt};
  const nlohmann::json &Doc = In.document.document;
  if (auto Tree = Doc.find("call_tree"); Tree != Doc.end())
    In.callTree = report::parseCallTree(*Tree, In.report());
  if (auto Section = Doc.find("timeline");
      Section != Doc.end() && !Section->is_null()) {
    In.timeline = report::parseTimeline(*Section, Path);
    checkTimelineRegions(*In.timeline, In.report());
  }
  return In;
}

} // namespace energy::exporter
