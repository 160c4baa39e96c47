//===- ReportLocation.h - Where this process's report goes, and saying so -===//
//
// Chosen when a report is written, from the settings then (a program may set
// ENERGY_REPORT itself), and from the pid and start of the process measured,
// which the copy that writes a snapshot (SignalEndings.h) is not: so every
// report of a process (snapshots, one written on a signal, the final one)
// goes to one file. By default the file is
// <report directory>/<program>.<start time>.<pid>.json (ReportDirectory.h),
// the directory created if need be; a rank of a parallel job (JobInfo) is
// <program>.job<id>.rank<rank>.<start time>.<pid>.json, so that the ranks of
// one job, and of several, writing into one directory never collide and
// list in rank order. ENERGY_REPORT names the file instead.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_REPORTLOCATION_H
#define ENERGY_RT_REPORTLOCATION_H

#include "support/ReportDirectory.h"

#include <string>
#include <string_view>

namespace energy::rt {

struct ProcessInfo;

class ReportLocation {
public:
  /// From ENERGY_REPORT (never read in a secure process), with %p replaced by
  /// the process's pid, %h by the host name, %j and %r by its job's id and
  /// its rank (empty outside a job) and %% by %; else the default
  /// directories and a name of the program, its job and rank, its start and
  /// its pid. Throws std::bad_alloc.
  static ReportLocation choose(const ProcessInfo &Process, long long StartUnixSeconds);

  /// The file to write, its directory created if need be; empty with
  /// `Error` when no directory can be used. Throws std::bad_alloc.
  std::string prepare(std::string &Error) const;
  /// After the report was written to `Path` (what prepare() gave): unless
  /// ENERGY_REPORT named the file, sweeps the directory of temporary files
  /// that killed writers left (support::sweepStaleTemporaries) and points
  /// its `last` at the report; false with `Error` when `last` could not be.
  bool remember(const std::string &Path, std::string &Error) const;

private:
  std::string NamedPath; /// ENERGY_REPORT, expanded; empty: the default place
  support::ReportDirectories Directories;
  std::string FileName;
};

/// Whether to say on stderr where each report went: ENERGY_VERBOSE set to
/// anything but 0, and ENERGY_QUIET not. Off by default, so that the program's
/// stderr is its own.
bool announceReports();

/// Writes `Line` and a newline to stderr with write(2): no stdio lock that
/// another thread of the program may hold, and nothing buffered.
void sayOnStderr(std::string_view Line) noexcept;

} // namespace energy::rt

#endif
