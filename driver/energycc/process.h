//===- process.h - Running the commands of a multi-step build -------------===//
//
// Most energycc invocations exec() clang; CUDA builds for the emulator run
// several commands (rewrite, compile, link) and must clean up after them, so
// they wait for each one here instead.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_PROCESS_H
#define ENERGY_DRIVER_ENERGYCC_PROCESS_H

#include <optional>
#include <string>
#include <vector>

namespace energy::cc {

/// Runs `Command` (argv[0] looked up in PATH) and waits for it. Returns its
/// exit status (128 + the signal's number when a signal ended it), or
/// nullopt with `Why` set when it could not be started.
std::optional<int> runAndWait(const std::vector<std::string> &Command,
                              std::string &Why);

/// A new empty folder under $TMPDIR (or /tmp); nullopt with `Why` set when
/// none can be made.
std::optional<std::string> makeScratchFolder(const std::string &Prefix,
                                             std::string &Why);

} // namespace energy::cc

#endif
