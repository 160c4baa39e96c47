//===- energy/export/chrome_trace.h - Reports as a Chrome trace -----------===//
//
// `energy-report export --format chrome` writes the JSON trace-event format
// that Perfetto's UI and chrome://tracing read, from each report's timeline
// (docs/formats/timeline.md); each report is one process (`pid`, its own
// process id, made unique when two reports share one), and so is each
// process a merged report holds (`program.processes`, which keep their
// timelines), lined up by the timelines' start times. Per process:
// - metadata (`ph: "M"`): process_name ("cg (pid 4242)", "rank 1: cg (pid
//   4242)" for an MPI rank), process_labels (the report file it was written
//   to), process_sort_index, thread_name per sampled thread;
// - counters (`ph: "C"`), held until the next value: power per meter in W
//   (an interval whose reading failed is covered by the next good reading,
//   which counted its energy too); per thread, the FLOP and byte rates of the
//   region on top of its stack (an estimate: that region's exact self FLOPs
//   or bytes over its self time; the timeline records no counts per
//   interval), and each perf event's rate where the thread counted it;
// - slices (`ph: "X"`), per thread: the region on top of the thread's stack at
//   each interval's end, inside the regions that enclose it (parent links),
//   spanning the consecutive intervals in which it was there.
// Times are microseconds from the earliest timeline's start. Process-wide
// events have `tid` 0; thread events the Linux thread id.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_EXPORT_CHROME_TRACE_H
#define ENERGY_EXPORT_CHROME_TRACE_H

#include "energy/export/export_input.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::exporter {

/// The trace of all the reports' processes (one without a timeline
/// contributes its metadata only); `Exporter` goes into `otherData`.
nlohmann::json chromeTrace(const std::vector<ExportInput> &Inputs, const std::string &Exporter);

} // namespace energy::exporter

#endif
