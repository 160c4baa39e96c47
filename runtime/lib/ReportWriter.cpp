//===- ReportWriter.cpp - Writing the report safely -----------------------===//
#include "ReportWriter.h"

#include "support/Environment.h"
#include "support/SafeFile.h"

namespace energy::rt {

bool writeFileAtomically(const std::string &Path, std::string_view Text,
                         std::string &Error) {
  return support::writeFileSafely(Path, Text, support::guestFileOptions("ENERGY_REPORT"),
                                  Error);
}

bool writeCheckpointAtomically(const std::string &Path, std::string_view Text,
                               std::string &Error) {
  support::WriteOptions Options = support::guestFileOptions("ENERGY_REPORT");
  Options.Named = false;
  return support::writeFileSafely(Path, Text, Options, Error);
}

} // namespace energy::rt
