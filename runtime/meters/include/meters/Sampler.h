//===- meters/Sampler.h - The 20 ms background sampler ------------*- C++ -*-===//
//
// A background thread that wakes every period (20 ms by default, as the
// paper's real-time model samples) and records one interval: the energy each
// meter counted since the last wake-up (differenced from the meters, never
// extrapolated), the process counters' deltas, and for each registered
// thread its counter deltas and the region the runtime says is on top of its
// stack. Intervals go to a preallocated Timeline and, optionally, to a
// callback on the sampler thread (the real-time model, energy-stat -I).
//
// Threads created after start register their own counters; a thread that
// unregisters hands in its last deltas, so sums over the timeline equal what
// each thread counted. Registration takes a mutex (thread start and exit are
// rare); the runtime's hot path only stores into its region atomic.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_SAMPLER_H
#define ENERGY_METERS_SAMPLER_H

#include "meters/MeterSet.h"
#include "meters/RegionEnergy.h"
#include "meters/Timeline.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace energy::meters {

struct SamplerOptions {
  std::chrono::nanoseconds period = std::chrono::milliseconds(20);
  size_t capacity = 2048; // timeline records kept (merged pairwise beyond)
  size_t maxThreads = 16; // registered thread slots; later threads are not sampled
  // Stop sampling after this many intervals when no energy meter has read any
  // energy by then (a RAPL PMU with nothing behind it, as some VMs expose); 0
  // samples to the end. For a sampler that runs only for the meters' sake.
  size_t stopWithoutEnergyAfter = 0;
};

/// Called on the sampler thread after each interval; must not block long.
using IntervalCallback = std::function<void(const IntervalView &)>;

class Sampler {
public:
  Sampler(MeterSet &meters, SamplerOptions options = {}, IntervalCallback onInterval = {});
  ~Sampler();
  Sampler(const Sampler &) = delete;
  Sampler &operator=(const Sampler &) = delete;

  /// Starts the thread; false when it cannot be created. Call after
  /// MeterSet::start().
  bool start();
  /// Records the last partial interval and joins the thread. Idempotent.
  void stop();

  /// How the sampler thread learns which region is on top of a thread's
  /// stack: `read(context)`, called under the sampler's lock until the
  /// thread unregisters.
  struct RegionProbe {
    uint32_t (*read)(const void *context) = nullptr;
    const void *context = nullptr;
  };

  /// Registers a thread's counters (from MeterSet::openThreadCounters) and
  /// how to read its top region. Returns the thread's slot, or -1 when all
  /// slots are taken. Thread-safe.
  int registerThread(CounterSet *counters, RegionProbe region, pid_t tid);
  /// The same, the top region being kept in an atomic.
  int registerThread(CounterSet *counters, const std::atomic<uint32_t> *region, pid_t tid);
  /// Takes the thread's last deltas and region and forgets its counters and
  /// region atomic, which the caller may then destroy. Thread-safe.
  void unregisterThread(int slot);

  /// Records one interval now (the thread calls this each period; tests and
  /// energy-stat may call it directly when the thread is not running).
  void sampleNow();

  /// The timeline (docs/formats/timeline.md), at most `bound` intervals when
  /// bound > 0. Thread-safe.
  nlohmann::json timelineJson(size_t bound = 0) const;
  uint64_t intervals() const;
  /// Whether the thread stopped early since no meter read any energy
  /// (SamplerOptions::stopWithoutEnergyAfter).
  bool stoppedWithoutEnergy() const { return stoppedForNoEnergy; }
  /// Measured joules per region so far (meters/RegionEnergy.h), from
  /// MeterSet::primaryMeters() and task-clock when it is counted, the idle
  /// parts at lowestPower() of the timeline. Thread-safe.
  EnergyAttribution regionEnergy() const;
  const TimelineShape &layout() const { return shape; }

private:
  struct ThreadSlot {
    CounterSet *counters = nullptr;
    RegionProbe region;
    pid_t tid = 0;
    bool used = false; // ever registered: a timeline column is one thread
    bool active = false;
    bool handedIn = false;             // unregistered, last deltas not yet recorded
    uint32_t regionAtExit = kNoRegion; // the region when it unregistered
  };

  void run();
  void sampleThreads(const IntervalView &interval);
  void takeDeltas(size_t slot, double *into);

  MeterSet &meters;
  SamplerOptions options;
  IntervalCallback onInterval;
  TimelineShape shape;
  Timeline timeline;

  // Sampler-side state, preallocated.
  std::vector<double> scratch; // the interval being recorded
  std::vector<double> lastEnergy;
  std::vector<uint8_t> energyValid;
  std::vector<CounterValue> processNow, processLast;
  std::vector<CounterValue> threadNow;
  std::vector<CounterValue> threadLast; // maxThreads x events
  std::vector<double> handedInDeltas;   // maxThreads x events
  std::vector<ThreadSlot> slots;
  double lastTime = 0;

  mutable std::mutex lock; // slots, timeline, scratch
  std::mutex wakeLock;
  std::condition_variable wake;
  bool stopping = false;
  std::atomic<bool> anyEnergy{false};
  std::atomic<bool> stoppedForNoEnergy{false};
  std::thread worker;
};

} // namespace energy::meters

#endif
