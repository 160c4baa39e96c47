//===- cuda_build.h - The clang commands energyc++ runs for CUDA ----------===//
//
// A CUDA source (.cu, or any file after -x cuda) is built one of two ways,
// through the flow of cuda/toolkit-compat/cuda_flow.h (docs/cuda.md):
//   - for the GPU: one clang command compiles host (x86_64) and device
//     (sm_90 by default) code, with the plugin on both sides, against the
//     toolkit or, for a toolkit newer than clang 19 knows (CUDA 13),
//     EnergyPass's overlay of it; links add libcudart;
//   - with --cuda-emulate: each CUDA source is rewritten to C++ and compiled
//     with the CPU emulator's headers; links add the emulator and the
//     collector of per-thread block counts (cuda/device/).
// Link steps of CUDA objects are told apart from plain ones by
// --cuda-emulate, --cuda-gpu-arch= or --cuda-path=.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_CUDA_BUILD_H
#define ENERGY_DRIVER_ENERGYCC_CUDA_BUILD_H

#include "install_layout.h"
#include "invocation.h"
#include "wrapper_options.h"

#include <optional>
#include <string>
#include <vector>

namespace energy::cc {

using Command = std::vector<std::string>;

/// The CUDA options of a command line. energyc++ hands them to clang itself
/// (through cuda_flow), so they are taken out of the user's arguments.
struct CudaSettings {
  std::vector<std::string> gpuArchs;  // --cuda-gpu-arch=, --offload-arch=
  std::optional<std::string> toolkit; // --cuda-path=

  bool given() const { return !gpuArchs.empty() || toolkit.has_value(); }
};

/// Removes the CUDA options from `ClangArgs` and returns them.
CudaSettings takeCudaSettings(std::vector<std::string> &ClangArgs);

/// True when the command compiles or links CUDA.
bool isCudaBuild(const WrapperOptions &Options, const CudaSettings &Settings,
                 const Invocation &Inv);

/// Everything a CUDA build is planned from.
struct CudaBuild {
  std::string compiler; // clang++-19
  WrapperOptions options;
  Invocation inv;
  InstallLayout layout;
  CudaSettings settings;
};

/// The one clang command of a GPU build; throws UsageError when no usable
/// toolkit is found.
Command gpuCommand(const CudaBuild &Build);

/// The commands of an emulated build, in order, with intermediate files in
/// `Scratch` (an empty folder; subfolders are made here). Throws UsageError
/// for inputs it cannot build.
std::vector<Command> emulatedCommands(const CudaBuild &Build, const std::string &Scratch);

/// Returns an error message, or "" when the emulator's parts are installed.
std::string checkEmulatorSetup(const InstallLayout &Layout);

} // namespace energy::cc

#endif
