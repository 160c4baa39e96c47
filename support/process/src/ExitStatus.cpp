//===- ExitStatus.cpp - A child's end, as a shell reports it --------------===//
#include "process/ExitStatus.h"

#include <sys/wait.h>

#include <cerrno>
#include <cstring>

namespace energy::process {

int shellExitStatus(int WaitStatus) {
  if (WIFEXITED(WaitStatus))
    return WEXITSTATUS(WaitStatus);
  if (WIFSIGNALED(WaitStatus))
    return 128 + WTERMSIG(WaitStatus);
  return 1;
}

int execFailureStatus(int Error) { return Error == ENOENT ? 127 : 126; }

std::string execFailureMessage(const std::string &Program, int Error) {
  return "cannot run " + Program + " (" + std::strerror(Error) + ")";
}

} // namespace energy::process
