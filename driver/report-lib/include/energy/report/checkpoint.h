//===- energy/report/checkpoint.h - Whether a checkpoint's run goes on ----===//
//
// A report marked `checkpoint` was written while its process ran, every
// period, into the file its final report would replace (docs/runtime.md,
// "Checkpoints"). Still there, it is either the report of a run that is
// still going (counts up to that instant, more to come) or the last record
// of one that ended without its report (SIGKILL, _exit, the OOM killer), and
// the tools must not read the former as a finished run.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_CHECKPOINT_H
#define ENERGY_REPORT_CHECKPOINT_H

#include "energy/report/report.h"

#include <string>

namespace energy::report {

enum class CheckpointRun {
  Going,   // its process still runs the program, on this host
  Ended,   // its process is gone (or now runs another program: exec)
  Unknown, // written on another host, or /proc does not say
};

/// Whether the process of the checkpoint `R` still runs: the same host name,
/// and /proc/<pid>/exe naming the report's program (a pid runs another
/// program after exec or when reused).
CheckpointRun checkpointRun(const Report &R);

/// What a checkpoint is, for a listing's header: "checkpoint at 12.3 s of a
/// run that did not end (pid 42 is gone): counts exact up to then", or of a
/// run still going; likewise "snapshot at 2 s requested by SIGUSR2 (pid 42
/// went on)" and "ended by SIGTERM at 3 s" (version 6), and "recovered from
/// F: counts and calls exact up to the end of pid 42, no time" for a report
/// built from a continuous counts file. Empty for a report the process wrote
/// at its end.
std::string checkpointNote(const Report &R);

} // namespace energy::report

#endif
