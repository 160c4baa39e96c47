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

static cl::opt<bool> ClPromoteCounters(
    "energy-promote-counters", cl::init(true), cl::cat(EnergyCategory),
    cl::desc("Keep the block counters of loops that call nothing in "
             "registers, written back at the loop exits (default on)"));

static cl::opt<bool> ClLoops(
    "energy-loops", cl::init(false), cl::cat(EnergyCategory),
    cl::desc("Make every natural loop of a timed function a region, named "
             "func:loop@file:line and nested in its function or loop"));

static cl::opt<unsigned> ClMinInstructions(
    "energy-min-instructions", cl::init(0), cl::cat(EnergyCategory),
    cl::desc("Count but do not time functions with fewer IR instructions "
             "and no loop (like XRay's threshold; 200 is XRay's default; "
             "0 times every function)"));

static cl::opt<std::string> ClFilter(
    "energy-filter", cl::init(""), cl::cat(EnergyCategory),
    cl::value_desc("file"),
    cl::desc("Filter file with include/exclude rules on function names and "
             "source files (docs/pass.md)"));

namespace energy {

EnergyOptions EnergyOptions::fromCommandLine() {
  EnergyOptions Options;
  Options.InstrumentRegions = ClRegions;
  Options.UnwindExits = ClUnwindExits;
  Options.PromoteCounters = ClPromoteCounters;
  Options.InstrumentLoops = ClLoops;
  Options.MinInstructions = ClMinInstructions;
  Options.FilterFile = ClFilter;
  return Options;
}

} // namespace energy
