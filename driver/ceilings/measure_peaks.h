//===- measure_peaks.h - In-core ceilings: peak FLOP/s per kernel ---------===//
//
// Runs every FLOP kernel on every thread of a team at once and keeps its
// fastest run (best_run.h), each kernel getting its share of the budget.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "best_run.h"
#include "kernels.h"
#include "progress_bar.h"
#include "thread_team.h"

#include "energy/roofline/machine_profile.h"

#include <vector>

namespace energy::ceilings {

std::vector<roofline::PeakFlops> measurePeaks(ThreadTeam &Team,
                                              const std::vector<FlopKernel> &Kernels,
                                              TimeBudget &Budget, ProgressBar &Progress);

} // namespace energy::ceilings
