//===- meters/RegionEnergy.h - Measured energy per region ---------*- C++ -*-===//
//
// Attributes the energy the meters measured to regions, interval by interval:
// each interval's energy (the chosen meters, summed) is split among the
// threads present in proportion to their CPU time in it (task-clock), or
// equally when no CPU time was counted, and each thread's share goes to the
// region on top of its stack at the interval's end. Energy of an interval in
// which no registered thread ran goes to kNoRegion, and that of merged
// intervals whose regions differ to kMixedRegions, so that the shares always
// add up to the measured total. This is the report's `energy_j.measured`.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_REGIONENERGY_H
#define ENERGY_METERS_REGIONENERGY_H

#include "meters/Timeline.h"

#include <map>
#include <vector>

namespace energy::meters {

struct RegionShare {
  double joules = 0;
  double seconds = 0; // interval time attributed along with the energy
};

/// `meters`: timeline meter indices to sum (MeterSet::primaryMeters()).
/// `taskClock`: index of task-clock in the timeline's events, or SIZE_MAX.
/// Intervals whose energy could not be read are skipped.
std::map<uint32_t, RegionShare> attributeEnergy(const Timeline &timeline,
                                                const std::vector<size_t> &meters,
                                                size_t taskClock);

} // namespace energy::meters

#endif
