//===- Checkpoint.h - Reports that survive SIGKILL, _exit and the OOM killer ===//
//
// Nothing of the runtime runs when a process is killed (SIGKILL, the OOM
// killer), calls _exit(), or when the copy that writes a crash's report
// cannot finish. LLVM's continuous mode keeps its counters in a file
// mapping; here the counters are the modules' thread_local arrays and the
// regions' per-thread records, which instrumented code updates with plain
// stores, so mapping them onto a file would change the hot path. Instead,
// every ENERGY_CHECKPOINT seconds of wall time (default
// DefaultCheckpointSeconds, longer for a large process; 0: never) the
// sampling handler of whichever
// thread runs then has a copy of the process (SignalEndings.h) write a
// complete report of the run so far, marked as a checkpoint, into the very
// file the final report goes to: the final report, and every snapshot,
// supersede it by renaming over it, and a process that dies without one
// leaves the last checkpoint, which the tools read as any report. The copy
// is not waited for: the program's thread pays for the clone only, and a
// copy that hangs costs one checkpoint, never the program
// (docs/runtime.md, "Checkpoints").
//
// The checkpoints ride on the sampling timers because those are the only
// runtime code that runs periodically without a thread of the runtime's:
// a timer of their own on wall time would interrupt threads that wait
// (poll, nanosleep return EINTR), and a thread would make every program
// multi-threaded for good. A process timed exactly gets the same timers, on
// each thread's CPU time, at CheckpointTimerNs, only for its checkpoints.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CHECKPOINT_H
#define ENERGY_RT_CHECKPOINT_H

#include <cstdint>

namespace energy::rt {

/// Ten seconds: a checkpoint of a process of a few MiB costs its program
/// under a millisecond (the clone of its page tables, and the copy-on-write
/// faults after it; bench/README.md, "Checkpoints"), under 0.01% of the
/// period, and a killed run loses at most its last ten seconds. Larger
/// processes get longer periods (CheckpointSpacing.h) unless
/// ENERGY_CHECKPOINT chose one.
inline constexpr unsigned long DefaultCheckpointSeconds = 10;

/// How often a process timed exactly, which samples nothing, looks whether a
/// checkpoint is due: every 100 ms of each thread's CPU time, a signal of a
/// few microseconds (under 0.005%).
inline constexpr uint64_t CheckpointTimerNs = 100000000;

/// Reads ENERGY_CHECKPOINT (one line on stderr and the default when it is
/// not a number of seconds) and, when `Timers` (threads have timers to take
/// them with), arms the first checkpoint one period from now; whether
/// checkpoints are taken. Once, at initialisation.
bool startCheckpoints(bool Timers) noexcept;

/// The seconds between the checkpoint being written and the one before it
/// (or the start): ENERGY_CHECKPOINT's, or the default stretched for a
/// large process (CheckpointSpacing.h).
double checkpointSpacingSeconds() noexcept;

/// From the sampling handler, with the interrupted thread's context: has a
/// checkpoint written when one is due. Not while the thread was inside the
/// C library, the dynamic loader or the runtime, whose locks (malloc's,
/// stdio's) it may hold: the copy, which has only that thread, would wait
/// for them forever; a later sample takes the checkpoint instead.
/// Async-signal-safe; costs one coarse clock read when none is due.
void checkpointIfDue(const void *Context) noexcept;

/// Under the Runtime's lock, before a copy for a checkpoint is made:
/// whether the previous checkpoint's copy is still writing (it is killed
/// once it has run ReportCopyTimeoutSeconds, and reaped once it ends).
bool checkpointCopyWriting() noexcept;
/// Under the Runtime's lock: the copy just started for a checkpoint (-1:
/// none could be made).
void adoptCheckpointCopy(long Copy) noexcept;
/// Under the Runtime's lock, before any other report or snapshot is written:
/// ends the checkpoint's copy if it still runs, so that it cannot replace
/// what is written next. Async-signal-safe.
void endCheckpointCopy() noexcept;

/// Fork child: its own checkpoints, a period from the fork; the parent's
/// copy is the parent's.
void restartCheckpointsAfterFork() noexcept;

} // namespace energy::rt

#endif
