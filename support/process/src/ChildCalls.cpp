//===- ChildCalls.cpp - What Run and HeldChild both do to a child ---------===//
#include "ChildCalls.h"

#include <sys/wait.h>

#include <cerrno>

namespace energy::process {

std::vector<char *> argvOf(const Command &Cmd) {
  std::vector<char *> Argv;
  for (const std::string &Word : Cmd)
    Argv.push_back(const_cast<char *>(Word.c_str()));
  Argv.push_back(nullptr);
  return Argv;
}

int waitFor(pid_t Pid, rusage *Usage) {
  int Status = 0;
  while (wait4(Pid, &Status, 0, Usage) < 0)
    if (errno != EINTR)
      return -1;
  return Status;
}

} // namespace energy::process
