//===- RegionSampling.h - Region times from samples of the region stack ---===//
//
// Sampled timing (the default, energy_timing in abi.h): instrumented code
// keeps each thread's stack of open regions in ENERGY_REGION_STACK with a few
// inline stores and never reads a clock. Every thread the runtime attaches
// gets a trigger (SampleTrigger.h: a perf task-clock event, else a POSIX
// timer on its CPU-time clock) that sends it a real-time signal
// (sampleSignal()) every period of CPU time it runs; the handler reads the
// thread's stack and credits one sample (or the periods it stands for) to
// the innermost region's self time, to the inclusive time of every distinct
// region on the stack, and to the call path, in the thread's own
// RegionStats and CallPaths. When the interrupted program counter is in an
// unmarked function (too small for a push, energy_module.region_functions),
// that function's region counts as open on top of the stack. A thread that
// waits consumes no CPU time and takes no samples: sampled times are CPU
// time, and their sum over regions and "outside any region" is the sampled
// threads' CPU time.
//
// A sample of n periods estimates a time to within about sqrt(n) periods
// (one standard deviation, Poisson counting); the report states it per
// region. The rate is ENERGY_SAMPLE_HZ (default 1000 Hz: 1 ms of CPU time),
// docs/runtime.md says why.
//
// Why a real-time signal and not SIGPROF: a standard signal that is already
// pending absorbs another one of its number, so a program's own SIGPROF
// (its profiler's timer, a kill) could be lost to the runtime's pending one;
// real-time signals queue, and this one is the program's only if it asks
// for it. Signals of that number that are not the runtime's timer's go to
// the handler the program had installed before, or take the default action
// they would have taken.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_REGIONSAMPLING_H
#define ENERGY_RT_REGIONSAMPLING_H

#include "energy/abi.h"

#include <csignal>
#include <cstdint>

namespace energy::rt {

class ModuleRecord;
class ThreadState;

/// The signal the sampling timers send: SIGRTMAX - 3, clear of glibc's
/// (the lowest real-time numbers) and of programs that count up from
/// SIGRTMIN.
int sampleSignal() noexcept;

/// Reads ENERGY_SAMPLE_HZ (0 turns sampling off) and installs the handler;
/// false when sampling is off or the handler cannot be installed (the
/// report says which). Call once, under the Runtime's lock.
bool startRegionSampling() noexcept;
/// In a process timed exactly, which samples nothing: installs the handler
/// so that every thread attached from now on gets a timer of `PeriodNs` of
/// its CPU time whose signals only take checkpoints (Checkpoint.h). Call
/// once, under the Runtime's lock; false when the handler cannot be
/// installed.
bool startCheckpointTimers(uint64_t PeriodNs) noexcept;

/// The sampling period in nanoseconds of CPU time (0: not sampling); the
/// checkpoint timers' period in a process timed exactly.
uint64_t samplePeriodNs() noexcept;
/// Why sampling is off, or null.
const char *samplingProblem() noexcept;

/// Publishes a module's region table, and the extents of its unmarked
/// functions (FunctionExtents.h), for the handler's address lookups; false
/// when the table of modules is full. Under the Runtime's lock.
bool addSampledModule(ModuleRecord &Rec, const energy_module &Desc) noexcept;
/// Forgets the module's table (it is being unloaded).
void removeSampledModule(const ModuleRecord &Rec) noexcept;

/// Gives the calling thread its own region stack (keeping what it had
/// pushed so far) and starts its timer. T is the calling thread's state.
bool attachSampledThread(ThreadState &T) noexcept;
/// Stops the calling thread's timer and hands its stack back (it is about
/// to be freed; later pushes go to slots nobody samples).
void detachSampledThread(ThreadState &T) noexcept;
/// Starts the calling thread's timer (also in a fork child, where timers
/// are not inherited); false when the kernel refuses one.
bool startThreadTimer(ThreadState &T) noexcept;
/// Fork child: the calling thread's timer again.
void restartThreadTimerAfterFork(ThreadState &T) noexcept;
/// Stops and deletes the calling thread's timer; the handler ignores the
/// thread from then on. Adds the CPU time it ran since its timer started to
/// its Diag.SampledCpuNs.
void stopThreadTimer(ThreadState &T) noexcept;
/// Before the calling thread execs: stops its timer and takes the signals
/// it had queued, so that none reaches the new program; false (nothing
/// done) when the thread has no timer of its own. startThreadTimer gives
/// it back when exec fails.
bool stopThreadTimerForExec(ThreadState &T) noexcept;
/// In a copy of the process (SignalEndings.h), which has no timers: marks
/// the calling thread's timer stopped and adds the CPU time it ran until
/// the copy was made (`CpuNsAtCopy`, its CPU clock read then).
void stopThreadTimerInCopy(ThreadState &T, uint64_t CpuNsAtCopy) noexcept;
/// The CPU time T (another thread, still running) has run since its timer
/// started; 0 once its timer stopped.
uint64_t runningTimerCpuNs(const ThreadState &T) noexcept;
/// The same up to the moment T's CPU clock read CpuNs.
uint64_t timerCpuNsUntil(const ThreadState &T, uint64_t CpuNs) noexcept;
/// The memory of a thread's own stack slots, for freeing them.
void freeSampledSlots(ThreadState &T) noexcept;

/// The report id of the calling thread's innermost open region, read from
/// its region stack, or NoRegionOnTop.
uint32_t innermostSampledRegion() noexcept;
/// The same from another thread's stack (ThreadState::RegionStack), which
/// may change meanwhile: a push caught half-way reads as the region below
/// it or a stale one, never as memory that is not a region.
uint32_t innermostSampledRegion(const energy_region_stack &Stack) noexcept;

/// Credits one sample of Weight periods to what the calling thread's region
/// stack holds and, when the interrupted program counter Pc is in an
/// unmarked function, to that function's region on top of it (the
/// handler's work; public for unit tests).
void recordSample(ThreadState &T, const energy_region_stack &Stack, uint64_t Weight,
                  uintptr_t Pc = 0) noexcept;

/// A region entered or left through the exact entry points in a process
/// whose timing is sampled: the same pushes the pass inlines.
void pushSampledRegion(const energy_region *Entry) noexcept;
void popSampledRegion(const energy_region *Entry) noexcept;

} // namespace energy::rt

extern "C" {
/// The calling thread's stack of open regions (abi.h).
extern thread_local energy_region_stack __energy_region_stack
    __attribute__((tls_model("initial-exec")));
}

#endif
