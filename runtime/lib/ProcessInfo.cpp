//===- ProcessInfo.cpp - Reading the program and machine from /proc -------===//
#include "ProcessInfo.h"
#include "meters/SysfsFiles.h"
#include "support/Environment.h"
#include "support/Settings.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <unistd.h>

namespace energy::rt {
namespace {

/// ENERGY_REPORT_ARGS=0 leaves the arguments out of the report; a secure
/// process always does.
bool argumentsWanted() {
  if (support::secureProcess())
    return false;
  return support::settings().ReportArgs.on();
}

/// The environment's names for one launcher's facts about a rank.
struct LauncherVariables {
  const char *Launcher;
  const char *Rank;
  const char *Size;
  const char *LocalRank;
  std::initializer_list<const char *> JobIds; /// the first one set wins
};

const LauncherVariables Launchers[] = {
    {"openmpi",
     "OMPI_COMM_WORLD_RANK",
     "OMPI_COMM_WORLD_SIZE",
     "OMPI_COMM_WORLD_LOCAL_RANK",
     {"OMPI_MCA_ess_base_jobid", "OMPI_MCA_orte_ess_jobid", "PMIX_NAMESPACE"}},
    {"mpich", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", {"SLURM_JOB_ID"}},
    {"slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", {"SLURM_JOB_ID"}},
};

/// The non-negative integer setting `Name`, or -1 when unset or not one.
long rankSetting(const char *Name) {
  const char *Text = support::setting(Name);
  if (!Text || !*Text)
    return -1;
  char *End = nullptr;
  errno = 0;
  long Value = std::strtol(Text, &End, 10);
  return *End || errno || Value < 0 ? -1 : Value;
}

std::string firstSetting(std::initializer_list<const char *> Names) {
  for (const char *Name : Names)
    if (const char *Text = support::setting(Name); Text && *Text)
      return Text;
  return "";
}

} // namespace

JobInfo JobInfo::fromEnvironment() {
  for (const LauncherVariables &L : Launchers) {
    long Rank = rankSetting(L.Rank);
    long Size = rankSetting(L.Size);
    if (Rank < 0 || Size <= Rank)
      continue;
    JobInfo Job;
    Job.Launcher = L.Launcher;
    Job.Id = firstSetting(L.JobIds);
    Job.Rank = Rank;
    Job.Size = Size;
    Job.LocalRank = rankSetting(L.LocalRank);
    Job.Node = hostName();
    return Job;
  }
  return {};
}

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
  Info.Job = JobInfo::fromEnvironment();
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
