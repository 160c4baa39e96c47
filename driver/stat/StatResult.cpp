//===- StatResult.cpp - What one energy-stat run measured -----------------===//
#include "StatResult.h"

#include <cmath>
#include <linux/perf_event.h>

namespace energy::stat {

using namespace energy::meters;

namespace {

bool isClock(const EventSpec &spec) {
  return spec.type == PERF_TYPE_SOFTWARE &&
         (spec.config == PERF_COUNT_SW_TASK_CLOCK || spec.config == PERF_COUNT_SW_CPU_CLOCK);
}

} // namespace

std::optional<double> EventResult::printable() const {
  if (status != CounterStatus::Counting)
    return std::nullopt;
  double v = value.scaled();
  if (std::isnan(v))
    return std::nullopt;
  if (isClock(spec))
    return v / 1e6; // ns -> msec, as perf prints the clocks
  return v * spec.scale;
}

std::string EventResult::unit() const {
  if (isClock(spec))
    return "msec";
  return spec.unit;
}

std::optional<double> StatResult::totalJoules() const {
  if (primaryMeters.empty())
    return std::nullopt;
  double sum = 0;
  for (size_t i : primaryMeters) {
    if (!meters[i].joules)
      return std::nullopt;
    sum += *meters[i].joules;
  }
  return sum;
}

StatResult gatherResult(MeterSet &set, const Reading &final) {
  StatResult result;
  CounterSet *counters = set.processCounters();
  for (size_t i = 0; i < set.events().size(); ++i) {
    EventResult e;
    e.spec = set.events()[i];
    if (counters) {
      e.status = counters->status(i);
      e.userOnly = counters->fellBackToUser(i);
    }
    e.value = final.counters[i];
    result.events.push_back(std::move(e));
  }
  for (size_t m = 0; m < set.meterCount(); ++m) {
    MeterResult r{set.meter(m).name(), set.meter(m).domain(), set.meter(m).source(), {}};
    if (final.energyValid[m])
      r.joules = final.joules[m];
    result.meters.push_back(std::move(r));
  }
  result.primaryMeters = set.primaryMeters();
  result.sources = set.sources();
  return result;
}

} // namespace energy::stat
