//===- Environment.h - The one door to the runtime's ENERGY_* settings ----===//
//
// libenergyrt runs inside other people's programs with their rights. In a
// process the kernel starts in secure mode (AT_SECURE: set-user-ID,
// set-group-ID, file capabilities) the environment belongs to whoever ran it,
// not to the program's owner, so no setting may come from it. Every variable
// the runtime (and the meters and model code it links) reads goes through
// setting() so that this holds everywhere at once: its own ENERGY_* settings
// as the one table of Settings.h, the others (HOME, the launchers') here.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_ENVIRONMENT_H
#define ENERGY_SUPPORT_ENVIRONMENT_H

#include <string>
#include <vector>

namespace energy::support {

/// Whether the kernel marked this process AT_SECURE. Thread-safe.
bool secureProcess();

/// The environment variable `Name` as getenv returns it (possibly empty), or
/// nullptr when unset or when the process is secure. Thread-safe as getenv.
const char *setting(const char *Name);

/// The names of the ENERGY_* variables in `Environ` (a null-terminated
/// array of NAME=VALUE strings), sorted and without repeats.
std::vector<std::string> energyVariables(const char *const *Environ);

/// The ENERGY_* variables of this process's environment that setting()
/// withholds: all of them in a secure process, none otherwise.
std::vector<std::string> ignoredSettings();

} // namespace energy::support

#endif
