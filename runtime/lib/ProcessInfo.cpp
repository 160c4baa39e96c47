//===- ProcessInfo.cpp - Reading the program and machine from /proc -------===//
#include "ProcessInfo.h"
#include "meters/SysfsFiles.h"
#include "support/Environment.h"

#include <algorithm>
#include <string_view>

#include <cerrno>
#include <climits>
#include <cstring>
#include <unistd.h>

namespace energy::rt {
namespace {

/// ENERGY_REPORT_ARGS=0 leaves the arguments out of the report; a secure
/// process always does.
bool argumentsWanted() {
  if (support::secureProcess())
    return false;
  const char *Text = support::setting("ENERGY_REPORT_ARGS");
  return !Text || std::strcmp(Text, "0") != 0;
}

} // namespace

ProcessInfo ProcessInfo::capture() {
  ProcessInfo Info;
  char Exe[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Exe, sizeof Exe - 1);
  if (N > 0)
    Info.ExePath.assign(Exe, size_t(N));
  // Not an ifstream: its locale's construction alone costs a C program's
  // whole start-up several times over.
  std::string All;
  constexpr size_t LongestCommandLine = 4 << 20;
  meters::readTextFile(meters::realFileOpener(), "/proc/self/cmdline", All, LongestCommandLine);
  for (size_t Pos = 0; Pos < All.size();) {
    size_t End = All.find('\0', Pos);
    if (End == std::string::npos)
      End = All.size();
    Info.Argv.push_back(All.substr(Pos, End - Pos));
    Pos = End + 1;
  }
  if (!argumentsWanted() && Info.Argv.size() > 1) {
    Info.ArgumentsOmitted = Info.Argv.size() - 1;
    Info.Argv.resize(1);
  }
  Info.IgnoredSettings = support::ignoredSettings();
  Info.ProgramName = program_invocation_short_name;
  if (Info.ProgramName.empty())
    Info.ProgramName = "program";
  return Info;
}

std::string hostName() {
  char Name[HOST_NAME_MAX + 1] = {};
  if (gethostname(Name, sizeof Name - 1) != 0)
    return "unknown";
  return Name;
}

std::string cpuModel() {
  std::string Text;
  meters::readTextFile(meters::realFileOpener(), "/proc/cpuinfo", Text);
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t End = std::min(Text.find('\n', Pos), Text.size());
    std::string_view Line(Text.data() + Pos, End - Pos);
    Pos = End + 1;
    if (!Line.starts_with("model name"))
      continue;
    size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      break;
    size_t Start = Line.find_first_not_of(" \t", Colon + 1);
    return Start == std::string::npos ? "unknown" : std::string(Line.substr(Start));
  }
  return "unknown";
}

unsigned logicalCpus() {
  long N = sysconf(_SC_NPROCESSORS_ONLN);
  return N > 0 ? unsigned(N) : 1u;
}

} // namespace energy::rt
