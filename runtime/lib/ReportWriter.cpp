//===- ReportWriter.cpp - Writing the report safely -----------------------===//
#include "ReportWriter.h"

#include "support/SafeFile.h"
#include "support/Settings.h"

namespace energy::rt {
namespace {

support::WriteOptions reportOptions() {
  return support::guestWriteOptions(support::settings().Report.text() != nullptr);
}

} // namespace

bool writeFileAtomically(const std::string &Path, std::string_view Text, std::string &Error) {
  return support::writeFileSafely(Path, Text, reportOptions(), Error);
}

bool writeCheckpointAtomically(const std::string &Path, std::string_view Text, std::string &Error) {
  support::WriteOptions Options = reportOptions();
  Options.Named = false;
  return support::writeFileSafely(Path, Text, Options, Error);
}

} // namespace energy::rt
