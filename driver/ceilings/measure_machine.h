//===- measure_machine.h - The whole measurement behind energy-ceilings ---===//
//
// Plans the measurements to fit a time budget (a fifth for the in-core
// ceilings, the rest for the bandwidth sweep), runs them for one thread and
// for all CPUs, pinned, and assembles the machine profile.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/machine_profile.h"

#include <cstdint>
#include <string>

namespace energy::ceilings {

struct MeasureSettings {
  double BudgetSeconds = 40;
  bool Quick = false; // a few sizes, short runs, DRAM size capped: for tests
  bool ShowProgress = false;
  std::string ToolVersion;
};

/// The largest working set per thread of the sweep: four times the last-level
/// cache (at least 64 MiB, at most 1 GiB, a quarter of free memory) over all
/// threads; capped at 64 MiB in quick mode.
std::uint64_t largestWorkingSet(const roofline::MachineIdentity &Machine, int Threads, bool Quick);

roofline::MachineProfile measureMachine(const MeasureSettings &Settings);

} // namespace energy::ceilings
