//===- SignalChain.h - The program's actions as the kernel reads them -----===//
//
// The runtime calls a handler of the program's from its own (the dump
// signal's, SignalEndings.cpp) and must read the program's actions as the
// kernel does, whatever the program put in the flags beside them.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_SIGNALCHAIN_H
#define ENERGY_RT_SIGNALCHAIN_H

#include <csignal>

namespace energy::rt {

/// As the kernel reads an action: by its handler alone, whatever SA_SIGINFO
/// says (sa_handler and sa_sigaction share their storage).
inline bool isDefaultAction(const struct sigaction &Action) { return Action.sa_handler == SIG_DFL; }

/// Whether delivering the signal runs a function of the program's.
inline bool callsHandler(const struct sigaction &Action) {
  return Action.sa_handler != SIG_DFL && Action.sa_handler != SIG_IGN;
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
