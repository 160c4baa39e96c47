//===- SampleTrigger.cpp - task-clock events and CPU-time timers ----------===//
#include "SampleTrigger.h"

#include "meters/PerfSys.h"
#include "support/Settings.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace energy::rt {

namespace {

std::atomic<uint32_t> TaskClockThreads{0};
std::atomic<uint32_t> CpuTimerThreads{0};

/// A draw of the next period, uniform in [Mean/2, 3·Mean/2): xorshift64,
/// seeded per thread, so that the handler needs no lock and no call.
uint64_t drawPeriod(SampleTrigger &T) noexcept {
  uint64_t X = T.Random;
  X ^= X << 13;
  X ^= X >> 7;
  X ^= X << 17;
  T.Random = X;
  return T.PeriodNs / 2 + X % (T.PeriodNs | 1);
}

uint64_t seedFor(pid_t Tid) noexcept {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  uint64_t Seed = uint64_t(Now.tv_nsec) * 0x9E3779B97F4A7C15ull ^ uint64_t(Tid) << 32;
  return Seed ? Seed : 0x2545F4914F6CDD1Dull;
}

/// The lowest descriptors are the ones a program sees and counts on (the
/// next open() returning 3, a loop closing 3 to 20 before exec): the
/// event's moves to the upper half of the soft limit where there is room.
int outOfTheProgramsWay(int Fd) noexcept {
  rlimit Limit;
  if (getrlimit(RLIMIT_NOFILE, &Limit) != 0 || Limit.rlim_cur == RLIM_INFINITY ||
      Limit.rlim_cur < 64)
    return Fd;
  int Moved = fcntl(Fd, F_DUPFD_CLOEXEC, int(Limit.rlim_cur / 2));
  if (Moved < 0)
    return Fd;
  close(Fd);
  return Moved;
}

/// The thread's task-clock event, signalling it with `Signal` at each
/// overflow; -1 when the kernel refuses.
int openTaskClock(int Signal, uint64_t FirstPeriodNs) noexcept {
  perf_event_attr Attr = {};
  Attr.size = sizeof(Attr);
  Attr.type = PERF_TYPE_SOFTWARE;
  Attr.config = PERF_COUNT_SW_TASK_CLOCK;
  Attr.sample_period = FirstPeriodNs;
  Attr.disabled = 1;
  meters::PerfSys &Sys = meters::linuxPerfSys();
  int Fd = Sys.open(Attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (Fd < 0)
    return -1;
  Fd = outOfTheProgramsWay(Fd);
  f_owner_ex Owner = {F_OWNER_TID, gettid()};
  if (fcntl(Fd, F_SETOWN_EX, &Owner) != 0 || fcntl(Fd, F_SETSIG, Signal) != 0 ||
      fcntl(Fd, F_SETFL, fcntl(Fd, F_GETFL) | O_ASYNC) != 0 ||
      Sys.ioctl(Fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
    Sys.close(Fd);
    return -1;
  }
  return Fd;
}

/// The kernel's id of the event behind Fd, 0 when Fd is no perf event.
uint64_t eventId(int Fd) noexcept {
  uint64_t Id = 0;
  if (meters::linuxPerfSys().ioctl(Fd, PERF_EVENT_IOC_ID, reinterpret_cast<unsigned long>(&Id)) !=
      0)
    return 0;
  return Id;
}

bool startTaskClock(SampleTrigger &T, int Signal, uint64_t PeriodNs, bool Jitter) noexcept {
  T.PeriodNs = PeriodNs;
  T.Random = Jitter ? seedFor(gettid()) : 0;
  int Fd = openTaskClock(Signal, T.Random ? drawPeriod(T) : PeriodNs);
  if (Fd < 0)
    return false;
  T.EventId = eventId(Fd);
  if (!T.EventId) {
    meters::linuxPerfSys().close(Fd);
    return false;
  }
  T.Fd = Fd;
  T.Kind = TriggerKind::TaskClock;
  TaskClockThreads.fetch_add(1, std::memory_order_relaxed);
  return true;
}

bool startCpuTimer(SampleTrigger &T, int Signal, void *Tag, uint64_t PeriodNs) noexcept {
  sigevent Event = {};
  Event.sigev_notify = SIGEV_THREAD_ID;
  Event.sigev_signo = Signal;
  Event.sigev_value.sival_ptr = Tag;
  Event._sigev_un._tid = gettid();
  timer_t Timer;
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &Event, &Timer) != 0)
    return false;
  itimerspec Period = {};
  Period.it_interval.tv_sec = time_t(PeriodNs / 1000000000u);
  Period.it_interval.tv_nsec = long(PeriodNs % 1000000000u);
  Period.it_value = Period.it_interval;
  if (timer_settime(Timer, 0, &Period, nullptr) != 0) {
    timer_delete(Timer);
    return false;
  }
  T.Timer = Timer;
  T.PeriodNs = PeriodNs;
  T.Kind = TriggerKind::CpuTimer;
  CpuTimerThreads.fetch_add(1, std::memory_order_relaxed);
  return true;
}

/// A new period restarts the event's timer from the ioctl: the CPU time
/// between the overflow and the ioctl (the signal's delivery, the handler)
/// belongs to no period, 3% of it at 1000 Hz here. So a jittered signal
/// stands for the CPU time the event counted since the last one, in whole
/// mean periods, the remainder carried: the periods' sum stays the thread's
/// CPU time.
uint64_t takeCountedPeriods(SampleTrigger &T) noexcept {
  uint64_t Count = 0;
  if (meters::linuxPerfSys().read(T.Fd, &Count, sizeof(Count)) != long(sizeof(Count)))
    return 1;
  uint64_t Elapsed = T.CarriedNs + (Count - T.PeriodStartNs);
  T.PeriodStartNs = Count;
  T.CarriedNs = Elapsed % T.PeriodNs;
  return Elapsed / T.PeriodNs;
}

} // namespace

TriggerChoice triggerChoiceFromEnvironment() noexcept {
  // In the order of the table's words: auto, task-clock, cpu-timer.
  constexpr TriggerChoice Choices[] = {TriggerChoice::Auto, TriggerChoice::TaskClockOnly,
                                       TriggerChoice::CpuTimerOnly};
  return Choices[support::settings().SampleTrigger.index()];
}

bool startTrigger(SampleTrigger &T, TriggerChoice Choice, int Signal, void *Tag, uint64_t PeriodNs,
                  bool Jitter) noexcept {
  T.Owner = gettid();
  if (Choice != TriggerChoice::CpuTimerOnly && startTaskClock(T, Signal, PeriodNs, Jitter))
    return true;
  return Choice != TriggerChoice::TaskClockOnly && startCpuTimer(T, Signal, Tag, PeriodNs);
}

bool triggerIsCallers(const SampleTrigger &T) noexcept {
  return T.Kind != TriggerKind::None && T.Owner == gettid();
}

void takeQueuedTriggerSignals(const SampleTrigger &T, int Signal, const void *Tag) noexcept {
  sigset_t Only;
  sigemptyset(&Only);
  sigaddset(&Only, Signal);
  const timespec DoNotWait = {0, 0};
  // The program's signals are put back once all are taken; a bound keeps
  // this allocation-free, and the program would not queue more than a few.
  constexpr int MaxKept = 16;
  siginfo_t Kept[MaxKept];
  int NumKept = 0;
  siginfo_t Info;
  while (sigtimedwait(&Only, &Info, &DoNotWait) == Signal)
    if (!isTriggerSignal(&T, &Info, Tag) && NumKept < MaxKept)
      Kept[NumKept++] = Info;
  for (int I = 0; I < NumKept; ++I)
    syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), Signal, &Kept[I]);
}

bool isTriggerSignal(const SampleTrigger *T, const siginfo_t *Info, const void *Tag) noexcept {
  if (Info->si_code == SI_TIMER)
    return Info->si_value.sival_ptr == Tag;
  return Info->si_code == POLL_IN && T &&
         ((T->Kind == TriggerKind::TaskClock && Info->si_fd == T->Fd) ||
          Info->si_fd == T->StoppedFd);
}

uint64_t takeTriggerPeriods(SampleTrigger &T) noexcept {
  if (T.Kind == TriggerKind::CpuTimer) {
    int Overruns = timer_getoverrun(static_cast<timer_t>(T.Timer));
    return 1 + uint64_t(Overruns > 0 ? Overruns : 0);
  }
  if (!T.Random)
    return 1;
  meters::PerfSys &Sys = meters::linuxPerfSys();
  uint64_t Next = drawPeriod(T);
  Sys.ioctl(T.Fd, PERF_EVENT_IOC_PERIOD, reinterpret_cast<unsigned long>(&Next));
  return takeCountedPeriods(T);
}

void stopTrigger(SampleTrigger &T) noexcept {
  int Stopped = T.StoppedFd;
  if (T.Kind == TriggerKind::TaskClock) {
    // A program that closed every descriptor (a daemon, a spawner) may have
    // reused the number for a file of its own, which is not ours to close.
    if (eventId(T.Fd) == T.EventId) {
      // A copy of the process (a checkpoint's) may hold the descriptor too
      // and keep the event alive past this close, with an overflow's signal
      // still to be sent (the kernel sends it from deferred work): without
      // O_ASYNC it has no one to signal, and disabled it counts no more.
      fcntl(T.Fd, F_SETFL, fcntl(T.Fd, F_GETFL) & ~O_ASYNC);
      meters::linuxPerfSys().ioctl(T.Fd, PERF_EVENT_IOC_DISABLE, 0);
      meters::linuxPerfSys().close(T.Fd);
    }
    Stopped = T.Fd;
  } else if (T.Kind == TriggerKind::CpuTimer) {
    timer_delete(static_cast<timer_t>(T.Timer));
  }
  T = SampleTrigger{};
  T.StoppedFd = Stopped;
}

void forgetInheritedTrigger(SampleTrigger &T) noexcept {
  // Closing the child's copy of the descriptor leaves the parent's event
  // as it was; a disable or a period set through it would not.
  if (T.Kind == TriggerKind::TaskClock)
    close(T.Fd);
  T = SampleTrigger{};
}

const char *triggerKindsUsed() noexcept {
  bool TaskClock = TaskClockThreads.load(std::memory_order_relaxed) > 0;
  bool CpuTimer = CpuTimerThreads.load(std::memory_order_relaxed) > 0;
  if (TaskClock && CpuTimer)
    return "task-clock and cpu-timer";
  return TaskClock ? "task-clock" : CpuTimer ? "cpu-timer" : "none";
}

} // namespace energy::rt
