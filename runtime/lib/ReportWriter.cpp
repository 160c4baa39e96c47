//===- ReportWriter.cpp - Report path expansion and atomic file writing ---===//
#include "ReportWriter.h"

#include "ProcessInfo.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace energy::rt {

std::string reportPath(const std::string &ProgramName) {
  std::string Pid = std::to_string(getpid());
  const char *Pattern = std::getenv("ENERGY_REPORT");
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

namespace {

bool writeAll(int Fd, const std::string &Text) {
  const char *P = Text.data();
  size_t Left = Text.size();
  while (Left) {
    ssize_t N = write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Left -= size_t(N);
  }
  return true;
}

/// Writes straight into an existing target that is not a regular file
/// (/dev/null, a FIFO, a terminal): renaming a file over it would replace the
/// device or pipe itself.
bool writeIntoSpecialFile(const std::string &Path, const std::string &Text,
                          std::string &Error) {
  int Fd = open(Path.c_str(), O_WRONLY | O_CLOEXEC);
  if (Fd < 0) {
    Error = std::string("cannot open ") + Path + ": " + std::strerror(errno);
    return false;
  }
  bool Written = writeAll(Fd, Text);
  if (!Written)
    Error = std::string("cannot write ") + Path + ": " + std::strerror(errno);
  close(Fd);
  return Written;
}

} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Error) {
  struct stat Target;
  if (stat(Path.c_str(), &Target) == 0 && !S_ISREG(Target.st_mode) &&
      !S_ISDIR(Target.st_mode))
    return writeIntoSpecialFile(Path, Text, Error);
  std::string Temp = Path + ".tmp." + std::to_string(getpid());
  int Fd = open(Temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    Error = std::string("cannot create ") + Temp + ": " + std::strerror(errno);
    return false;
  }
  bool Written = writeAll(Fd, Text);
  int WriteErrno = errno;
  if (close(Fd) != 0 && Written) {
    Written = false;
    WriteErrno = errno;
  }
  if (!Written) {
    Error = std::string("cannot write ") + Temp + ": " + std::strerror(WriteErrno);
    unlink(Temp.c_str());
    return false;
  }
  if (rename(Temp.c_str(), Path.c_str()) != 0) {
    Error = std::string("cannot rename ") + Temp + ": " + std::strerror(errno);
    unlink(Temp.c_str());
    return false;
  }
  return true;
}

} // namespace energy::rt
