//===- ChildProcess.cpp - The measured program, started on a signal -------===//
#include "ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace energy::stat {
namespace {

[[noreturn]] void runChild(const std::vector<std::string> &argv, int goFd, int errorFd) {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGQUIT, SIG_DFL);
  char go;
  if (::read(goFd, &go, 1) != 1)
    _exit(127); // the parent went away before releasing us
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  int error = errno;
  [[maybe_unused]] ssize_t n = ::write(errorFd, &error, sizeof error);
  _exit(error == ENOENT ? 127 : 126);
}

void closeFd(int &fd) {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

} // namespace

ChildProcess::~ChildProcess() {
  closeFd(goFd);
  closeFd(errorFd);
}

bool ChildProcess::spawn(const std::vector<std::string> &argv, std::string &error) {
  int go[2], failed[2];
  if (pipe2(go, O_CLOEXEC) != 0 || pipe2(failed, O_CLOEXEC) != 0) {
    error = std::string("cannot create pipes: ") + std::strerror(errno);
    return false;
  }
  child = fork();
  if (child < 0) {
    error = std::string("cannot fork: ") + std::strerror(errno);
    return false;
  }
  if (child == 0) {
    ::close(go[1]);
    ::close(failed[0]);
    runChild(argv, go[0], failed[1]);
  }
  ::close(go[0]);
  ::close(failed[1]);
  goFd = go[1];
  errorFd = failed[0];
  return true;
}

int ChildProcess::release() {
  char go = 1;
  if (::write(goFd, &go, 1) != 1)
    return errno;
  closeFd(goFd);
  int error = 0;
  ssize_t n;
  do
    n = ::read(errorFd, &error, sizeof error); // EOF: exec succeeded
  while (n < 0 && errno == EINTR);
  closeFd(errorFd);
  return n == static_cast<ssize_t>(sizeof error) ? error : 0;
}

int ChildProcess::wait(rusage &usage) {
  int status = 0;
  while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  return status;
}

int exitStatusOf(int waitStatus) {
  if (WIFEXITED(waitStatus))
    return WEXITSTATUS(waitStatus);
  if (WIFSIGNALED(waitStatus))
    return 128 + WTERMSIG(waitStatus);
  return 1;
}

} // namespace energy::stat
