//===- ReportWriter.h - Where the report goes, and writing it atomically --===//
#ifndef ENERGY_RT_REPORTWRITER_H
#define ENERGY_RT_REPORTWRITER_H

#include <string>

namespace energy::rt {

/// $ENERGY_REPORT with %p replaced by the process id, %h by the host name and
/// %% by %; or energy-<program>.<pid>.json in the working directory.
std::string reportPath(const std::string &ProgramName);

/// Writes a temporary file next to `Path`, then renames it over `Path`, so
/// that readers see the old file or the whole new one, never a part. An
/// existing `Path` that is not a regular file (/dev/null, a FIFO) is written
/// into instead, never replaced. On failure returns false with `Error`
/// naming the step and the reason.
bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Error);

} // namespace energy::rt

#endif
