//===- output_file.h - Writing a subcommand's -o file ---------------------===//
//
// Every subcommand that writes a file writes it the same way: through
// support::writeFileSafely (a temporary renamed into place, no link
// followed), and on failure one line naming the file and the way out.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_REPORT_OUTPUT_FILE_H
#define ENERGY_DRIVER_REPORT_OUTPUT_FILE_H

#include "energy/report/report_error.h"

#include "support/SafeFile.h"

#include <iostream>
#include <string>

namespace energy::report::cli {

/// Writes Text to Path; throws ReportError when it cannot.
inline void writeOutputFile(const std::string &Path, const std::string &Text) {
  std::string Error;
  if (!support::writeFileSafely(Path, Text, {.Named = true}, Error))
    throw ReportError(Path + ": cannot write (" + Error + "); choose another -o path");
}

/// Writes Text to Path, or to standard output when Path is empty (no -o);
/// returns the subcommand's exit status.
inline int writeOutput(const std::string &Path, const std::string &Text) {
  if (!Path.empty()) {
    writeOutputFile(Path, Text);
    return 0;
  }
  std::cout << Text;
  std::cout.flush();
  return std::cout ? 0 : 1;
}

} // namespace energy::report::cli

#endif
