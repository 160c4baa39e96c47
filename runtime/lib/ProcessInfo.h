//===- ProcessInfo.h - The program and machine a report describes ---------===//
#ifndef ENERGY_RT_PROCESSINFO_H
#define ENERGY_RT_PROCESSINFO_H

#include <string>
#include <vector>

namespace energy::rt {

struct ProcessInfo {
  /// The process the report describes: the copy that writes a snapshot has
  /// a pid of its own (SignalEndings.h).
  long Pid = 0;
  std::string ExePath;     /// resolved /proc/self/exe
  std::string ProgramName; /// basename of argv[0], for the default report name
  /// argv[0] and, unless left out, the arguments
  std::vector<std::string> Argv;
  /// Arguments left out of Argv: ENERGY_REPORT_ARGS=0, or a secure process,
  /// whose arguments are its invoker's and may hold secrets.
  size_t ArgumentsOmitted = 0;
  /// ENERGY_* variables a secure process ignored (support::ignoredSettings).
  std::vector<std::string> IgnoredSettings;

  /// Reads /proc/self; taken at start-up, before the program can rewrite argv.
  static ProcessInfo capture();
};

std::string hostName();
/// /proc/cpuinfo's "model name", or "unknown".
std::string cpuModel();
unsigned logicalCpus();

} // namespace energy::rt

#endif
