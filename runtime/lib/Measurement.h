//===- Measurement.h - The meters and the sampler of one measured process -===//
//
// Everything libenergyrt measures rather than counts: the sources probed at
// start-up (hardware and software counters, RAPL through powercap or the perf
// power PMU, NVML), the 20 ms sampler and its timeline, and each thread's own
// counters registered with the sampler so that measured energy can be split
// among regions (energy_j.measured). Probing is cheap and always done, so the
// report always says which sources exist and how to enable the missing ones;
// the sampler thread runs only when an energy meter is present,
// ENERGY_TIMELINE=1, or ENERGY_SAMPLE_MS asks for it (0 turns it off).
// It also holds the per-region counter request (ENERGY_REGION_EVENTS,
// RegionCounters.h), configured at start-up from what the probe found.
//
// Thread-safety: every function is called under the Runtime's lock, except
// that the sampler thread reads ThreadState::TopRegion on its own.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_MEASUREMENT_H
#define ENERGY_RT_MEASUREMENT_H

#include "RegionCounters.h"
#include "ThreadState.h"

#include "meters/MeterSet.h"
#include "meters/Sampler.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace energy::rt {

class Measurement {
public:
  /// Probes the sources and starts the sampler when it is wanted. Unless
  /// per-region counters are asked for, the probe creates no perf event and
  /// the sampler's counters are opened on a thread of their own: the first
  /// per-task perf event a machine opens in a while waits for an RCU grace
  /// period (10-25 ms on a VM), which the program need not wait for; and a
  /// program without meters stays single-threaded. Idempotent.
  void start() noexcept;
  /// Waits until start() has probed and started everything.
  void awaitStart() const noexcept;
  /// Opens the calling thread's counters and registers it with the sampler
  /// (or, while start() still runs, has it do that for the thread).
  void attachCallingThread(ThreadState &T) noexcept;
  /// Hands in the calling thread's last deltas and closes its counters.
  void detachCallingThread(ThreadState &T) noexcept;
  /// Records the last interval and stops the sampler and the meters.
  void stop() noexcept;
  /// Fork child: the sampler thread does not exist there; forget it (and
  /// the meters, whose process counters count the parent) without joining.
  void abandonAfterFork() noexcept;

  /// Whether the calling thread is creating the runtime's own sampler
  /// thread, which `pthread_create` must not measure as one of the program's.
  static bool creatingInternalThread() noexcept;

  /// The report's meter sources (docs/formats/report.md); empty when the
  /// probe never ran. Throws std::bad_alloc.
  std::vector<meters::Source> sources() const;
  /// The timeline (docs/formats/timeline.md), or null when not sampled.
  nlohmann::json timelineJson() const;
  /// Measured joules per region report id; empty when no meter was read.
  meters::EnergyAttribution regionEnergy() const;
  /// Whether an energy meter was sampled and counted something (after stop).
  bool measuresEnergy() const;

  RegionCounting &regionCounting() { return Regions; }
  const RegionCounting &regionCounting() const { return Regions; }

private:
  void configureRegionCounting();
  /// Whether the meters could be probed (CreateEvents: as ProbeOptions).
  bool probeMeters(bool CreateEvents) noexcept;
  /// Period: as ENERGY_SAMPLE_MS says (-1 unset).
  bool samplerWanted(long Period) const;
  /// Opens the process counters and starts the sampler thread.
  void startSampler(long Period) noexcept;
  /// The starter thread: the sampler, then the threads that waited for it.
  void runStarter(long Period) noexcept;
  /// Whether a meter counts energy within the sampler's silent intervals
  /// (false at once when stop() comes first).
  bool awaitEnergy() noexcept;
  /// Marks the start done and attaches the threads that waited for it.
  void finishStart() noexcept;
  void attachThread(ThreadState &T) noexcept;

  std::unique_ptr<meters::MeterSet> Meters;
  std::unique_ptr<meters::Sampler> Sampler;
  std::vector<meters::Source> SourcesAfterFork; /// the parent's, in a fork child
  RegionCounting Regions;
  bool Started = false;
  std::atomic<bool> Stopped{false};
  /// The thread running start()'s probe, joinable until awaitStart().
  mutable std::thread Starter;
  mutable std::mutex StarterJoin;
  /// Guards Ready and Pending: threads that attached before the start was
  /// done, attached by the starter when it is.
  std::mutex StartLock;
  std::atomic<bool> Ready{false};
  std::vector<ThreadState *> Pending;
  /// Wakes the starter from waiting for a meter when the program ends.
  std::mutex PollLock;
  std::condition_variable PollWake;
  bool StopStarting = false;
};

} // namespace energy::rt

#endif
