//===- export_input.cpp - Reading a report and its optional sections ------===//
#include "energy/export/export_input.h"

#include "energy/report/report_error.h"

#include "support/ReportKeys.h"

#include <algorithm>

namespace energy::exporter {

namespace {

namespace key = report_key;

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

/// A merged report's process: its entry in `program.processes` (which the
/// merge wrote, so it is read as the merge reads it), with its timeline.
InputProcess mergedProcess(const nlohmann::json &Entry, size_t Index, const report::Report &R) {
  const nlohmann::json &Argv = Entry.at(key::program::Argv);
  std::string Program = Argv.empty() ? Entry.at(key::program::Path).get<std::string>()
                                     : Argv.front().get<std::string>();
  long long Pid = Entry.at(key::program::Pid).get<long long>();
  InputProcess P{processLabel(Program, Pid), Entry.value(key::processes::Report, R.origin), Pid,
                 std::nullopt};
  if (Entry.contains(key::processes::Rank))
    P.name = "rank " + std::to_string(Entry[key::processes::Rank].get<uint64_t>()) + ": " + P.name;
  if (Entry.contains(key::processes::Timeline)) {
    P.timeline =
        report::parseTimeline(Entry[key::processes::Timeline],
                              R.origin + ": program.processes[" + std::to_string(Index) + "]");
    checkTimelineRegions(*P.timeline, R);
  }
  return P;
}

} // namespace

std::vector<InputProcess> ExportInput::processes() const {
  const nlohmann::json &Doc = document.document;
  if (!Doc.contains(key::document::Program) ||
      !Doc[key::document::Program].contains(key::program::Processes))
    return {{processName(), report().origin, report().pid, report().timeline}};
  const nlohmann::json &Entries = Doc[key::document::Program][key::program::Processes];
  std::vector<InputProcess> Processes;
  try {
    for (size_t I = 0; I < Entries.size(); ++I)
      Processes.push_back(mergedProcess(Entries[I], I, report()));
  } catch (const nlohmann::json::exception &E) {
    throw report::ReportError(report().origin + ": program.processes is damaged (" + E.what() +
                              "); merge the reports again");
  }
  return Processes;
}

std::string ExportInput::processName() const {
  const report::Report &R = report();
  return processLabel(R.argv.empty() ? R.programPath : R.argv.front(), R.pid);
}

bool ExportInput::anyTimeline() const {
  std::vector<InputProcess> All = processes();
  return std::any_of(All.begin(), All.end(),
                     [](const InputProcess &P) { return P.timeline.has_value(); });
}

ExportInput readExportInput(const std::string &Path) {
  ExportInput In{report::readReportDocument(Path), std::nullopt};
  const nlohmann::json &Doc = In.document.document;
  if (auto Tree = Doc.find(key::document::CallTree); Tree != Doc.end())
    In.callTree = report::parseCallTree(*Tree, In.report());
  if (In.report().timeline)
    checkTimelineRegions(*In.report().timeline, In.report());
  In.processes(); // a damaged merged report is refused here, as any other section
  return In;
}

} // namespace energy::exporter
