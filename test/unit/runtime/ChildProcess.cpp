//===- ChildProcess.cpp - Forked scenario runner for the runtime tests ----===//
#include "ChildProcess.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace energy::test {

TempDir::TempDir() {
  std::string Pattern = (std::filesystem::temp_directory_path() / "energyrt-test.XXXXXX").string();
  if (!mkdtemp(Pattern.data()))
    throw std::runtime_error("mkdtemp failed");
  Path = Pattern;
}

TempDir::~TempDir() {
  std::error_code Ec;
  std::filesystem::remove_all(Path, Ec);
}

nlohmann::json readJson(const std::string &Path) {
  std::ifstream In(Path);
  return nlohmann::json::parse(In);
}

ChildResult runInChild(const TempDir &Dir, const std::function<void()> &Body,
                       const std::vector<std::pair<std::string, std::string>> &Env) {
  ChildResult Result;
  Result.ReportPath = Dir.file("report.json");
  std::string ErrPath = Dir.file("stderr.txt");
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid == 0) {
    int Fd = open(ErrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(Fd, 2);
    close(Fd);
    setenv("ENERGY_REPORT", Result.ReportPath.c_str(), 1);
    unsetenv("ENERGY_QUIET");
    unsetenv("ENERGY_MODEL");
    unsetenv("ENERGY_MAX_DEPTH");
    for (const auto &[Name, Value] : Env)
      setenv(Name.c_str(), Value.c_str(), 1);
    Body();
    std::exit(0);
  }
  Result.Pid = Pid;
  int Status = 0;
  waitpid(Pid, &Status, 0);
  if (WIFEXITED(Status))
    Result.ExitCode = WEXITSTATUS(Status);
  if (WIFSIGNALED(Status))
    Result.Signal = WTERMSIG(Status);
  std::ifstream Err(ErrPath);
  std::stringstream Text;
  Text << Err.rdbuf();
  Result.Stderr = Text.str();
  for (const auto &[Name, Value] : Env)
    if (Name == "ENERGY_REPORT")
      Result.ReportPath = Value;
  if (std::filesystem::exists(Result.ReportPath)) {
    Result.HasReport = true;
    Result.Report = readJson(Result.ReportPath);
  }
  return Result;
}

const nlohmann::json &regionNamed(const nlohmann::json &Report, const std::string &Name) {
  static const nlohmann::json Missing = nlohmann::json::object();
  const nlohmann::json *Found = nullptr;
  int Matches = 0;
  for (const auto &R : Report.at("regions"))
    if (R.at("name") == Name) {
      Found = &R;
      ++Matches;
    }
  EXPECT_EQ(Matches, 1) << "regions named " << Name;
  return Found ? *Found : Missing;
}

} // namespace energy::test
