//===- Checkpoint.cpp - When a checkpoint is due, and its copy ------------===//
#include "Checkpoint.h"

#include "Runtime.h"
#include "SignalEndings.h"

#include "support/Environment.h"

#include <atomic>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <link.h>
#include <ucontext.h>

namespace energy::rt {
namespace {

/// A day: longer periods are as good as none.
constexpr unsigned long MaxCheckpointSeconds = 86400;
/// When the runtime's lock was busy (another thread's attach, a snapshot),
/// the next sample a little later tries again.
constexpr uint64_t RetryNs = 10000000;

uint64_t PeriodSeconds = 0;
/// Coarse monotonic time at which the next checkpoint is due; 0: never.
std::atomic<uint64_t> NextDueNs{0};

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

bool isLockingObject(const dl_phdr_info &Object) {
  Dl_info Runtime;
  if (dladdr(reinterpret_cast<const void *>(&startCheckpoints), &Runtime) &&
      reinterpret_cast<uintptr_t>(Runtime.dli_fbase) == Object.dlpi_addr && Object.dlpi_addr)
    return true;
  const char *Name = Object.dlpi_name ? std::strrchr(Object.dlpi_name, '/') : nullptr;
  Name = Name ? Name + 1 : Object.dlpi_name;
  return Name && (std::strncmp(Name, "libc.so", 7) == 0 || std::strncmp(Name, "ld-linux", 8) == 0);
}

int noteLockingCode(dl_phdr_info *Object, size_t, void *) {
  if (!isLockingObject(*Object))
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

void armFromNow() noexcept {
  NextDueNs.store(PeriodSeconds ? coarseNowNs() + PeriodSeconds * 1000000000u : 0,
                  std::memory_order_relaxed);
}

} // namespace

void startCheckpoints(bool Sampling) noexcept {
  unsigned long Seconds = support::integerSetting("ENERGY_CHECKPOINT", 0, MaxCheckpointSeconds,
                                                  DefaultCheckpointSeconds);
  PeriodSeconds = Sampling ? Seconds : 0;
  if (PeriodSeconds && !LockingRanges)
    dl_iterate_phdr(noteLockingCode, nullptr);
  armFromNow();
}

uint64_t checkpointPeriodSeconds() noexcept { return PeriodSeconds; }

void checkpointIfDue(const void *Context) noexcept {
  uint64_t Due = NextDueNs.load(std::memory_order_relaxed);
  if (!Due)
    return;
  uint64_t Now = coarseNowNs();
  // One thread claims the checkpoint; the others see it due later.
  if (Now < Due || interruptedInLockingCode(Context) ||
      !NextDueNs.compare_exchange_strong(Due, Now + RetryNs, std::memory_order_relaxed))
    return;
  bool Decided = Runtime::get().writeCheckpointFromCopy();
  if (Decided)
    NextDueNs.store(Now + PeriodSeconds * 1000000000u, std::memory_order_relaxed);
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
