//===- Run.cpp - Running a program in place or to its end -----------------===//
#include "process/Run.h"
#include "ChildCalls.h"
#include "process/ExitStatus.h"

#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char **environ;

namespace energy::process {

int execute(const Command &Cmd) {
  std::vector<char *> Argv = argvOf(Cmd);
  execvp(Argv[0], Argv.data());
  return errno;
}

std::optional<int> runAndWait(const Command &Cmd, std::string &Why) {
  std::vector<char *> Argv = argvOf(Cmd);
  pid_t Pid;
  // glibc's posix_spawnp reports a failed exec here, not as exit status 127.
  if (int Error = posix_spawnp(&Pid, Argv[0], nullptr, nullptr, Argv.data(), environ)) {
    Why = execFailureMessage(Cmd.front(), Error);
    return std::nullopt;
  }
  int Status = waitFor(Pid, nullptr);
  if (Status < 0) {
    Why = "lost track of " + Cmd.front() + " (" + std::strerror(errno) + ")";
    return std::nullopt;
  }
  return shellExitStatus(Status);
}

} // namespace energy::process
