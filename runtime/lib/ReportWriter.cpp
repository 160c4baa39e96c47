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

} // namespace energy::rt
