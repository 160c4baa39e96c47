//===- Checkpoint.cpp - When a checkpoint is due, and its copy ------------===//
#include "Checkpoint.h"

#include "CheckpointSpacing.h"
#include "Runtime.h"
#include "SignalEndings.h"

#include "support/Settings.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <ucontext.h>
#include <unistd.h>

namespace energy::rt {
namespace {

// The table's default is the period that a large process stretches.
static_assert(support::bounds::Checkpoint.Default == DefaultCheckpointSeconds);
/// The default first checkpoint, a second into the run (baseSpacingNs).
constexpr uint64_t FirstCheckpointNs = 1000000000;
/// When the runtime's lock was busy (another thread's attach, a snapshot),
/// the next sample a little later tries again.
constexpr uint64_t RetryNs = 10000000;
/// NextDueNs while a thread takes a checkpoint: due for no one else.
constexpr uint64_t Claimed = UINT64_MAX;

/// ENERGY_CHECKPOINT's period or the default (0: none), and whether the
/// user chose it (CheckpointSpacing.h).
uint64_t PeriodNs = 0;
bool PeriodChosen = false;
/// Coarse monotonic time at which the next checkpoint is due; 0: never.
std::atomic<uint64_t> NextDueNs{0};
/// The last checkpoint (or the start, or the fork), and the spacing the
/// next one keeps from it; written by the thread that claimed the
/// checkpoint only.
uint64_t LastNs = 0;
uint64_t SpacingNs = 0;
/// Read at start-up: sysconf is not among the functions a handler may call.
long PageBytes = 4096;

/// The checkpoint copy that may still be writing, and when it was made;
/// read and written under the Runtime's lock only.
long RunningCopy = 0;
uint64_t RunningSinceNs = 0;

/// The executable code of the C library, the dynamic loader and the
/// runtime, found once at start-up.
struct CodeRange {
  uintptr_t Begin = 0, End = 0;
};
constexpr unsigned MaxLockingRanges = 16;
CodeRange LockingCode[MaxLockingRanges];
unsigned LockingRanges = 0;

bool isLockingObject(const dl_phdr_info &Object, uintptr_t RuntimeBase) {
  if (Object.dlpi_addr && Object.dlpi_addr == RuntimeBase)
    return true;
  const char *Name = Object.dlpi_name ? std::strrchr(Object.dlpi_name, '/') : nullptr;
  Name = Name ? Name + 1 : Object.dlpi_name;
  return Name && (std::strncmp(Name, "libc.so", 7) == 0 || std::strncmp(Name, "ld-linux", 8) == 0);
}

int noteLockingCode(dl_phdr_info *Object, size_t, void *RuntimeBase) {
  if (!isLockingObject(*Object, *static_cast<uintptr_t *>(RuntimeBase)))
    return 0;
  for (unsigned I = 0; I < Object->dlpi_phnum && LockingRanges < MaxLockingRanges; ++I) {
    const ElfW(Phdr) &Segment = Object->dlpi_phdr[I];
    if (Segment.p_type != PT_LOAD || !(Segment.p_flags & PF_X))
      continue;
    uintptr_t Begin = Object->dlpi_addr + Segment.p_vaddr;
    LockingCode[LockingRanges++] = {Begin, Begin + Segment.p_memsz};
  }
  return 0;
}

void findLockingCode() {
  Dl_info Runtime;
  uintptr_t RuntimeBase = 0;
  if (dladdr(reinterpret_cast<const void *>(&findLockingCode), &Runtime))
    RuntimeBase = reinterpret_cast<uintptr_t>(Runtime.dli_fbase);
  dl_iterate_phdr(noteLockingCode, &RuntimeBase);
}

uintptr_t interruptedAt(const void *Context) {
  const auto *Interrupted = static_cast<const ucontext_t *>(Context);
#if defined(__x86_64__)
  return uintptr_t(Interrupted->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uintptr_t(Interrupted->uc_mcontext.pc);
#else
  (void)Interrupted;
  return 0;
#endif
}

bool interruptedInLockingCode(const void *Context) {
  uintptr_t At = interruptedAt(Context);
  for (unsigned I = 0; I < LockingRanges; ++I)
    if (At >= LockingCode[I].Begin && At < LockingCode[I].End)
      return true;
  return false;
}

/// The coarse clock costs a few nanoseconds from the vDSO, without a
/// hardware clock read: a millisecond's precision is plenty here.
uint64_t coarseNowNs() noexcept {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &Now);
  return uint64_t(Now.tv_sec) * 1000000000u + uint64_t(Now.tv_nsec);
}

/// The start (or the fork) that the run's age is counted from.
uint64_t StartNs = 0;

/// The default spacing before the memory's stretch: as old as the run was at
/// the last checkpoint, at least FirstCheckpointNs and at most the period
/// (checkpoints at 1, 2, 4, 8, 16 s, then every 10 s), so that a run killed
/// in its first seconds still leaves one and loses at most half of its
/// time. A chosen period is kept exactly.
uint64_t baseSpacingNs() noexcept {
  if (PeriodChosen)
    return PeriodNs;
  return std::min(PeriodNs, std::max(FirstCheckpointNs, LastNs - StartNs));
}

void armFromNow() noexcept {
  StartNs = LastNs = coarseNowNs();
  SpacingNs = baseSpacingNs();
  NextDueNs.store(PeriodNs ? LastNs + SpacingNs : 0, std::memory_order_relaxed);
}

/// The process's own resident memory (resident less file-backed pages: what
/// the clone copies and the program faults on again), in MiB; 0 when
/// /proc does not say. Read with open and read, which a signal handler may
/// call; getrusage's peak would do without a file, but keeps the peak of
/// whatever ran in the process before exec (a Python parent's, say).
double ownResidentMiB() noexcept {
  int Fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return 0;
  char Text[128];
  ssize_t Length = read(Fd, Text, sizeof Text - 1);
  close(Fd);
  if (Length <= 0)
    return 0;
  Text[Length] = 0;
  // size resident shared ..., in pages.
  uint64_t Fields[3] = {};
  const char *C = Text;
  for (uint64_t &Field : Fields) {
    for (; *C >= '0' && *C <= '9'; ++C)
      Field = Field * 10 + uint64_t(*C - '0');
    if (*C++ != ' ')
      return 0;
  }
  uint64_t Pages = Fields[1] > Fields[2] ? Fields[1] - Fields[2] : 0;
  return double(Pages) * double(PageBytes) / (1024.0 * 1024.0);
}

/// The claimant's part: when the next checkpoint is due after this one.
uint64_t checkpointNowOrLater(uint64_t Now) noexcept {
  uint64_t Spacing = checkpointSpacingNs(baseSpacingNs(), PeriodChosen, ownResidentMiB());
  if (Now - LastNs < Spacing)
    return LastNs + Spacing;
  SpacingNs = Spacing;
  if (!Runtime::get().writeCheckpointFromCopy())
    return Now + RetryNs;
  LastNs = Now;
  return Now + baseSpacingNs();
}

} // namespace

bool startCheckpoints(bool Timers) noexcept {
  const support::IntegerSetting &Period = support::settings().Checkpoint;
  unsigned long Seconds = Period.value();
  PeriodChosen = Period.chosen();
  PeriodNs = Timers ? uint64_t(Seconds) * 1000000000u : 0;
  if (PeriodNs && !LockingRanges)
    findLockingCode();
  if (long Bytes = sysconf(_SC_PAGESIZE); Bytes > 0)
    PageBytes = Bytes;
  armFromNow();
  return PeriodNs != 0;
}

double checkpointSpacingSeconds() noexcept { return double(SpacingNs) * 1e-9; }

void checkpointIfDue(const void *Context) noexcept {
  uint64_t Due = NextDueNs.load(std::memory_order_relaxed);
  if (!Due)
    return;
  uint64_t Now = coarseNowNs();
  // One thread claims the checkpoint (no other sees one due meanwhile) and
  // says when the next is due.
  if (Now < Due || interruptedInLockingCode(Context) ||
      !NextDueNs.compare_exchange_strong(Due, Claimed, std::memory_order_acquire))
    return;
  NextDueNs.store(checkpointNowOrLater(Now), std::memory_order_release);
}

bool checkpointCopyWriting() noexcept {
  if (RunningCopy <= 0)
    return false;
  if (copyEnded(RunningCopy)) {
    RunningCopy = 0;
    return false;
  }
  if (coarseNowNs() - RunningSinceNs < uint64_t(ReportCopyTimeoutSeconds) * 1000000000u)
    return true;
  endCheckpointCopy();
  return false;
}

void adoptCheckpointCopy(long Copy) noexcept {
  RunningCopy = Copy > 0 ? Copy : 0;
  RunningSinceNs = coarseNowNs();
}

void endCheckpointCopy() noexcept {
  if (RunningCopy > 0)
    endCopy(RunningCopy);
  RunningCopy = 0;
}

void restartCheckpointsAfterFork() noexcept {
  RunningCopy = 0;
  armFromNow();
}

} // namespace energy::rt
