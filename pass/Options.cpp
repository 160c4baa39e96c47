//===- Options.cpp - The -energy-* command-line flags ---------------------===//
//
// The flags are read by `opt` directly and by clang through
// `-mllvm -energy-...` (with the plugin loaded early by `-Xclang -load`).
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::OptionCategory EnergyCategory("EnergyPass instrumentation");

static cl::opt<bool> ClRegions(
    "energy-regions", cl::init(true), cl::cat(EnergyCategory),
    cl::desc("Call the runtime at region entry and exit (default on); off "
             "keeps the exact block counts without per-region time"));

static cl::opt<bool> ClUnwindExits(
    "energy-unwind-exits", cl::init(true), cl::cat(EnergyCategory),
    cl::desc("Leave regions when an exception unwinds through them, by "
             "turning throwing calls into invokes of a cleanup (default on)"));

namespace energy {

EnergyOptions EnergyOptions::fromCommandLine() {
  EnergyOptions Options;
  Options.InstrumentRegions = ClRegions;
  Options.UnwindExits = ClUnwindExits;
  return Options;
}

} // namespace energy
