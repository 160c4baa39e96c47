//===- RegionEnergy.cpp - Measured energy per region ----------------------===//
#include "meters/RegionEnergy.h"

#include <cmath>
#include <cstdint>

namespace energy::meters {
namespace {

// Each present thread's weight in the interval: its CPU time, or 1 each when
// no CPU time is known. Returns the sum of the weights.
double threadWeights(const IntervalView &v, size_t taskClock, std::vector<double> &weights) {
  const TimelineShape &shape = v.layout();
  weights.assign(shape.threads, 0.0);
  double total = 0;
  bool cpuKnown = taskClock < shape.events;
  for (size_t t = 0; t < shape.threads && cpuKnown; ++t)
    if (v.present(t) != 0 && std::isnan(v.counters(t)[taskClock]))
      cpuKnown = false;
  for (size_t t = 0; t < shape.threads; ++t) {
    if (v.present(t) == 0)
      continue;
    weights[t] = cpuKnown ? v.counters(t)[taskClock] : 1.0;
    total += weights[t];
  }
  return total;
}

} // namespace

std::map<uint32_t, RegionShare> attributeEnergy(const Timeline &timeline,
                                                const std::vector<size_t> &meters,
                                                size_t taskClock) {
  std::map<uint32_t, RegionShare> shares;
  std::vector<double> weights;
  for (size_t r = 0; r < timeline.records(); ++r) {
    IntervalView v = timeline.record(r);
    double joules = 0;
    for (size_t m : meters)
      joules += v.energy()[m];
    if (std::isnan(joules))
      continue;
    double seconds = v.tEnd() - v.tStart();
    double total = threadWeights(v, taskClock, weights);
    if (total <= 0) {
      shares[kNoRegion].joules += joules;
      shares[kNoRegion].seconds += seconds;
      continue;
    }
    for (size_t t = 0; t < weights.size(); ++t) {
      if (weights[t] <= 0)
        continue;
      RegionShare &share = shares[static_cast<uint32_t>(v.region(t))];
      share.joules += joules * weights[t] / total;
      share.seconds += seconds * weights[t] / total;
    }
  }
  return shares;
}

} // namespace energy::meters
