//===- energy/train/collect.h - Measuring programs into a dataset ---------===//
//
// Runs each program N times (the paper runs 3) under perf_event_open counters
// and an energy meter (the RAPL powercap tree), both read through the
// runtime's meters library, sampling every 20 ms. A run
// gives one row: mean power (energy / time), the median of the sampled
// per-interval counts, the run time, the program. With a timeline, every
// interval is a row (for the real-time model).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_COLLECT_H
#define ENERGY_TRAIN_COLLECT_H

#include "energy/train/dataset.h"

#include <string>
#include <vector>

namespace energy::train {

struct CollectOptions {
  std::vector<std::string> programs; ///< shell command lines
  int runs = 3;
  bool timeline = false;
  double intervalSeconds = 0.02;
  /// The powercap tree; empty: SYSFS/class/powercap, where SYSFS is
  /// $ENERGY_SYSFS_ROOT or /sys, as for the runtime's meters.
  std::string powercapRoot;
  /// perf event names; empty: the paper's events this machine can count.
  std::vector<std::string> events;
  bool softwareEventsOnly = false;
};

/// The events --software-events counts: those that work without a PMU.
const std::vector<std::string> &softwareEvents();

/// Measures the programs; throws TrainError when no energy meter exists or
/// hardware counters are missing (naming --software-events as the way out).
Dataset collectDataset(const CollectOptions &Options);

} // namespace energy::train

#endif
