//===- energy/export/export_input.h - One report, read for exporting ------===//
//
// Every exporter reads the same parts of a report: its regions, its call
// tree, and its timeline, which is per process for a merged report. The
// report reader validates them; here, once, the timelines' regions are
// checked too, so that a damaged timeline is refused the same way whatever
// the output format.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_EXPORT_EXPORT_INPUT_H
#define ENERGY_EXPORT_EXPORT_INPUT_H

#include "energy/report/report.h"
#include "energy/report/timeline.h"

#include <optional>
#include <string>
#include <vector>

namespace energy::exporter {

/// One process behind a report, with its own timeline: the report's, or, in
/// a merged report, one of `program.processes` (which keep theirs).
struct InputProcess {
  std::string name;   // what viewers call it: "cg (pid 4242)", "rank 1: cg (pid 4242)"
  std::string origin; // the report file it was written to
  long long pid = 0;
  std::optional<report::Timeline> timeline;
};

struct ExportInput {
  report::Report report;

  /// What viewers call the process: "cg (pid 4242)".
  std::string processName() const;
  /// The report's own process with its timeline, or a merged report's
  /// processes with theirs, in order; throws report::ReportError for a
  /// merged process's timeline that names a region the report lacks.
  std::vector<InputProcess> processes() const;
  /// Whether any of its processes has a timeline.
  bool anyTimeline() const;
};

/// Reads and validates the report at Path with its optional sections;
/// throws report::ReportError.
ExportInput readExportInput(const std::string &Path);

} // namespace energy::exporter

#endif
