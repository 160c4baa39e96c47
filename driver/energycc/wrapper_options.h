//===- wrapper_options.h - energycc's own options, apart from clang's -----===//
//
// energycc understands a few options of its own (all spelled --energy-*, plus
// --cuda-emulate, --help and --version); it removes them from the command line and passes
// every other argument to clang unchanged and in order.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_WRAPPER_OPTIONS_H
#define ENERGY_DRIVER_ENERGYCC_WRAPPER_OPTIONS_H

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace energy::cc {

/// A bad energycc option; what() is one line naming it and the way out.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct WrapperOptions {
  bool help = false;
  bool version = false;
  bool printCommand = false; // --energy-print-command or ENERGY_VERBOSE
  bool cudaEmulate = false;  // --cuda-emulate: CUDA kernels run on the CPU
  bool footprint = false;    // --energy-footprint: sample regions' cache lines
  bool continuous = false;   // --energy-continuous: counts that survive SIGKILL
  std::optional<std::string> filterFile;
  /// --energy-regions=all|default|none: which functions are timed regions,
  /// as the pass options it stands for (empty for the pass's defaults).
  std::vector<std::string> regionPassOptions;
  /// --energy-timing=sampled|exact, as its pass option.
  std::optional<std::string> timingPassOption;
  std::vector<std::string> clangArguments; // everything else, in order
};

/// Splits argv (without argv[0]); throws UsageError. `Verbose` is whether
/// ENERGY_VERBOSE asks for the command to be printed.
WrapperOptions parseWrapperOptions(const std::vector<std::string> &Args, bool Verbose);

/// True for ENERGY_VERBOSE values that mean yes ("1", "yes", "on", "true").
bool verboseRequested(const char *EnvValue);

/// The text of `energycc --help`.
std::string helpText(const std::string &ToolName);

} // namespace energy::cc

#endif
