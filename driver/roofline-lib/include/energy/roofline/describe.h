//===- energy/roofline/describe.h - The roofline in words -----------------===//
//
// One line per region, for the text report:
//   "gemm:loop@gemm.c:12: 2.1 FLOP/B, 38 GFLOP/s, memory-bound (L2), 61% of attainable"
// plus, when the runtime sampled the footprint, where the locality wall is
// ("blocking could move it to 21 FLOP/B"), and, when hardware counters gave
// the traffic of outer levels, the hierarchical points ("DRAM 0.4 FLOP/B").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/roofline_model.h"

#include <string>

namespace energy::roofline {

std::string describeRegion(const RegionPoint &Point);
/// The locality wall in words, for a point that has one.
std::string describeLocalityWall(const RegionPoint &Point);
/// How the regions that are not on the plot are told: one line each, or
/// one line in all (programs have hundreds of regions without FLOPs).
enum class SkippedLines { List, Summarise };

/// The ceilings used, then one line per placed region (largest first, at most
/// Limit; 0 = all), then the regions that could not be placed and why.
std::string describeRegions(const RooflineAnalysis &Analysis, std::size_t Limit = 0,
                            SkippedLines Skipped = SkippedLines::List);
/// "2 regions below 1% of the run's time are left out", or empty.
std::string describeBelowShare(const RooflineAnalysis &Analysis);
/// "rates per thread (FLOPs / thread time), ceilings of 2 threads / 2".
std::string describeThreads(const RooflineModel &Model);

} // namespace energy::roofline
