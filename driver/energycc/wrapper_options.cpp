//===- wrapper_options.cpp - energycc's own options, apart from clang's ---===//
#include "wrapper_options.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace energy::cc {

namespace {

constexpr std::string_view FilterOption = "--energy-filter";
constexpr std::string_view PrintOption = "--energy-print-command";
constexpr std::string_view EmulateOption = "--cuda-emulate";
constexpr std::string_view FootprintOption = "--energy-footprint";
constexpr std::string_view ContinuousOption = "--energy-continuous";
constexpr std::string_view RegionsOption = "--energy-regions=";
constexpr std::string_view TimingOption = "--energy-timing=";

/// The pass options behind --energy-regions=CHOICE.
std::vector<std::string> regionPassOptions(std::string_view Choice) {
  if (Choice == "all") // every function, the standard library's included
    return {"-energy-min-instructions=0", "-energy-std-regions"};
  if (Choice == "none") // exact counts only, no region is timed
    return {"-energy-regions=false"};
  if (Choice == "default")
    return {};
  throw UsageError("--energy-regions takes all, default or none, not '" + std::string(Choice) +
                   "'");
}

/// The pass option behind --energy-timing=CHOICE.
std::string timingPassOption(std::string_view Choice) {
  if (Choice == "sampled" || Choice == "exact")
    return "-energy-timing=" + std::string(Choice);
  throw UsageError("--energy-timing takes sampled or exact, not '" + std::string(Choice) + "'");
}

} // namespace

bool verboseRequested(const char *EnvValue) {
  if (!EnvValue)
    return false;
  std::string V(EnvValue);
  std::transform(V.begin(), V.end(), V.begin(), [](unsigned char C) { return std::tolower(C); });
  return V == "1" || V == "yes" || V == "on" || V == "true";
}

WrapperOptions parseWrapperOptions(const std::vector<std::string> &Args, bool Verbose) {
  WrapperOptions O;
  O.printCommand = Verbose;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "--help") {
      O.help = true;
    } else if (A == "--version") {
      O.version = true;
    } else if (A == EmulateOption) {
      O.cudaEmulate = true;
    } else if (A == PrintOption) {
      O.printCommand = true;
    } else if (A == FootprintOption) {
      O.footprint = true;
    } else if (A == ContinuousOption) {
      O.continuous = true;
    } else if (A == FilterOption) {
      if (I + 1 == Args.size())
        throw UsageError("--energy-filter needs a file: --energy-filter=FILE");
      O.filterFile = Args[++I];
    } else if (A.starts_with(std::string(FilterOption) + "=")) {
      O.filterFile = A.substr(FilterOption.size() + 1);
      if (O.filterFile->empty())
        throw UsageError("--energy-filter needs a file: --energy-filter=FILE");
    } else if (A.starts_with(RegionsOption)) {
      O.regionPassOptions = regionPassOptions(std::string_view(A).substr(RegionsOption.size()));
    } else if (A.starts_with(TimingOption)) {
      O.timingPassOption = timingPassOption(std::string_view(A).substr(TimingOption.size()));
    } else if (A.starts_with("--energy-")) {
      // clang would reject it too, but less helpfully.
      throw UsageError("unknown option " + A + "; see --help");
    } else {
      O.clangArguments.push_back(A);
    }
  }
  return O;
}

std::string helpText(const std::string &ToolName) {
  return "OVERVIEW: " + ToolName +
         " - clang-19 with EnergyPass instrumentation\n"
         "\n"
         "Compiles and links like clang, adding the EnergyPass plugin to every "
         "compilation\n"
         "and the runtime (libenergyrt) to every link, so that the program "
         "writes an energy\n"
         "report when it ends, into ~/.local/state/energypass (or "
         "$ENERGY_REPORT_DIR, or the\n"
         "file $ENERGY_REPORT), printing nothing. Read the newest with: "
         "energy-report show\n"
         "\n"
         "USAGE: " +
         ToolName +
         " [energycc options] [clang options] FILES...\n"
         "       CC=energycc CXX=energyc++ make\n"
         "\n"
         "ENERGYCC OPTIONS:\n"
         "  --energy-filter=FILE     Instrument only the functions that FILE "
         "allows\n"
         "                           (passed to the pass as -mllvm "
         "-energy-filter=FILE)\n"
         "  --energy-regions=WHICH   Which functions are timed regions: default "
         "(those with a\n"
         "                           loop or 200 IR instructions, outside the "
         "C++ standard\n"
         "                           library), all, or none (exact counts only)\n"
         "  --energy-timing=HOW      How regions are timed: sampled (default: a "
         "few inline\n"
         "                           stores per region, CPU time sampled at "
         "ENERGY_SAMPLE_HZ,\n"
         "                           1000 by default) or exact (a clock read "
         "at every region\n"
         "                           entry and exit; costs far more in code of "
         "small functions)\n"
         "  --energy-print-command   Print the clang command(s) on stderr before "
         "running them\n"
         "  --energy-footprint       Sample the distinct cache lines each region "
         "touches (its\n"
         "                           footprint, for the roofline's locality "
         "wall; 1 line in 64)\n"
         "  --energy-continuous      Keep the counters in a file mapping, so that a "
         "run killed\n"
         "                           by SIGKILL or ending in _exit() leaves "
         "exact counts for\n"
         "                           energy-report recover (docs/runtime.md)\n"
         "  --cuda-emulate           Build CUDA to run on the CPU (no GPU or "
         "toolkit needed)\n"
         "  --help                   This help\n"
         "  --version                energycc's version, then clang's\n"
         "\n"
         "CUDA:\n"
         "  .cu files (or any file after -x cuda) are compiled for the host and "
         "the GPU in one\n"
         "  clang command, with the plugin on both sides, against the CUDA "
         "toolkit EnergyPass\n"
         "  was configured with (CUDA newer than clang 19 knows is handled "
         "through an overlay).\n"
         "  --cuda-gpu-arch=ARCH     GPU architecture (default sm_90)\n"
         "  --cuda-path=DIR          Another CUDA toolkit\n"
         "  Links add libcudart when they build CUDA: with a .cu input, "
         "--cuda-gpu-arch or\n"
         "  --cuda-path (energyc++ --cuda-gpu-arch=sm_90 a.o b.o -o app).\n"
         "  With --cuda-emulate (on every step) each CUDA source is rewritten to "
         "C++ for the CPU\n"
         "  emulator and links add it; kernels count their basic blocks per "
         "CUDA thread into a\n"
         "  GPU profile (energy-gpu-<program>.<pid>.json, or "
         "$ENERGY_GPU_PROFILE).\n"
         "  -mllvm -energy-gpu-mode=thread|warp|sample chooses what one "
         "counter row stands for.\n"
         "\n"
         "ENVIRONMENT:\n"
         "  ENERGY_CLANG, ENERGY_CLANGXX  The compiler to run for C, C++ and CUDA\n"
         "                                (default: the clang-19 found when "
         "EnergyPass was built)\n"
         "  ENERGY_VERBOSE=1              Same as --energy-print-command\n"
         "\n"
         "All other flags go to clang unchanged; see clang --help. Link "
         "flags are added only\n"
         "when clang links (not with -c, -S, -E, -M, -MM or -fsyntax-only).\n";
}

} // namespace energy::cc
