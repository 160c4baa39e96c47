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

static cl::opt<bool>
    ClRegions("energy-regions", cl::init(true), cl::cat(EnergyCategory),
              cl::desc("Call the runtime at region entry and exit (default on); off "
                       "keeps the exact block counts without per-region time"));

static cl::opt<bool>
    ClUnwindExits("energy-unwind-exits", cl::init(true), cl::cat(EnergyCategory),
                  cl::desc("Leave regions when an exception unwinds through them, by "
                           "turning throwing calls into invokes of a cleanup (default on)"));

static cl::opt<bool>
    ClPromoteCounters("energy-promote-counters", cl::init(true), cl::cat(EnergyCategory),
                      cl::desc("Keep the block counters of loops that call nothing in "
                               "registers, written back at the loop exits (default on)"));

static cl::opt<unsigned>
    ClLoopRegisters("energy-loop-registers", cl::init(energy::EnergyOptions().LoopRegisters),
                    cl::cat(EnergyCategory),
                    cl::desc("With -energy-promote-counters, how many of a loop's counters "
                             "live in registers: the most frequent, run at least twice per "
                             "entry of the loop (default 3)"));

static cl::opt<unsigned>
    ClLoopRegisterBody("energy-loop-register-body",
                       cl::init(energy::EnergyOptions().LoopRegisterBody), cl::cat(EnergyCategory),
                       cl::desc("Give a counter a register only where the innermost loop around "
                                "its increment has at most this many IR instructions, where a "
                                "dependency through memory would bound the loop's speed "
                                "(default 64)"));

static cl::opt<bool>
    ClTripCounts("energy-trip-counts", cl::init(energy::EnergyOptions().TripCounts),
                 cl::cat(EnergyCategory),
                 cl::desc("In loops that call nothing, count the blocks that run once per "
                          "iteration by the loop's trip count, added at its exit, where "
                          "ScalarEvolution computes it (default on)"));

static cl::opt<bool> ClInductionTripCounts(
    "energy-induction-trip-counts", cl::init(energy::EnergyOptions().InductionTripCounts),
    cl::cat(EnergyCategory),
    cl::desc("Also count them where the trip count is known only at the exit, "
             "from an induction variable: pays for loops of more than about "
             "four iterations per entry (default off)"));

static cl::opt<bool>
    ClSpanningTree("energy-spanning-tree", cl::init(energy::EnergyOptions().SpanningTree),
                   cl::cat(EnergyCategory),
                   cl::desc("Count the CFG edges off a maximum spanning tree and derive "
                            "the other blocks' counts by flow conservation (default on); "
                            "off gives every block its own counter"));

static cl::opt<bool> ClLoops("energy-loops", cl::init(energy::EnergyOptions().InstrumentLoops),
                             cl::cat(EnergyCategory),
                             cl::desc("Make every natural loop of a timed function a region, named "
                                      "func:loop@file:line and nested in its function or loop "
                                      "(default on)"));

static cl::opt<bool>
    ClNestedLoops("energy-nested-loops", cl::init(energy::EnergyOptions().NestedLoops),
                  cl::cat(EnergyCategory),
                  cl::desc("Also make nested loops that call nothing regions (default "
                           "off: their blocks count toward the enclosing loop)"));

static cl::opt<unsigned>
    ClMinInstructions("energy-min-instructions", cl::init(energy::EnergyOptions().MinInstructions),
                      cl::cat(EnergyCategory),
                      cl::desc("Count but do not time functions with fewer IR instructions "
                               "and no loop (XRay's threshold; default 200; 0 times every "
                               "function)"));

static cl::opt<bool>
    ClStdRegions("energy-std-regions", cl::init(energy::EnergyOptions().StdRegions),
                 cl::cat(EnergyCategory),
                 cl::desc("Also time the C++ standard library's functions (namespaces "
                          "std and __gnu_cxx) like any other (default off: counted, their "
                          "time is their caller's)"));

static cl::opt<bool>
    ClContinuous("energy-continuous", cl::init(energy::EnergyOptions().Continuous),
                 cl::cat(EnergyCategory),
                 cl::desc("Put the counter array on pages of its own, which the runtime maps "
                          "onto a file, so that counts survive SIGKILL and _exit() "
                          "(docs/runtime.md, \"Continuous counts\"; default off)"));

static cl::opt<std::string>
    ClFilter("energy-filter", cl::init(""), cl::cat(EnergyCategory), cl::value_desc("file"),
             cl::desc("Filter file with include/exclude/unmark rules on function names, "
                      "source files and loop names (docs/pass.md)"));

static cl::opt<energy_timing>
    ClTiming("energy-timing", cl::init(energy::EnergyOptions().Timing), cl::cat(EnergyCategory),
             cl::desc("How regions are timed (docs/runtime.md)"),
             cl::values(clEnumValN(ENERGY_TIMING_SAMPLED, "sampled",
                                   "inline pushes onto the thread's region stack, "
                                   "which the runtime samples on a CPU-time timer "
                                   "(default)"),
                        clEnumValN(ENERGY_TIMING_EXACT, "exact",
                                   "a runtime call reading the clock at every region "
                                   "entry and exit")));

/// Values of ENERGY_GPU_MODE_* in energy_gpu/abi.h.
enum GpuModeFlag : unsigned { GpuThread, GpuWarp, GpuSample };

static cl::opt<GpuModeFlag>
    ClGpuMode("energy-gpu-mode", cl::init(GpuThread), cl::cat(EnergyCategory),
              cl::desc("What CUDA kernels count into one row (docs/cuda-instrumentation.md)"),
              cl::values(clEnumValN(GpuThread, "thread", "every thread its own row (default)"),
                         clEnumValN(GpuWarp, "warp",
                                    "one row per warp: the first active "
                                    "lane adds the active mask's popcount"),
                         clEnumValN(GpuSample, "sample",
                                    "every thread of every N-th thread "
                                    "block (-energy-gpu-sample)")));

static cl::opt<unsigned>
    ClGpuSample("energy-gpu-sample", cl::init(16), cl::cat(EnergyCategory),
                cl::desc("Sample mode: count the thread blocks whose linear index is a "
                         "multiple of N (default 16)"));

namespace energy {

EnergyOptions EnergyOptions::fromCommandLine() {
  EnergyOptions Options;
  Options.InstrumentRegions = ClRegions;
  Options.Timing = ClTiming;
  Options.UnwindExits = ClUnwindExits;
  Options.PromoteCounters = ClPromoteCounters;
  Options.LoopRegisters = ClLoopRegisters;
  Options.LoopRegisterBody = ClLoopRegisterBody;
  Options.TripCounts = ClTripCounts;
  Options.InductionTripCounts = ClInductionTripCounts;
  Options.SpanningTree = ClSpanningTree;
  Options.InstrumentLoops = ClLoops;
  Options.NestedLoops = ClNestedLoops;
  Options.MinInstructions = ClMinInstructions;
  Options.StdRegions = ClStdRegions;
  Options.Continuous = ClContinuous;
  Options.FilterFile = ClFilter;
  Options.GpuMode = ClGpuMode;
  Options.GpuSampleEvery = ClGpuSample == 0 ? 1 : ClGpuSample.getValue();
  return Options;
}

} // namespace energy
