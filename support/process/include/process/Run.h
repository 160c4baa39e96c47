//===- process/Run.h - Running a program in place or to its end --*- C++ -*-===//
//
// A command is its words; the first is looked up in PATH. execute() becomes
// the program (energycc running clang: exit status, output and signals are
// then the compiler's own); runAndWait() runs it to its end, for tools that
// run several programs in turn.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_PROCESS_RUN_H
#define ENERGY_PROCESS_RUN_H

#include <optional>
#include <string>
#include <vector>

namespace energy::process {

using Command = std::vector<std::string>;

/// Replaces this process with `Cmd`. Returns only when that fails, with the
/// errno of the failed exec.
[[nodiscard]] int execute(const Command &Cmd);

/// Runs `Cmd` and waits for it, through signals that interrupt the wait.
/// Returns its shellExitStatus(), or nullopt with `Why` set (one line, as
/// execFailureMessage() words it) when it could not be started.
std::optional<int> runAndWait(const Command &Cmd, std::string &Why);

} // namespace energy::process

#endif
