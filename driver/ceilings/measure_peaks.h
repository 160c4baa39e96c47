//===- measure_peaks.h - In-core ceilings: peak FLOP/s per kernel ---------===//
//
// Runs every FLOP kernel on every thread of a team at once and keeps the best
// of a few timed repetitions, each long enough (SecondsEach / repetitions) for
// the clock to have settled during calibration.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "kernels.h"
#include "progress_bar.h"
#include "thread_team.h"

#include "energy/roofline/machine_profile.h"

#include <vector>

namespace energy::ceilings {

std::vector<roofline::PeakFlops> measurePeaks(ThreadTeam &Team,
                                              const std::vector<FlopKernel> &Kernels,
                                              double SecondsEach, ProgressBar &Progress);

} // namespace energy::ceilings
