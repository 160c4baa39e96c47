//===- ReportWriter.h - Writing the report safely -------------------------===//
#ifndef ENERGY_RT_REPORTWRITER_H
#define ENERGY_RT_REPORTWRITER_H

#include <string>
#include <string_view>

namespace energy::rt {

/// Writes the report to `Path` through support::writeFileSafely(): an
/// exclusively created temporary file renamed into place, so that readers see
/// the old file or the whole new one, and nothing planted there is followed.
/// A device, FIFO or own link at `Path` is written into only when
/// ENERGY_REPORT named it. Mode 0666 less the umask; in a secure process
/// 0600, and only into a directory of the effective user that no one else
/// can write. On failure returns false with `Error` naming the step and why.
bool writeFileAtomically(const std::string &Path, std::string_view Text, std::string &Error);

/// The same for a checkpoint (Checkpoint.h), which only ever replaces a
/// regular file or creates one: never written into a device or FIFO, nor
/// through a link, even one ENERGY_REPORT named (the final report is written
/// there; a checkpoint every period into /dev/stdout would be the program's
/// output).
bool writeCheckpointAtomically(const std::string &Path, std::string_view Text, std::string &Error);

} // namespace energy::rt

#endif
