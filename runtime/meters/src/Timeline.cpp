//===- Timeline.cpp - Folding, merging and writing the timeline -----------===//
#include "meters/Timeline.h"

#include "support/Formats.h"
#include "support/ReportKeys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>

namespace energy::meters {
namespace {

namespace key = report_key;

nlohmann::json numberOrNull(double value) {
  return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json countOrNull(double value) {
  return std::isfinite(value) ? nlohmann::json(std::llround(value)) : nlohmann::json(nullptr);
}

nlohmann::json intervalJson(const IntervalView &v) {
  const TimelineShape &shape = v.layout();
  nlohmann::json energy = nlohmann::json::array(), process = nlohmann::json::array();
  for (size_t m = 0; m < shape.meters; ++m)
    energy.push_back(numberOrNull(v.energy()[m]));
  for (size_t e = 0; e < shape.events; ++e)
    process.push_back(countOrNull(v.process()[e]));
  nlohmann::json threads = nlohmann::json::array();
  for (size_t t = 0; t < shape.threads; ++t) {
    if (v.present(t) == 0)
      continue;
    nlohmann::json counters = nlohmann::json::array();
    for (size_t e = 0; e < shape.events; ++e)
      counters.push_back(countOrNull(v.counters(t)[e]));
    auto region = static_cast<uint32_t>(v.region(t));
    nlohmann::json entry = {{key::threads::Thread, t},
                            {key::threads::Region, region >= kMixedRegions
                                                       ? nlohmann::json(nullptr)
                                                       : nlohmann::json(region)},
                            {key::threads::Counters, std::move(counters)}};
    if (region == kMixedRegions)
      entry[key::threads::Mixed] = true;
    threads.push_back(std::move(entry));
  }
  return {{key::intervals::Start, v.tStart()},
          {key::intervals::End, v.tEnd()},
          {key::intervals::Energy, std::move(energy)},
          {key::intervals::Process, std::move(process)},
          {key::intervals::Threads, std::move(threads)}};
}

} // namespace

void IntervalView::clear() const {
  std::fill(data, data + size(*shape), 0.0);
  for (size_t t = 0; t < shape->threads; ++t)
    region(t) = kNoRegion;
}

void IntervalView::absorb(const IntervalView &later) const {
  tEnd() = later.tEnd();
  for (size_t m = 0; m < shape->meters; ++m)
    energy()[m] += later.energy()[m];
  for (size_t e = 0; e < shape->events; ++e)
    process()[e] += later.process()[e];
  for (size_t t = 0; t < shape->threads; ++t) {
    if (later.present(t) == 0)
      continue;
    if (present(t) == 0) {
      std::copy(later.threadBase(t), later.threadBase(t) + 2 + shape->events, threadBase(t));
      continue;
    }
    if (region(t) != later.region(t))
      region(t) = kMixedRegions;
    for (size_t e = 0; e < shape->events; ++e)
      counters(t)[e] += later.counters(t)[e];
  }
}

Timeline::Timeline(const TimelineShape &requested) : shape(requested) {
  shape.capacity = std::max<size_t>(2, shape.capacity + (shape.capacity & 1));
  recordSize = IntervalView::size(shape);
  storage.reset(static_cast<double *>(std::calloc(recordSize * shape.capacity, sizeof(double))));
  if (!storage)
    throw std::bad_alloc();
}

IntervalView Timeline::record(size_t i) const {
  return IntervalView(shape, storage.get() + i * recordSize);
}

void Timeline::append(const IntervalView &interval) {
  ++sampled;
  IntervalView open = record(committed);
  if (folded == 0)
    std::copy(&interval.tStart(), &interval.tStart() + recordSize, &open.tStart());
  else
    open.absorb(interval);
  if (++folded < factor)
    return;
  folded = 0;
  if (++committed == shape.capacity)
    halve();
}

void Timeline::halve() {
  for (size_t i = 0; i < shape.capacity / 2; ++i) {
    IntervalView target = record(i);
    if (i != 0)
      std::copy(&record(2 * i).tStart(), &record(2 * i).tStart() + recordSize, &target.tStart());
    target.absorb(record(2 * i + 1));
  }
  committed = shape.capacity / 2;
  factor *= 2;
}

nlohmann::json Timeline::toJson(const TimelineHeader &header, size_t bound) const {
  size_t n = records();
  size_t group = bound > 0 && n > bound ? (n + bound - 1) / bound : 1;
  nlohmann::json intervals = nlohmann::json::array();
  std::vector<double> scratch(recordSize);
  IntervalView merged(shape, scratch.data());
  for (size_t first = 0; first < n; first += group) {
    std::copy(&record(first).tStart(), &record(first).tStart() + recordSize, scratch.begin());
    for (size_t i = first + 1; i < std::min(n, first + group); ++i)
      merged.absorb(record(i));
    intervals.push_back(intervalJson(merged));
  }
  nlohmann::json meters = nlohmann::json::array(), threads = nlohmann::json::array();
  for (size_t m = 0; m < header.meters.size(); ++m)
    meters.push_back(
        {{key::meters::Name, header.meters[m]},
         {key::meters::Domain, m < header.meterDomains.size() ? header.meterDomains[m] : ""}});
  for (size_t t = 0; t < header.threadIds.size(); ++t)
    if (header.threadIds[t] >= 0)
      threads.push_back({{key::threads::Thread, t}, {key::threads::Tid, header.threadIds[t]}});
  return {{"format", format::Timeline.Name},
          {"version", format::Timeline.Version},
          {key::timeline::Period, header.periodSeconds},
          {key::timeline::StartEpoch, header.startEpochSeconds},
          {key::timeline::IntervalsSampled, sampled},
          {key::timeline::IntervalsPerRecord, factor * group},
          {key::timeline::Events, header.events},
          {key::timeline::Meters, std::move(meters)},
          {key::timeline::Threads, std::move(threads)},
          {key::timeline::Intervals, std::move(intervals)}};
}

} // namespace energy::meters
