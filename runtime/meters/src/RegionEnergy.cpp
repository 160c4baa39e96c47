//===- RegionEnergy.cpp - Measured energy per region ----------------------===//
#include "meters/RegionEnergy.h"

#include <algorithm>
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

double intervalJoules(const IntervalView &v, const std::vector<size_t> &meters) {
  double joules = 0;
  for (size_t m : meters)
    joules += v.energy()[m];
  return joules;
}

} // namespace

double lowestPower(const Timeline &timeline, const std::vector<size_t> &meters) {
  // Windows of consecutive intervals, not single ones: a meter that updates
  // every few milliseconds makes one 20 ms interval read a quarter low or high.
  constexpr double shortestWindow = 0.100;
  double lowest = INFINITY;
  for (size_t first = 0; first < timeline.records(); ++first) {
    double joules = 0, seconds = 0;
    for (size_t r = first; r < timeline.records() && seconds < shortestWindow; ++r) {
      IntervalView v = timeline.record(r);
      double interval = intervalJoules(v, meters);
      if (std::isnan(interval))
        break;
      joules += interval;
      seconds += v.tEnd() - v.tStart();
    }
    if (seconds >= shortestWindow)
      lowest = std::min(lowest, std::max(joules, 0.0) / seconds);
  }
  return std::isinf(lowest) ? 0.0 : lowest;
}

std::map<uint32_t, RegionShare> attributeEnergy(const Timeline &timeline,
                                                const std::vector<size_t> &meters, size_t taskClock,
                                                double idlePowerW) {
  std::map<uint32_t, RegionShare> shares;
  std::vector<double> weights;
  for (size_t r = 0; r < timeline.records(); ++r) {
    IntervalView v = timeline.record(r);
    double joules = intervalJoules(v, meters);
    if (std::isnan(joules))
      continue;
    double seconds = v.tEnd() - v.tStart();
    double idle = std::clamp(idlePowerW * seconds, 0.0, std::max(joules, 0.0));
    double active = joules - idle;
    size_t present = 0;
    for (size_t t = 0; t < v.layout().threads; ++t)
      present += v.present(t) != 0;
    if (present == 0) {
      shares[kNoRegion].joules += joules;
      shares[kNoRegion].idleJoules += idle;
      shares[kNoRegion].seconds += seconds;
      continue;
    }
    for (size_t t = 0; t < v.layout().threads; ++t) {
      if (v.present(t) == 0)
        continue;
      RegionShare &share = shares[static_cast<uint32_t>(v.region(t))];
      share.joules += idle / double(present);
      share.idleJoules += idle / double(present);
    }
    double total = threadWeights(v, taskClock, weights);
    if (total <= 0) {
      shares[kNoRegion].joules += active;
      shares[kNoRegion].seconds += seconds;
      continue;
    }
    for (size_t t = 0; t < weights.size(); ++t) {
      if (weights[t] <= 0)
        continue;
      RegionShare &share = shares[static_cast<uint32_t>(v.region(t))];
      share.joules += active * weights[t] / total;
      share.seconds += seconds * weights[t] / total;
    }
  }
  return shares;
}

} // namespace energy::meters
