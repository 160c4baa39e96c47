//===- process.cpp - Running the commands of a multi-step build -----------===//
#include "process.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

extern char **environ;

namespace energy::cc {

std::optional<int> runAndWait(const std::vector<std::string> &Command,
                              std::string &Why) {
  std::vector<char *> Argv;
  for (const std::string &Arg : Command)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  pid_t Pid;
  if (int Error = posix_spawnp(&Pid, Argv[0], nullptr, nullptr, Argv.data(),
                               environ)) {
    Why = "cannot run " + Command.front() + " (" + std::strerror(Error) + ")";
    return std::nullopt;
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR) {
      Why = "lost track of " + Command.front() + " (" + std::strerror(errno) +
            ")";
      return std::nullopt;
    }
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}

std::optional<std::string> makeScratchFolder(const std::string &Prefix,
                                             std::string &Why) {
  std::error_code Ec;
  std::filesystem::path Temp = std::filesystem::temp_directory_path(Ec);
  if (Ec)
    Temp = "/tmp";
  std::string Template = (Temp / (Prefix + "-XXXXXX")).string();
  if (!mkdtemp(Template.data())) {
    Why = "cannot create a scratch folder in " + Temp.string() + " (" +
          std::strerror(errno) + "); set TMPDIR to a writable folder";
    return std::nullopt;
  }
  return Template;
}

} // namespace energy::cc
