//===- Options.h - Settings of the EnergyPass instrumentation -------------===//
//
// Every knob of the pass lives in one struct so that the pass can be built
// from the command line (`opt`, `clang -mllvm`) or filled in by a driver
// (energycc) without touching global state.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_OPTIONS_H
#define ENERGYPASS_OPTIONS_H

#include "energy/abi.h"

#include <string>

namespace energy {

struct EnergyOptions {
  /// Emit region enter/exit calls; off leaves only the block counters, which
  /// keeps every count exact but attributes no time to regions.
  bool InstrumentRegions = true;
  /// How timed regions are timed: inline pushes onto the thread's region
  /// stack that the runtime samples (a few stores per region, no call), or
  /// exact clock reads in runtime calls at every entry and exit.
  energy_timing Timing = ENERGY_TIMING_SAMPLED;
  /// Route exceptions that unwind through an instrumented function through a
  /// cleanup that leaves its region, so the runtime's region stack stays
  /// balanced and counts stay exact when a call throws mid-block.
  bool UnwindExits = true;
  /// Keep the counters of loops that call nothing in registers while the
  /// loop runs (written back at the loop's exits).
  bool PromoteCounters = true;
  /// At most this many of a loop's counters get registers: the most
  /// frequent, expected to run at least twice per entry of the loop, and
  /// only where the innermost loop around the increment has at most
  /// LoopRegisterBody IR instructions and a trip count ScalarEvolution
  /// computes (a sweep, not a search that often leaves early). A register
  /// costs a load and a store per entry and saves no instruction per
  /// iteration (an add to memory is one instruction too); what it saves is
  /// the store-to-load dependency through memory, a few cycles per
  /// iteration, which bounds a short loop's speed and hides behind a long
  /// body's work. In a long body registers are scarce: counters that take
  /// them are spilled, or push the program's own values out (a bytecode
  /// interpreter's dispatch loop ran 2% more instructions with three).
  unsigned LoopRegisters = 3;
  unsigned LoopRegisterBody = 64;
  /// In those loops, count a block that runs once per iteration by adding
  /// the loop's trip count at its exit (TripCounts.h) where it is known.
  bool TripCounts = true;
  /// Also where the trip count is known only when the loop leaves, from an
  /// induction variable (TripCounts.h). Off by default: the count at the
  /// exit costs about four instructions against one per iteration, and the
  /// loops it applies to (scans whose exit depends on data) often run two
  /// or three iterations, as a quicksort's partition scans do.
  bool InductionTripCounts = false;
  /// Count CFG edges off a maximum spanning tree and derive the other
  /// blocks' counts (CounterPlacement.h); off counts every block itself.
  bool SpanningTree = true;
  /// Make every natural loop of a timed function a region of its own.
  bool InstrumentLoops = true;
  /// Also make nested loops that call nothing regions. Off, their blocks
  /// count toward the enclosing loop region: an inner loop entered once per
  /// outer iteration would pay a region entry and exit each time
  /// (LoopRegions.h).
  bool NestedLoops = false;
  /// Functions without loops and with fewer IR instructions are counted but
  /// not timed (see Selection.h); 0 times every function. 200 is XRay's
  /// default: below it, timing a call costs more than the call.
  unsigned MinInstructions = 200;
  /// Also time the functions of the C++ standard library (namespaces std
  /// and __gnu_cxx) instantiated in the module; off, they are counted but
  /// not timed (Selection.h).
  bool StdRegions = false;
  /// Continuous counts (docs/runtime.md): the counter array on pages of its
  /// own in every thread, which the runtime maps onto a file, so that a
  /// process killed by SIGKILL or ending in _exit() leaves its counts.
  bool Continuous = false;
  /// Allow/deny rules for timed regions (FilterFile.h); empty for none.
  std::string FilterFile;
  /// CUDA kernels (device mode, DeviceInstrumenter.h): what one counter row
  /// stands for, ENERGY_GPU_MODE_* of energy_gpu/abi.h (0: every thread).
  unsigned GpuMode = 0;
  /// Sample mode: count the threads of every N-th thread block.
  unsigned GpuSampleEvery = 16;

  /// The options as given by the `-energy-*` command-line flags.
  static EnergyOptions fromCommandLine();
};

} // namespace energy

#endif // ENERGYPASS_OPTIONS_H
