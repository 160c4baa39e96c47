//===- SignalEndings.h - Reports when a signal ends the run, and snapshots ===//
//
// Without this, a program stopped by SIGTERM (timeout, a service manager, a
// batch scheduler), SIGINT (Ctrl-C), SIGHUP or SIGXCPU, or one that crashes,
// ends without running its exit handlers: no report. The runtime therefore
// takes those signals that the program left at their default action when
// the runtime starts, writes the report, and then ends the process by the
// same signal with the default action, so that its exit status, its core
// dump and what its parent sees are as without EnergyPass. A signal the
// program handled before the runtime started is left to the program's
// handler: the runtime never replaces one. It exports sigaction and signal
// so that the program sees its own view of those it took (the default). A
// handler the program installs later for an ending signal is chained
// (SignalChain.h): the runtime's handler stays in the kernel, with the
// program's mask and flags, writes a snapshot and calls the program's, so a
// handler that ends with _exit() still leaves the counts up to the signal.
// Ignoring the signal, or a crash's handler, takes the signal from the
// runtime, and setting the default again (a cleanup handler about to raise
// the signal once more) gives it back (docs/runtime.md, "Process end").
//
// The report is not written in the signal handler, where almost nothing is
// safe to call, nor by a thread of the runtime's, which would make every
// measured program multi-threaded for good (glibc's single-threaded fast
// paths lost; unshare(CLONE_NEWUSER) refused). The handler makes a copy of
// the process (clone without SIGCHLD, so the program's wait() never sees it)
// and waits for it, at most ReportCopyTimeoutSeconds: the copy, frozen at
// that instant, merges every thread's figures and writes the report as the
// exit handler would, then _exits. A copy that crashes or hangs (the signal
// interrupted the allocator of the thread it copies) costs the report, never
// the program. energy_dump() and the signal ENERGY_DUMP_SIGNAL names take a
// snapshot the same way, and the program goes on.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_SIGNALENDINGS_H
#define ENERGY_RT_SIGNALENDINGS_H

#include <string>

namespace energy::rt {

/// SIGTERM, SIGUSR2, SIGRTMIN+3: the name a report gives a signal. Allocates:
/// for the copy, not for a handler.
std::string signalName(int Signal);

/// The longest a signal handler or energy_dump() waits for the copy.
inline constexpr unsigned ReportCopyTimeoutSeconds = 10;

/// Installs the handlers of the ending and crash signals left at their
/// default (none with ENERGY_SIGNAL_REPORTS=0) and of ENERGY_DUMP_SIGNAL.
/// Once, from the Runtime's initialisation.
void installSignalEndings() noexcept;

/// Runs `Body(Arg)` in a copy of the calling process, of which only the
/// calling thread exists, and waits for it to end; true when Body returned
/// 0. The copy runs no exit handler and no atfork handler, blocks every
/// signal, dumps no core, and dies with the calling thread. Async-signal-safe
/// on the caller's side.
bool runInCopy(int (*Body)(void *), void *Arg) noexcept;

/// The same copy, left to run on its own: its pid, or -1 when clone was
/// refused. Reap it with copyEnded() or endCopy(). Async-signal-safe.
long startCopy(int (*Body)(void *), void *Arg) noexcept;
/// Whether the copy has ended (then it is reaped); never waits.
bool copyEnded(long Copy) noexcept;
/// Kills the copy if it still runs and reaps it: nothing it does can happen
/// after this returns. Async-signal-safe.
void endCopy(long Copy) noexcept;

} // namespace energy::rt

#endif
