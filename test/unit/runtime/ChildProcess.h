//===- ChildProcess.h - Run a scenario in a child process, read its report ===//
//
// The runtime writes its report when a process ends, so every scenario runs
// in a forked child that ends the way the scenario says (return, exit(),
// abort()); the test process itself never registers a module.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TEST_CHILDPROCESS_H
#define ENERGY_TEST_CHILDPROCESS_H

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace energy::test {

struct ChildResult {
  int ExitCode = -1; /// exit status, or -1 when killed
  int Signal = 0;    /// signal that killed it, or 0
  int Pid = 0;
  std::string Stderr; /// what the child wrote on stderr
  std::string ReportPath;
  bool HasReport = false;
  nlohmann::json Report;
};

/// A fresh empty directory, removed by the destructor.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::string &path() const { return Path; }
  std::string file(const std::string &Name) const { return Path + "/" + Name; }

private:
  std::string Path;
};

/// Runs `Body` in a child with ENERGY_REPORT=<dir>/report.json (unless `Env`
/// sets it) and `Env` applied; the child exits 0 when Body returns.
ChildResult runInChild(const TempDir &Dir, const std::function<void()> &Body,
                       const std::vector<std::pair<std::string, std::string>> &Env = {});

nlohmann::json readJson(const std::string &Path);

/// The report's region named `Name` (the test fails when there is not one).
const nlohmann::json &regionNamed(const nlohmann::json &Report, const std::string &Name);

} // namespace energy::test

#endif
