//===- meters/RegionEnergy.h - Measured energy per region ---------*- C++ -*-===//
//
// Attributes the energy the meters measured to regions, interval by interval.
// Each interval's energy (the chosen meters, summed) has two parts: what the
// machine draws when idle (`idlePowerW` times the interval, at most all of it)
// and the rest, the active energy. The active energy is split among the
// threads present in proportion to their CPU time in it (task-clock), or
// equally when no CPU time was counted; the idle energy is split equally among
// the threads present, since each waited or ran for the whole interval. Each
// thread's shares go to the region on top of its stack at the interval's end,
// so a region that sleeps is charged idle energy, not active energy. Energy of
// an interval in which no registered thread ran goes to kNoRegion, active
// energy of one in which the threads present used no CPU time too, and that of
// merged intervals whose regions differ to kMixedRegions, so that the shares
// always add up to the measured total. This is the report's
// `energy_j.measured` and `energy_j.measured_idle`.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_REGIONENERGY_H
#define ENERGY_METERS_REGIONENERGY_H

#include "meters/Timeline.h"

#include <map>
#include <vector>

namespace energy::meters {

struct RegionShare {
  double joules = 0;     // active and idle
  double idleJoules = 0; // of which the machine's idle power
  double seconds = 0;    // interval time attributed along with the active energy
};

/// Measured energy per region, and the idle power its idle parts were
/// taken at.
struct EnergyAttribution {
  std::map<uint32_t, RegionShare> shares;
  double idlePowerW = 0;
};

/// The machine's idle power as this run saw it: the lowest power over any
/// 100 ms of consecutive readable intervals (0, everything active, in a run
/// too short for one). An upper bound when the program never let the
/// machine idle.
double lowestPower(const Timeline &timeline, const std::vector<size_t> &meters);

/// `meters`: timeline meter indices to sum (MeterSet::primaryMeters()).
/// `taskClock`: index of task-clock in the timeline's events, or SIZE_MAX.
/// `idlePowerW`: the idle part's power (lowestPower(); 0 counts everything
/// as active). Intervals whose energy could not be read are skipped.
std::map<uint32_t, RegionShare> attributeEnergy(const Timeline &timeline,
                                                const std::vector<size_t> &meters, size_t taskClock,
                                                double idlePowerW);

} // namespace energy::meters

#endif
