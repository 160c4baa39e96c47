//===- ReportLocation.cpp - The report's file, chosen once per process ----===//
#include "ReportLocation.h"

#include "ProcessInfo.h"
#include "support/Settings.h"

#include <cerrno>
#include <cstring>
#include <sys/uio.h>
#include <unistd.h>

namespace energy::rt {
namespace {

std::string rankText(const JobInfo &Job) { return Job.inJob() ? std::to_string(Job.Rank) : ""; }

/// The rank, zero-padded to the width of the job's largest, so that a
/// directory's reports list in rank order.
std::string paddedRank(const JobInfo &Job) {
  std::string Rank = rankText(Job);
  size_t Width = std::to_string(Job.Size - 1).size();
  return std::string(Width > Rank.size() ? Width - Rank.size() : 0, '0') + Rank;
}

/// The part of a default report name before its start time: the program,
/// and a rank's job and rank.
std::string reportNameStem(const ProcessInfo &Process) {
  const JobInfo &Job = Process.Job;
  if (!Job.inJob())
    return Process.ProgramName;
  std::string Stem = Process.ProgramName;
  if (!Job.Id.empty())
    Stem += ".job" + Job.Id;
  return Stem + ".rank" + paddedRank(Job);
}

std::string expandPattern(const char *Pattern, const ProcessInfo &Process) {
  std::string Pid = std::to_string(Process.Pid);
  std::string Path;
  for (const char *C = Pattern; *C; ++C) {
    if (*C != '%' || !C[1]) {
      Path += *C;
      continue;
    }
    switch (*++C) {
    case 'p':
      Path += Pid;
      break;
    case 'h':
      Path += hostName();
      break;
    case 'j':
      Path += Process.Job.Id;
      break;
    case 'r':
      Path += rankText(Process.Job);
      break;
    case '%':
      Path += '%';
      break;
    default:
      Path += '%';
      Path += *C;
    }
  }
  return Path;
}

} // namespace

ReportLocation ReportLocation::choose(const ProcessInfo &Process, long long StartUnixSeconds) {
  ReportLocation Where;
  if (const char *Pattern = support::settings().Report.text()) {
    Where.NamedPath = expandPattern(Pattern, Process);
    return Where;
  }
  Where.Directories = support::reportDirectories();
  Where.FileName = support::reportFileName(reportNameStem(Process), Process.Pid, StartUnixSeconds);
  return Where;
}

std::string ReportLocation::prepare(std::string &Error) const {
  if (!NamedPath.empty())
    return NamedPath;
  std::string Dir = support::usableReportDirectory(Directories, Error);
  return Dir.empty() ? "" : Dir + "/" + FileName;
}

bool ReportLocation::remember(const std::string &Path, std::string &Error) const {
  if (!NamedPath.empty())
    return true;
  std::string Dir = Path.substr(0, Path.size() - FileName.size() - 1);
  support::sweepStaleTemporariesWhenDue(Dir);
  return support::linkLatestReport(Dir, FileName, Error);
}

bool announceReports() {
  const support::Settings &S = support::settings();
  return S.Verbose.on() && !S.Quiet.on();
}

void sayOnStderr(std::string_view Line) noexcept {
  char Newline = '\n';
  iovec Parts[2] = {{const_cast<char *>(Line.data()), Line.size()}, {&Newline, 1}};
  // One call, so that the line is not split by another thread's output; a
  // short write of a line this size does not happen on a pipe or terminal.
  while (writev(STDERR_FILENO, Parts, 2) < 0 && errno == EINTR) {
  }
}

} // namespace energy::rt
