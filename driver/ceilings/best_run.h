//===- best_run.h - The fastest run of a kernel within a wall-clock budget --===//
//
// How every ceiling is timed. First a unit count (iterations, passes) is
// found whose run lasts about half a millisecond; then runs of that count are
// repeated, all threads lined up before each, until the measurement's
// wall-clock budget is spent, and the fastest is kept. On a shared machine
// most long runs are preempted; the fastest short one had the cores to
// itself. Bounding by wall-clock time keeps energy-ceilings within its budget
// however busy the machine is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "thread_team.h"

#include <chrono>
#include <cstdint>
#include <functional>

namespace energy::ceilings {

/// Shares a wall-clock budget among a known number of measurements: each
/// gets what is left over what remains to measure, so time lost to
/// allocation or to a busy machine is made up by the later ones.
class TimeBudget {
public:
  TimeBudget(double Seconds, int Measurements);
  /// Seconds for the next measurement (at least a millisecond).
  double nextSlice();

private:
  std::chrono::steady_clock::time_point Deadline;
  int Remaining;
};

struct BestRun {
  std::uint64_t Count = 0; // units per thread in each run
  double Seconds = 0;      // the fastest run
};

/// Work(Thread, Count) runs Count units on one thread.
BestRun fastestRun(ThreadTeam &Team, const std::function<void(int, std::uint64_t)> &Work,
                   std::uint64_t FirstCount, double BudgetSeconds);

} // namespace energy::ceilings
