//===- ProcessInfo.h - The program and machine a report describes ---------===//
#ifndef ENERGY_RT_PROCESSINFO_H
#define ENERGY_RT_PROCESSINFO_H

#include <string>
#include <vector>

namespace energy::rt {

/// The parallel job a process is one rank of, as its launcher's environment
/// describes it (or, when it says nothing, as MPI does: the MPI layer's
/// __energy_job_from_mpi): Open MPI's mpirun, MPICH's Hydra (mpiexec), Slurm's srun,
/// asked in that order (mpirun inside a Slurm allocation sets both its own
/// variables and Slurm's). Read through support::setting, so a secure
/// process is in no job.
struct JobInfo {
  std::string Launcher; /// "openmpi", "mpich", "slurm", "mpi" (from MPI); empty: none
  std::string Id;       /// the launcher's job id; empty when it gives none
  long Rank = -1;
  long Size = -1;
  long LocalRank = -1; /// rank among the job's processes on this node
  std::string Node;    /// this node's host name

  bool inJob() const { return !Launcher.empty(); }
  static JobInfo fromEnvironment();
};

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
  JobInfo Job;

  /// Reads /proc/self; taken at start-up, before the program can rewrite argv.
  static ProcessInfo capture();
};

std::string hostName();
/// /proc/cpuinfo's "model name", or "unknown".
std::string cpuModel();
unsigned logicalCpus();

} // namespace energy::rt

#endif
