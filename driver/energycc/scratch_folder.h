//===- scratch_folder.h - Where a multi-step build keeps its files --------===//
//
// CUDA builds for the emulator run several commands (rewrite, compile, link)
// whose intermediate files live in a folder of their own, removed afterwards.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_SCRATCH_FOLDER_H
#define ENERGY_DRIVER_ENERGYCC_SCRATCH_FOLDER_H

#include <optional>
#include <string>

namespace energy::cc {

/// A new empty folder under $TMPDIR (or /tmp); nullopt with `Why` set when
/// none can be made.
std::optional<std::string> makeScratchFolder(const std::string &Prefix, std::string &Why);

} // namespace energy::cc

#endif
