//===- checkpoint.cpp - Whether a checkpoint's run goes on ----------------===//
#include "energy/report/checkpoint.h"

#include "energy/report/units.h"

#include <climits>
#include <string_view>
#include <unistd.h>

namespace energy::report {

namespace {

std::string thisHost() {
  char Name[HOST_NAME_MAX + 1] = {};
  return gethostname(Name, sizeof Name - 1) == 0 ? Name : "";
}

} // namespace

CheckpointRun checkpointRun(const Report &R) {
  if (R.hostname != thisHost() || R.pid <= 0)
    return CheckpointRun::Unknown;
  std::string Proc = "/proc/" + std::to_string(R.pid);
  char Target[PATH_MAX];
  ssize_t Length = readlink((Proc + "/exe").c_str(), Target, sizeof Target);
  if (Length >= 0) {
    // A program rebuilt while it runs still runs: its old file reads so.
    std::string Program(Target, size_t(Length));
    if (constexpr std::string_view Deleted = " (deleted)"; Program.ends_with(Deleted))
      Program.resize(Program.size() - Deleted.size());
    return Program == R.programPath ? CheckpointRun::Going : CheckpointRun::Ended;
  }
  // Another user's process hides its exe; a zombie has none.
  if (access(Proc.c_str(), F_OK) != 0 || access((Proc + "/exe").c_str(), F_OK) != 0)
    return CheckpointRun::Ended;
  return CheckpointRun::Unknown;
}

namespace {

/// A snapshot an ending signal asked for was written before the program's
/// own handler for it ran, which may have ended the process: whether the run
/// went on is that handler's to say (docs/runtime.md, "Chained handlers").
bool requestedByEndingSignal(const std::string &Requester) {
  for (const char *Ending : {"SIGINT", "SIGTERM", "SIGHUP", "SIGXCPU"})
    if (Requester == Ending)
      return true;
  return false;
}

std::string snapshotNote(const Report &R) {
  const std::string &By = *R.snapshotRequestedBy;
  std::string Pid = std::to_string(R.pid);
  std::string Note = "snapshot at " + formatSeconds(R.wallSeconds) + " requested by " + By;
  if (requestedByEndingSignal(By))
    return Note + " (pid " + Pid + "'s own " + By + " handler ran next)";
  return Note + " (pid " + Pid + " went on)";
}

} // namespace

std::string checkpointNote(const Report &R) {
  if (R.recoveredFrom)
    return "recovered from " + *R.recoveredFrom + ": counts and calls exact up to the end of pid " +
           std::to_string(R.pid) + ", no time";
  if (R.snapshotRequestedBy)
    return snapshotNote(R);
  if (R.endedBySignal)
    return "ended by " + *R.endedBySignal + " at " + formatSeconds(R.wallSeconds);
  if (!R.checkpointPeriodSeconds)
    return "";
  std::string At = "checkpoint at " + formatSeconds(R.wallSeconds) + " of ";
  std::string Pid = std::to_string(R.pid);
  switch (checkpointRun(R)) {
  case CheckpointRun::Going:
    return At + "a run still going (pid " + Pid + "): counts up to then, not a final report";
  case CheckpointRun::Ended:
    return At + "a run that did not end (pid " + Pid + " is gone): counts exact up to then";
  case CheckpointRun::Unknown:
    break;
  }
  return At + "a run on " + R.hostname + " that may still be going (pid " + Pid +
         "): counts exact up to then";
}

} // namespace energy::report
