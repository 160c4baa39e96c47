//===- ContinuousRecovery.cpp - A report from a continuous counts file ----===//
//
// The report a killed process would have written, built by the code that
// writes every report (ReportBuilder.h): the file's tables become modules
// (ModuleRecord::create checks them as it checks a descriptor at
// registration), their counters the sum of the file's chunks. What the file
// does not hold stays empty: no time, no call tree, no measured energy (the
// model prices the counts alone); the report's `recovered` says so.
//
//===----------------------------------------------------------------------===//
#include "ContinuousFormat.h"
#include "ReportBuilder.h"
#include "ReportWriter.h"

#include "energy/recover.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace energy::rt {

namespace {

/// The whole file, no larger than a continuous counts file can be.
bool readWhole(const char *Path, std::string &Bytes, std::string &Error) {
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  struct stat St;
  if (Fd < 0 || fstat(Fd, &St) != 0) {
    Error = std::string("cannot read ") + Path + ": " + std::strerror(errno);
    if (Fd >= 0)
      close(Fd);
    return false;
  }
  if (!S_ISREG(St.st_mode) || uint64_t(St.st_size) > continuous::MaxFileBytes) {
    Error = std::string(Path) + ": not a regular file of at most 4 GiB";
    close(Fd);
    return false;
  }
  Bytes.resize(size_t(St.st_size));
  size_t Got = 0;
  while (Got < Bytes.size()) {
    ssize_t N = read(Fd, &Bytes[Got], Bytes.size() - Got);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Got += size_t(N);
  }
  close(Fd);
  Bytes.resize(Got); // a file that shrank meanwhile reads as truncated
  return true;
}

/// Modules only count if their arrays were on the file; the others' counts
/// died with the process.
bool recoveredModules(continuous::RecoveredRun &Run, std::vector<ModuleRecord *> &Records,
                      RecoveryNote &Note, std::string &Error) {
  uint32_t RegionBase = 0;
  for (auto &M : Run.Modules) {
    if (!(M->Desc.flags & ENERGY_MODULE_CONTINUOUS)) {
      ++Note.ModulesNotContinuous;
      continue;
    }
    // No thread's array to read: the counts are the file's.
    M->Desc.thread_counters = [] { return static_cast<uint64_t *>(nullptr); };
    std::string Problem;
    ModuleRecord *Rec =
        ModuleRecord::create(&M->Desc, uint32_t(Records.size()), RegionBase, Problem);
    if (!Rec) {
      Error = "module " + std::string(M->Desc.source) + ": " + Problem;
      return false;
    }
    Records.push_back(Rec);
    if (!M->Counts.empty())
      Rec->Counts = M->Counts;
    Rec->Timed = false;
    // The file may be a fork() child's, whose counts began after the entries
    // of the functions that called fork(): every block is summed.
    Rec->CountsBeganMidCall = true;
    RegionBase += Rec->NumRegions;
  }
  return true;
}

bool writeOut(const char *Path, std::string_view Text, std::string &Error) {
  if (std::strcmp(Path, "-") != 0)
    return writeFileAtomically(Path, Text, Error);
  if (std::fwrite(Text.data(), 1, Text.size(), stdout) != Text.size() || std::fflush(stdout) != 0) {
    Error = "cannot write to standard output";
    return false;
  }
  return true;
}

bool recover(const char *From, const char *To, std::string &Error) {
  std::string Bytes;
  if (!readWhole(From, Bytes, Error))
    return false;
  continuous::RecoveredRun Run;
  if (!continuous::readContinuousFile(Bytes, Run, Error)) {
    Error = std::string(From) + ": " + Error;
    return false;
  }
  RecoveryNote Note{From, Run.LiveThreads, Run.EndedThreads, 0};
  std::vector<ModuleRecord *> Records;
  bool Built = recoveredModules(Run, Records, Note, Error);
  if (Built) {
    ProcessInfo Process;
    Process.Pid = long(Run.Process.Pid);
    Process.ExePath = Run.Process.ExePath;
    Process.ProgramName = Run.Process.ProgramName;
    Process.Argv = Run.Process.Argv;
    Process.ArgumentsOmitted = size_t(Run.Process.ArgumentsOmitted);
    Diagnostics Diag;
    // The file keeps each thread's counts, not its time: the threads are
    // counted, those that counted anything as having run instrumented code.
    ThreadSummaries Threads;
    Threads.addUnlisted(Run.Threads, Run.CountingThreads);
    Measurement Unmeasured;
    CallTree Tree;
    RunSummary Summary{Records,
                       Diag,
                       Run.Threads,
                       Threads,
                       Run.Process.StartRealtimeNs,
                       0.0,
                       1e-9,
                       false,
                       0.0,
                       "recovered from a continuous counts file: no time was kept",
                       0.0,
                       Process,
                       Unmeasured,
                       Tree};
    Summary.Recovered = &Note;
    // The model prices the exact counts; with no time kept, nothing of
    // what it charges per second is in the figures.
    ModelChoice Model = loadDefaultModel(reinterpret_cast<const void *>(&readWhole));
    JsonText Report = reportText(Summary, Model);
    Built = writeOut(To, Report.finishLine(), Error);
  }
  for (ModuleRecord *Rec : Records)
    delete Rec;
  return Built;
}

} // namespace

} // namespace energy::rt

extern "C" __attribute__((visibility("default"))) int
__energy_recover_report(const char *CountersFile, const char *ReportFile, char *Error,
                        unsigned long ErrorBytes) {
  std::string Problem;
  bool Done = false;
  try {
    Done = energy::rt::recover(CountersFile, ReportFile, Problem);
  } catch (...) {
    Problem = "out of memory";
  }
  if (Done)
    return 0;
  if (ErrorBytes)
    std::snprintf(Error, ErrorBytes, "%s", Problem.c_str());
  return -1;
}
