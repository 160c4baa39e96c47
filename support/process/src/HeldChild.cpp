//===- HeldChild.cpp - A program started when its parent says -------------===//
#include "process/HeldChild.h"
#include "ChildCalls.h"
#include "process/ExitStatus.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

namespace energy::process {
namespace {

// Between fork and exec only async-signal-safe calls: the parent may have
// threads, whose locks the child inherits held.
[[noreturn]] void runWhenReleased(char *const *Argv, int GoFd, int ErrorFd, bool DiscardOutput) {
  signal(SIGINT, SIG_DFL);
  signal(SIGQUIT, SIG_DFL);
  char Go;
  if (::read(GoFd, &Go, 1) != 1)
    _exit(127); // the parent went away before releasing us
  if (DiscardOutput)
    if (int Null = ::open("/dev/null", O_WRONLY); Null >= 0)
      dup2(Null, STDOUT_FILENO);
  execvp(Argv[0], Argv);
  int Error = errno;
  [[maybe_unused]] ssize_t Written = ::write(ErrorFd, &Error, sizeof Error);
  _exit(execFailureStatus(Error));
}

void closeFd(int &Fd) {
  if (Fd >= 0)
    ::close(Fd);
  Fd = -1;
}

} // namespace

HeldChild::~HeldChild() {
  closeFd(GoFd);
  closeFd(ErrorFd);
  if (Child > 0 && !Reaped) {
    kill(Child, SIGKILL);
    waitFor(Child, nullptr);
  }
}

bool HeldChild::spawn(const Command &Cmd, std::string &Why, HeldChildOptions Opts) {
  std::vector<char *> Argv = argvOf(Cmd);
  int Go[2], Failed[2];
  if (pipe2(Go, O_CLOEXEC) != 0) {
    Why = std::string("cannot create pipes: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(Failed, O_CLOEXEC) != 0) {
    Why = std::string("cannot create pipes: ") + std::strerror(errno);
    ::close(Go[0]);
    ::close(Go[1]);
    return false;
  }
  Child = fork();
  if (Child < 0) {
    Why = std::string("cannot fork: ") + std::strerror(errno);
    for (int Fd : {Go[0], Go[1], Failed[0], Failed[1]})
      ::close(Fd);
    return false;
  }
  if (Child == 0) {
    ::close(Go[1]);
    ::close(Failed[0]);
    runWhenReleased(Argv.data(), Go[0], Failed[1], Opts.DiscardOutput);
  }
  ::close(Go[0]);
  ::close(Failed[1]);
  GoFd = Go[1];
  ErrorFd = Failed[0];
  return true;
}

int HeldChild::release() {
  char Go = 1;
  if (::write(GoFd, &Go, 1) != 1)
    return errno;
  closeFd(GoFd);
  int Error = 0;
  ssize_t Read;
  do
    Read = ::read(ErrorFd, &Error, sizeof Error); // EOF: the exec succeeded
  while (Read < 0 && errno == EINTR);
  closeFd(ErrorFd);
  return Read == static_cast<ssize_t>(sizeof Error) ? Error : 0;
}

int HeldChild::wait(rusage *Usage) {
  int Status = waitFor(Child, Usage);
  Reaped = Status >= 0;
  return Status;
}

bool HeldChild::ended(int &WaitStatus) {
  pid_t Answer;
  while ((Answer = waitpid(Child, &WaitStatus, WNOHANG)) < 0 && errno == EINTR) {
  }
  Reaped = Answer == Child;
  return Reaped;
}

} // namespace energy::process
