//===- ChildCalls.h - What Run and HeldChild both do to a child -*- C++ -*-===//
#ifndef ENERGY_PROCESS_CHILDCALLS_H
#define ENERGY_PROCESS_CHILDCALLS_H

#include "process/Run.h"

#include <sys/resource.h>
#include <sys/types.h>

namespace energy::process {

/// The NULL-terminated argv of `Cmd`, pointing into its strings.
std::vector<char *> argvOf(const Command &Cmd);

/// wait4(2) on `Pid`, again after each signal that interrupts it: the
/// child's wait status, or -1 with errno set.
int waitFor(pid_t Pid, rusage *Usage);

} // namespace energy::process

#endif
