//===- meters/ThreadMeters.h - One thread's counters and region slot -*- C++ -*-===//
//
// What the runtime keeps per thread, in one object: the thread's own
// counters (opened for the calling thread, mmap pages for rdpmc), the region
// slot the sampler reads, and the thread's registration with the sampler.
// Construct it on the thread it measures (thread start), destroy it on the
// same thread (thread exit): the sampler then has its last deltas.
//
// Hot path: setRegion() is one relaxed store; read() is rdpmc or read(2) and
// allocates nothing. Construction and destruction allocate and lock.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_THREADMETERS_H
#define ENERGY_METERS_THREADMETERS_H

#include "meters/Sampler.h"

#include <atomic>
#include <memory>

namespace energy::meters {

class ThreadMeters {
public:
  /// Opens the calling thread's counters and registers them with `sampler`
  /// (which may be null: counters only).
  ThreadMeters(const MeterSet &meters, Sampler *sampler);
  ~ThreadMeters();
  ThreadMeters(const ThreadMeters &) = delete;
  ThreadMeters &operator=(const ThreadMeters &) = delete;

  /// The region now on top of this thread's stack (kNoRegion for none).
  void setRegion(uint32_t region) { top.store(region, std::memory_order_relaxed); }
  /// This thread's counters now, in MeterSet::events() order; every value is
  /// invalid when no event could be opened.
  void read(CounterValue *out) const;
  /// Whether any counter is open for this thread.
  bool counting() const { return counters != nullptr; }
  /// The thread's column in the timeline, or -1 when it is not sampled.
  int timelineSlot() const { return slot; }

private:
  std::unique_ptr<CounterSet> counters;
  std::atomic<uint32_t> top{kNoRegion};
  Sampler *sampler;
  size_t eventCount;
  int slot = -1;
};

} // namespace energy::meters

#endif
