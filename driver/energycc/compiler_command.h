//===- compiler_command.h - The clang command energycc runs ---------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_COMPILER_COMMAND_H
#define ENERGY_DRIVER_ENERGYCC_COMPILER_COMMAND_H

#include "install_layout.h"
#include "invocation.h"
#include "wrapper_options.h"

#include <string>
#include <vector>

namespace energy::cc {

/// The user's clang arguments, unchanged and first, followed by what
/// EnergyPass needs: the plugin (and, when an -energy-* pass option is set,
/// the plugin loaded early so clang knows the option) and the include
/// directory when compiling sources; the runtime when linking, and the MPI
/// layer (Layout.mpiLayer, unless empty) before an MPI library. Invocations
/// without inputs (clang -v, -print-*, -dumpversion) get nothing added.
std::vector<std::string> compilerCommand(const std::string &Compiler, const WrapperOptions &Options,
                                         const Invocation &Inv, const InstallLayout &Layout);

/// What a compilation of sources needs: the plugin (loaded early when pass
/// options are set) and the include directory.
std::vector<std::string> pluginFlags(const WrapperOptions &Options, const Invocation &Inv,
                                     const InstallLayout &Layout);

/// What a link needs: the runtime.
std::vector<std::string> runtimeLinkFlags(const InstallLayout &Layout);

/// The command as a shell would need it quoted, for --energy-print-command.
std::string shellQuoted(const std::vector<std::string> &Command);

} // namespace energy::cc

#endif
