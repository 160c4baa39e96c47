//===- SampleTrigger.h - What makes a thread take its samples -------------===//
//
// A thread's samples are triggered by one of two kernel facilities, tried in
// this order (ENERGY_SAMPLE_TRIGGER chooses one):
//
//  - task-clock: a perf_event software event counting the thread's own CPU
//    time, whose overflow after each period signals the thread (F_SETOWN_EX,
//    F_SETSIG). The kernel runs it on a high-resolution timer, so a sample
//    falls exactly where the thread has run one period more, and every
//    period is drawn anew, uniform in [P/2, 3P/2): no rhythm of the program
//    can fall in step with the samples. Needs perf_event_open for the
//    thread's own software events (root, or perf_event_paranoid <= 2).
//  - cpu-timer: a POSIX timer on CLOCK_THREAD_CPUTIME_ID. The kernel checks
//    such timers only at its scheduler tick (4 ms at HZ=250), so samples
//    fall on ticks whatever the period, and a program that runs in step
//    with the tick (a loop whose iterations take a divisor of it, or a
//    thread that the scheduler resumes on ticks under load) can be seen in
//    the same phase every time: a short phase can then get no sample at
//    all. docs/runtime.md says so; the report names the trigger.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_SAMPLETRIGGER_H
#define ENERGY_RT_SAMPLETRIGGER_H

#include <csignal>
#include <cstdint>
#include <sys/types.h>

namespace energy::rt {

enum class TriggerKind : uint8_t { None, TaskClock, CpuTimer };

/// Which kinds a thread may use (ENERGY_SAMPLE_TRIGGER: auto, task-clock or
/// cpu-timer).
enum class TriggerChoice : uint8_t { Auto, TaskClockOnly, CpuTimerOnly };

/// One thread's trigger. Owned by its thread; the signal handler reads it.
struct SampleTrigger {
  TriggerKind Kind = TriggerKind::None;
  int Fd = -1;           /// task-clock: the event's descriptor
  uint64_t EventId = 0;  /// task-clock: the kernel's id of the event
  void *Timer = nullptr; /// cpu-timer: the POSIX timer
  uint64_t PeriodNs = 0; /// the mean period
  pid_t Owner = 0;       /// the thread it signals (a vfork child shares the state)
  uint64_t Random = 0;   /// task-clock with jitter: the draw's state (0: none)
  /// task-clock with jitter: the event's count when the current period
  /// started, and the CPU time counted since but not yet a whole period.
  uint64_t PeriodStartNs = 0;
  uint64_t CarriedNs = 0;
  /// The descriptor of the last task-clock event stopped: a signal it had
  /// queued may still arrive, and is the runtime's.
  int StoppedFd = -1;
};

/// Reads ENERGY_SAMPLE_TRIGGER; a value it does not know is warned about
/// and taken as auto.
TriggerChoice triggerChoiceFromEnvironment() noexcept;

/// Starts a trigger that sends the calling thread `Signal` every PeriodNs of
/// its CPU time (each period drawn anew around it when Jitter), tagged with
/// Tag; false when no allowed kind can be had.
bool startTrigger(SampleTrigger &T, TriggerChoice Choice, int Signal, void *Tag, uint64_t PeriodNs,
                  bool Jitter) noexcept;

/// Whether a signal the handler received is the runtime's: a timer's
/// tagged Tag, or the calling thread's event's (T, null when the thread has
/// no state), running or stopped.
bool isTriggerSignal(const SampleTrigger *T, const siginfo_t *Info, const void *Tag) noexcept;

/// In the handler, after T's signal: the periods this signal stands for
/// (a timer's one plus its overruns; an event's CPU time since the last
/// signal, in whole mean periods, the rest carried to the next), and the
/// next period drawn. May be 0.
uint64_t takeTriggerPeriods(SampleTrigger &T) noexcept;

/// Stops and frees the calling thread's trigger.
void stopTrigger(SampleTrigger &T) noexcept;

/// Whether T signals the calling thread: not in a vfork child, which runs
/// on its parent's thread state.
bool triggerIsCallers(const SampleTrigger &T) noexcept;

/// After stopTrigger, with Signal blocked: takes the signals T had queued
/// for the calling thread and still pending, and queues again any other
/// signal of that number (the program's), so that none of the runtime's
/// outlives it (exec keeps pending signals, and resets their handlers).
void takeQueuedTriggerSignals(const SampleTrigger &T, int Signal, const void *Tag) noexcept;

/// In a fork child: the parent's trigger is not the child's (a timer is not
/// inherited; an event's descriptor is, still attached to the parent's
/// thread). Lets go of it without touching the parent's.
void forgetInheritedTrigger(SampleTrigger &T) noexcept;

/// The kinds of trigger the process's threads got, for the report:
/// "task-clock", "cpu-timer", "task-clock and cpu-timer", or "none".
const char *triggerKindsUsed() noexcept;

} // namespace energy::rt

#endif
