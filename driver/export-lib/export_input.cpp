//===- export_input.cpp - Reading a report and its optional sections ------===//
#include "energy/export/export_input.h"

#include "energy/report/reader.h"

#include <algorithm>

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
        throw report::ReportError(R.origin + ": timeline.intervals[" + std::to_string(I) +
                                  "] names region " + std::to_string(*E.region) +
                                  ", which does not exist; the report is damaged, re-run the "
                                  "program");
}

std::string processLabel(const std::string &Program, long long Pid) {
  return baseName(Program) + " (pid " + std::to_string(Pid) + ")";
}

/// A merged report's process, named as viewers show it, with its timeline.
InputProcess mergedProcess(const report::MergedProcess &M, const report::Report &R) {
  InputProcess P{processLabel(M.argv.empty() ? M.programPath : M.argv.front(), M.pid),
                 M.report.value_or(R.origin), M.pid, M.timeline};
  if (M.rank)
    P.name = "rank " + std::to_string(*M.rank) + ": " + P.name;
  if (P.timeline)
    checkTimelineRegions(*P.timeline, R);
  return P;
}

} // namespace

std::vector<InputProcess> ExportInput::processes() const {
  if (!report.mergedProcesses)
    return {{processName(), report.origin, report.pid, report.timeline}};
  std::vector<InputProcess> Processes;
  for (const report::MergedProcess &M : *report.mergedProcesses)
    Processes.push_back(mergedProcess(M, report));
  return Processes;
}

std::string ExportInput::processName() const {
  return processLabel(report.argv.empty() ? report.programPath : report.argv.front(), report.pid);
}

bool ExportInput::anyTimeline() const {
  std::vector<InputProcess> All = processes();
  return std::any_of(All.begin(), All.end(),
                     [](const InputProcess &P) { return P.timeline.has_value(); });
}

ExportInput readExportInput(const std::string &Path) {
  ExportInput In{report::readReport(Path)};
  if (In.report.timeline)
    checkTimelineRegions(*In.report.timeline, In.report);
  In.processes(); // a merged report's timelines are checked here, as the report's own
  return In;
}

} // namespace energy::exporter
