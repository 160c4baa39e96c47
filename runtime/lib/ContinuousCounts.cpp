//===- ContinuousCounts.cpp - Counter arrays kept in a file mapping -------===//
#include "ContinuousCounts.h"

#include "ContinuousFormat.h"
#include "ModuleRecord.h"
#include "ProcessInfo.h"
#include "ReportLocation.h"
#include "SignalsBlocked.h"
#include "support/Environment.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace energy::rt {

namespace {

uint64_t pagesFor(const ModuleRecord &M, uint64_t PageSize) {
  uint64_t Bytes = (uint64_t(M.NumCounters) + M.NumDynamic) * sizeof(uint64_t);
  return (Bytes + PageSize - 1) / PageSize * PageSize;
}

/// Replaces the pages at `Address` by `Source` (a mapping of the same size
/// made elsewhere) in one step: mremap to a fixed address unmaps what was
/// there, so the array is never without memory.
bool moveOver(void *Source, uintptr_t Address, uint64_t Bytes) {
  void *Moved = mremap(Source, Bytes, Bytes, MREMAP_MAYMOVE | MREMAP_FIXED,
                       reinterpret_cast<void *>(Address));
  if (Moved != MAP_FAILED)
    return true;
  munmap(Source, Bytes);
  return false;
}

/// Anonymous memory in place of the array's file pages, with the same values.
void backWithAnonymousMemory(uintptr_t Address, uint64_t Bytes) {
  void *Fresh = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Fresh == MAP_FAILED)
    return; // the array stays on the file: still correct, until its TLS is reused
  std::memcpy(Fresh, reinterpret_cast<void *>(Address), Bytes);
  moveOver(Fresh, Address, Bytes);
}

bool writeAll(int Fd, const void *Data, size_t Bytes, uint64_t At) {
  const char *P = static_cast<const char *>(Data);
  while (Bytes) {
    ssize_t N = pwrite(Fd, P, Bytes, off_t(At));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Bytes -= size_t(N);
    At += uint64_t(N);
  }
  return true;
}

continuous::ModuleTables tablesOf(const ModuleRecord &M) {
  // A module whose tables were forgotten (out of memory at its unload)
  // keeps its place, with nothing to name.
  bool Known = M.Regions && M.Blocks;
  return {M.Ordinal,
          Known ? M.NumRegions : 0,
          Known ? M.NumBlocks : 0,
          Known ? M.NumDynamic : 0,
          Known ? M.NumCounters : 0,
          Known ? M.NumTerms : 0,
          uint32_t(M.Timing),
          M.Continuous && Known ? ENERGY_MODULE_CONTINUOUS : 0u,
          M.Hash,
          M.Source,
          M.Regions,
          M.Blocks,
          M.Dynamic,
          M.Terms};
}

continuous::ProcessIdentity identityOf(const ProcessInfo &P, uint64_t StartRealNs) {
  return {uint64_t(P.Pid), StartRealNs, P.ExePath, P.ProgramName, P.Argv, P.ArgumentsOmitted};
}

/// In $XDG_RUNTIME_DIR, a tmpfs the kernel never writes back to a disk, or
/// beside the report; named as the report is, `.counters` for `.json`. Never
/// beside a report that goes to a device or FIFO (ENERGY_REPORT=/dev/stdout).
std::string fileFor(const ProcessInfo &Process, uint64_t StartRealNs, std::string &Error) {
  std::string Report =
      ReportLocation::choose(Process, (long long)(StartRealNs / 1000000000u)).prepare(Error);
  if (Report.empty())
    return {};
  size_t Slash = Report.rfind('/');
  std::string Name = Slash == std::string::npos ? Report : Report.substr(Slash + 1);
  if (Name.size() > 5 && Name.compare(Name.size() - 5, 5, ".json") == 0)
    Name.resize(Name.size() - 5);
  Name += ".counters";
  const char *Runtime = support::setting("XDG_RUNTIME_DIR");
  if (Runtime && Runtime[0] == '/')
    return std::string(Runtime) + "/" + Name;
  struct stat Target;
  if (stat(Report.c_str(), &Target) == 0 && !S_ISREG(Target.st_mode)) {
    Error = "the report goes to " + Report + ", not a file, and XDG_RUNTIME_DIR is not set";
    return {};
  }
  return (Slash == std::string::npos ? std::string() : Report.substr(0, Slash + 1)) + Name;
}

} // namespace

void ContinuousCounts::failed(const std::string &What) noexcept {
  sayOnStderr("energypass: counts will not survive SIGKILL or _exit(): " + What);
  if (Fd >= 0) {
    close(Fd);
    unlink(Path.c_str());
  }
  Fd = -1;
}

void ContinuousCounts::start(const ProcessInfo &Process, uint64_t StartRealNs,
                             const std::vector<ModuleRecord *> &Modules) noexcept {
  if (Started)
    return;
  Started = true;
  try {
    if (std::string Problem = create(Process, StartRealNs, Modules); !Problem.empty())
      failed(Problem);
  } catch (...) {
    failed("out of memory");
  }
}

std::string ContinuousCounts::create(const ProcessInfo &Process, uint64_t StartRealNs,
                                     const std::vector<ModuleRecord *> &Modules) {
  long Page = sysconf(_SC_PAGESIZE);
  if (Page != long(ENERGY_CONTINUOUS_PAGE))
    return "pages of " + std::to_string(Page) + " bytes; modules are laid out for " +
           std::to_string(ENERGY_CONTINUOUS_PAGE);
  PageSize = uint32_t(Page);
  std::string Error;
  std::string Named = fileFor(Process, StartRealNs, Error);
  if (Named.empty())
    return Error;
  // A new file only, never through a link, readable by the owner alone: the
  // tables name the program's functions and its arguments.
  Fd = open(Named.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (Fd < 0)
    return "cannot create " + Named + ": " + std::strerror(errno);
  Path = Named;
  std::string Header = continuous::headerBytes(PageSize);
  bool Written = writeAll(Fd, Header.data(), Header.size(), 0);
  End = Header.size();
  Written = Written && append(continuous::processRecord(identityOf(Process, StartRealNs)));
  for (const ModuleRecord *M : Modules)
    Written = Written && append(continuous::moduleRecord(tablesOf(*M)));
  return Written ? std::string() : "cannot write " + Path + ": " + std::strerror(errno);
}

// The record first, then the header's count of bytes in use: a reader never
// sees a record half written.
bool ContinuousCounts::append(const std::string &Bytes) {
  uint64_t NewEnd = End + Bytes.size();
  if (!writeAll(Fd, Bytes.data(), Bytes.size(), End) ||
      !writeAll(Fd, &NewEnd, sizeof NewEnd, continuous::UsedBytesOffset))
    return false;
  End = NewEnd;
  return true;
}

void ContinuousCounts::addModule(const ModuleRecord &Module) noexcept {
  if (!active())
    return;
  try {
    if (!append(continuous::moduleRecord(tablesOf(Module))))
      failed("cannot write " + Path + ": " + std::strerror(errno));
  } catch (...) {
    failed("out of memory");
  }
}

bool ContinuousCounts::appendChunk(const ModuleRecord &Module, uint64_t *Counters, bool Zeroed) {
  uintptr_t Address = reinterpret_cast<uintptr_t>(Counters);
  uint64_t Bytes = pagesFor(Module, PageSize);
  if (Address % PageSize != 0) // a C library that ignored the TLS alignment
    return true;
  uint64_t At = End;
  uint64_t DataAt = continuous::chunkDataOffset(At, PageSize);
  std::string Header =
      continuous::chunkRecordHeader(At, PageSize, Module.Ordinal, uint64_t(gettid()), Bytes);
  Chunks.reserve(Chunks.size() + 1); // the push_back after the remap cannot fail
  if (ftruncate(Fd, off_t(DataAt + Bytes)) != 0 || !writeAll(Fd, Header.data(), Header.size(), At))
    return false;
  if (!Zeroed && !writeAll(Fd, Counters, Bytes, DataAt))
    return false;
  void *Mapped = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, off_t(DataAt));
  if (Mapped == MAP_FAILED)
    return false;
  uint64_t NewEnd = DataAt + Bytes;
  if (!writeAll(Fd, &NewEnd, sizeof NewEnd, continuous::UsedBytesOffset)) {
    munmap(Mapped, Bytes);
    return false;
  }
  End = NewEnd;
  if (!moveOver(Mapped, Address, Bytes))
    return false;
  Chunks.push_back({Address, Bytes, At, Module.Ordinal, pthread_self(), true});
  return true;
}

void ContinuousCounts::mapCallingThread(const ModuleRecord &Module, uint64_t *Counters) noexcept {
  if (!active() || !Module.Continuous || !Counters)
    return;
  uintptr_t Address = reinterpret_cast<uintptr_t>(Counters);
  for (const Chunk &C : Chunks)
    if (C.Live && C.Address == Address)
      return;
  // A handler that ran instrumented code between the copy of an array and
  // the remap would lose its counts.
  SignalsBlocked Blocked;
  try {
    if (!appendChunk(Module, Counters, /*Zeroed=*/false))
      failed("cannot map " + Path + ": " + std::strerror(errno));
  } catch (...) {
    failed("out of memory");
  }
}

void ContinuousCounts::markEnded(Chunk &C) {
  uint32_t Ended = continuous::ChunkEnded;
  if (active())
    writeAll(Fd, &Ended, sizeof Ended, C.RecordAt + continuous::ChunkStateOffset);
  C.Live = false;
}

// Also after a failure closed the file: the arrays still on its pages.
void ContinuousCounts::releaseCallingThread() noexcept {
  if (Chunks.empty())
    return;
  SignalsBlocked Blocked;
  pthread_t Self = pthread_self();
  for (Chunk &C : Chunks) {
    if (!C.Live || !pthread_equal(C.Owner, Self))
      continue;
    backWithAnonymousMemory(C.Address, C.Bytes);
    markEnded(C);
  }
}

// The module's code is going away, so its other threads no longer count into
// these arrays while their pages are swapped.
void ContinuousCounts::releaseModule(uint32_t Ordinal) noexcept {
  if (Chunks.empty())
    return;
  SignalsBlocked Blocked;
  for (Chunk &C : Chunks) {
    if (!C.Live || C.Ordinal != Ordinal)
      continue;
    backWithAnonymousMemory(C.Address, C.Bytes);
    markEnded(C);
  }
}

void ContinuousCounts::restartAfterFork(const ProcessInfo &Process, uint64_t StartRealNs,
                                        const std::vector<ModuleRecord *> &Modules) noexcept {
  if (!Started)
    return;
  // The parent's file stays the parent's: nothing of the child may write
  // into it, not even the re-initialisation of a dead thread's cached stack.
  bool WasActive = active();
  if (WasActive)
    close(Fd);
  Fd = -1;
  Path.clear();
  std::vector<Chunk> Inherited;
  Inherited.swap(Chunks);
  pthread_t Self = pthread_self();
  for (const Chunk &C : Inherited)
    if (C.Live && !pthread_equal(C.Owner, Self))
      backWithAnonymousMemory(C.Address, C.Bytes);
  Started = !WasActive; // a file of its own only where the parent had one
  start(Process, StartRealNs, Modules);
  SignalsBlocked Blocked;
  for (const Chunk &C : Inherited) {
    if (!C.Live || !pthread_equal(C.Owner, Self))
      continue;
    // Zero: the child's counts start at the fork (the runtime discards the
    // parent's in its copy of the array).
    uint64_t *Counters = reinterpret_cast<uint64_t *>(C.Address);
    if (!active() || !appendChunk(*Modules[C.Ordinal], Counters, /*Zeroed=*/true))
      backWithAnonymousMemory(C.Address, C.Bytes);
  }
}

void ContinuousCounts::remove() noexcept {
  if (!active())
    return;
  unlink(Path.c_str());
  close(Fd);
  Fd = -1;
}

} // namespace energy::rt
