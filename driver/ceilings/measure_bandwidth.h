//===- measure_bandwidth.h - Bandwidth ceilings from a working-set sweep --===//
//
// Load, copy and triad (with and without non-temporal stores) over working
// sets that double from inside L1 to well beyond the last-level cache, on
// every thread of a team at once, each thread on its own first-touched
// arrays. Each memory level's bandwidth is the best figure on its plateau:
// working sets between 1.5x the previous level's share and 3/4 of its own
// (a thread's share of a shared cache is its size over the team threads that
// share it); DRAM is at least twice the last level's share.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "best_run.h"
#include "kernels.h"
#include "progress_bar.h"
#include "thread_team.h"

#include "energy/roofline/machine_profile.h"

#include <cstdint>
#include <vector>

namespace energy::ceilings {

/// The streaming kernels in the order they are measured and reported.
struct StreamKernelId {
  const char *Kernel; // "load", "copy", "triad"
  bool NonTemporal;
  int Streams; // arrays it walks: 1, 2, 4
};
const std::vector<StreamKernelId> &streamKernelIds();

/// Working-set sizes per thread: from Smallest, doubling, up to Largest.
std::vector<std::uint64_t> sweepSizes(std::uint64_t Smallest, std::uint64_t Largest);

/// The bytes a thread may use of one cache level when Threads team threads run.
std::uint64_t cacheShare(const roofline::CacheLevel &Cache, int Threads);

std::vector<roofline::BandwidthSweep> measureSweeps(ThreadTeam &Team, const StreamKernels &Kernels,
                                                    const std::vector<std::uint64_t> &Sizes,
                                                    TimeBudget &Budget, ProgressBar &Progress);

/// One kernel at one working set per thread, in GB/s over all threads (for
/// comparisons with other tools, such as bench/ceilings).
double measureOneBandwidth(ThreadTeam &Team, const StreamKernels &Kernels, const StreamKernelId &Id,
                           std::uint64_t Bytes, double Seconds);

/// Each level's bandwidth per kernel, from the sweeps of one thread count.
/// Levels without a sweep point on their plateau are left out.
std::vector<roofline::Bandwidth>
levelBandwidths(const std::vector<roofline::BandwidthSweep> &Sweeps,
                const std::vector<roofline::CacheLevel> &Caches, int Threads);

} // namespace energy::ceilings
