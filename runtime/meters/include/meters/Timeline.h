//===- meters/Timeline.h - The sampler's bounded record of intervals -*- C++ -*-===//
//
// Per interval: its bounds, the energy each meter counted in it, the process
// counters' deltas, and per registered thread the counter deltas and the
// region that was on top of its stack at the interval's end. Storage is one
// preallocated block of doubles (counter deltas are scaled by
// time_enabled/time_running per interval, NaN when the event never ran).
//
// The bound is kept without losing anything: when the block is full, adjacent
// records are merged pairwise and later intervals are folded in pairs (then
// fours...), so a long run keeps its whole history at a coarser resolution
// and every sum over the timeline stays exact.
//
// Thread-safety: none; the Sampler serialises writers and readers.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_TIMELINE_H
#define ENERGY_METERS_TIMELINE_H

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace energy::meters {

/// Region value for "no region" (as ENERGY_NO_REGION in energy/abi.h).
constexpr uint32_t kNoRegion = 0xffffffffu;
/// Region value of a merged interval whose parts had different regions.
constexpr uint32_t kMixedRegions = 0xfffffffeu;

struct TimelineShape {
  size_t events = 0;
  size_t meters = 0;
  size_t threads = 0;  // registered thread slots
  size_t capacity = 0; // records kept (even, at least 2)
};

/// One interval's values: a view into a record (or the sampler's scratch).
class IntervalView {
public:
  IntervalView(const TimelineShape &shape, double *data) : shape(&shape), data(data) {}
  double &tStart() const { return data[0]; }
  double &tEnd() const { return data[1]; }
  double *energy() const { return data + 2; }                  // joules per meter
  double *process() const { return energy() + shape->meters; } // per event
  double &present(size_t thread) const { return threadBase(thread)[0]; }
  double &region(size_t thread) const { return threadBase(thread)[1]; }
  double *counters(size_t thread) const { return threadBase(thread) + 2; }
  const TimelineShape &layout() const { return *shape; }

  static size_t size(const TimelineShape &shape) {
    return 2 + shape.meters + shape.events + shape.threads * (2 + shape.events);
  }
  void clear() const;
  /// Adds a later interval into this one (bounds, sums, regions).
  void absorb(const IntervalView &later) const;

private:
  double *threadBase(size_t thread) const {
    return process() + shape->events + thread * (2 + shape->events);
  }
  const TimelineShape *shape;
  double *data;
};

struct TimelineHeader {
  double periodSeconds = 0;
  double startEpochSeconds = 0;
  std::vector<std::string> events;
  std::vector<std::string> meters;
  std::vector<std::string> meterDomains;
  std::vector<pid_t> threadIds; // per slot, -1 when never used
};

class Timeline {
public:
  explicit Timeline(const TimelineShape &shape);

  /// Folds one sampled interval in; allocation-free.
  void append(const IntervalView &interval);
  /// Records kept, including a partly folded last one.
  size_t records() const { return committed + (folded > 0); }
  IntervalView record(size_t i) const;
  /// Sampled intervals per record now (1, 2, 4...).
  size_t intervalsPerRecord() const { return factor; }
  uint64_t intervalsSampled() const { return sampled; }
  const TimelineShape &layout() const { return shape; }

  /// The timeline as JSON (docs/formats/timeline.md); at most `bound`
  /// intervals when bound > 0, merging neighbours to get there.
  nlohmann::json toJson(const TimelineHeader &header, size_t bound) const;

private:
  void halve();

  TimelineShape shape;
  size_t recordSize;
  /// calloc'd: a large block comes zeroed from the kernel and its pages are
  /// only touched as records fill them, so a program that runs 100 ms does
  /// not pay for faulting in room for 2048 records at start.
  struct Free {
    void operator()(double *p) const { std::free(p); }
  };
  std::unique_ptr<double[], Free> storage;
  size_t committed = 0; // complete records
  size_t folded = 0;    // sampled intervals in the open record
  size_t factor = 1;
  uint64_t sampled = 0;
};

} // namespace energy::meters

#endif
