//===- SignalChain.h - The program's handler behind the runtime's ---------===//
//
// When the program installs a handler for an ending signal the runtime took
// (SignalEndings.cpp), the runtime's handler stays in the kernel and calls
// the program's after a snapshot: the program keeps what it asked for
// (mask, flags, arguments), and a handler that ends with _exit() still
// leaves the counts up to the signal. These are the rules that make the
// kernel's action for the runtime's handler behave, for the program, as the
// program's own would (docs/runtime.md, "Process end").
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_SIGNALCHAIN_H
#define ENERGY_RT_SIGNALCHAIN_H

#include <csignal>

namespace energy::rt {

using SignalHandler = void (*)(int, siginfo_t *, void *);

/// As the kernel reads an action: by its handler alone, whatever SA_SIGINFO
/// says (sa_handler and sa_sigaction share their storage).
inline bool isDefaultAction(const struct sigaction &Action) { return Action.sa_handler == SIG_DFL; }

/// Whether delivering the signal runs a function of the program's.
inline bool callsHandler(const struct sigaction &Action) {
  return Action.sa_handler != SIG_DFL && Action.sa_handler != SIG_IGN;
}

/// The kernel's action that runs `Trampoline` in place of the program's
/// handler: the program's mask and flags, so that what is blocked meanwhile,
/// restarted afterwards and on which stack it runs are as the program asked.
/// SA_SIGINFO always, for the trampoline's own arguments; SA_RESETHAND never:
/// the kernel would put back the default action, without the runtime's
/// handler, so the trampoline consumes it itself (afterDelivery).
inline struct sigaction chainingAction(const struct sigaction &Program, SignalHandler Trampoline) {
  struct sigaction Action = Program;
  Action.sa_sigaction = Trampoline;
  Action.sa_flags = (Program.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
  return Action;
}

/// What the program's action becomes once a delivery has run its handler:
/// unchanged, or the default when it asked for SA_RESETHAND. As Linux does,
/// only the handler changes: the flags and mask read back as they were set.
inline struct sigaction afterDelivery(struct sigaction Program) {
  if (Program.sa_flags & SA_RESETHAND)
    Program.sa_handler = SIG_DFL;
  return Program;
}

/// Calls the program's handler with the arguments its flags ask for; nothing
/// for the default or an ignored signal.
inline void callProgramHandler(const struct sigaction &Program, int Signal, siginfo_t *Info,
                               void *Context) {
  if (!callsHandler(Program))
    return;
  if (Program.sa_flags & SA_SIGINFO)
    Program.sa_sigaction(Signal, Info, Context);
  else
    Program.sa_handler(Signal);
}

} // namespace energy::rt

#endif
