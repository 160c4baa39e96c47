//===- ReportWriter.cpp - Report path expansion and safe file writing -----===//
#include "ReportWriter.h"

#include "ProcessInfo.h"
#include "support/Environment.h"
#include "support/SafeFile.h"

#include <unistd.h>

namespace energy::rt {

std::string reportPath(const std::string &ProgramName) {
  std::string Pid = std::to_string(getpid());
  const char *Pattern = support::setting("ENERGY_REPORT");
  if (!Pattern || !*Pattern)
    return "energy-" + ProgramName + "." + Pid + ".json";
  std::string Path;
  for (const char *C = Pattern; *C; ++C) {
    if (*C != '%' || !C[1]) {
      Path += *C;
      continue;
    }
    switch (*++C) {
    case 'p':
      Path += Pid;
      break;
    case 'h':
      Path += hostName();
      break;
    case '%':
      Path += '%';
      break;
    default:
      Path += '%';
      Path += *C;
    }
  }
  return Path;
}

bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Error) {
  return support::writeFileSafely(Path, Text, support::guestFileOptions("ENERGY_REPORT"),
                                  Error);
}

} // namespace energy::rt
