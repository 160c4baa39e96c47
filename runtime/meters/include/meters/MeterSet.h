//===- meters/MeterSet.h - Every counter and meter of one process --*- C++ -*-===//
//
// The runtime's entry point into this library. Integration is a few calls:
//
//   auto meters = MeterSet::probe();       // at start-up: find every source
//   meters->start();                        // count the process (inherit)
//   Sampler sampler(*meters, {}, onInterval); sampler.start();   // timeline
//   per thread: meters->openThreadCounters() + sampler.registerThread(...)
//   at region boundaries: counters->readSelf(values)              // rdpmc
//   at exit: sampler.stop(); meters->stop();
//            report's sources: meters->sources()
//            report["timeline"] = sampler.timelineJson(bound);
//
// No exception crosses this API; failures are statuses and Source details.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_METERSET_H
#define ENERGY_METERS_METERSET_H

#include "meters/Counters.h"
#include "meters/EnergyMeter.h"
#include "meters/Sources.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace energy::meters {

/// One reading of everything, preallocated by MeterSet::makeReading().
struct Reading {
  double seconds = 0;                 // monotonic seconds since MeterSet::start()
  std::vector<CounterValue> counters; // process counters, in events() order
  std::vector<double> joules;         // per meter, since start()
  std::vector<uint8_t> energyValid;   // per meter: 1 when the read succeeded
};

class MeterSet {
public:
  /// Probes every source and opens the energy meters. `events` defaults to
  /// defaultEvents() (the paper's 22, task-clock and page-faults).
  static std::unique_ptr<MeterSet> probe(const ProbeOptions &options = {},
                                         std::vector<EventSpec> events = {});

  /// Opens the process counters (by default the calling process, inherited by
  /// the threads it creates later) and takes the energy baseline, unless
  /// takeBaseline() took it already.
  bool start(const CounterOptions &options = inheritedCounting());
  /// Takes the last reading (to spot meters that never moved) and closes the
  /// process counters; after no start(), nothing.
  void stop();

  /// Takes the energy baseline now: what the meters count from here on is
  /// measured, whenever start() comes.
  void takeBaseline();
  /// Whether any meter has counted energy since the baseline.
  bool energySinceBaseline();
  /// Says on each meter's source that it counted nothing in the first
  /// `seconds` (an interface without hardware behind it, as a VM's power PMU
  /// is, or a program that ended first), and that it is not used.
  void noteMetersThatDidNotStart(double seconds, bool programEnded);

  static CounterOptions inheritedCounting();

  Reading makeReading() const;
  /// Counters and meters now. Allocation-free; callable from any thread.
  void readAll(Reading &out);
  /// Meters only (serialised with readAll): joules since start() per meter.
  void readEnergy(double *joules, uint8_t *valid);

  /// Counters for one thread (0: the calling one), not inherited, with mmap
  /// pages for rdpmc. For threads created after start() that need their own
  /// counts; null when no event opens.
  std::unique_ptr<CounterSet> openThreadCounters(pid_t tid = 0) const;

  const std::vector<EventSpec> &events() const { return eventSpecs; }
  size_t meterCount() const { return meters.size(); }
  const EnergyMeter &meter(size_t i) const { return *meters[i]; }
  /// The free primaryMeters() of this set's meters.
  std::vector<size_t> primaryMeters() const;
  CounterSet *processCounters() { return process.get(); }
  double startEpochSeconds() const { return startEpoch; }
  double startMonotonicSeconds() const { return startMonotonic; }

  /// The report's `sources` entries of the meters (docs/formats/report.md).
  const std::vector<Source> &sources() const { return sourceList; }

  PerfSys &perf() const { return sys; }

private:
  MeterSet(const ProbeOptions &options, std::vector<EventSpec> events);
  void probeCounters();
  void describeCounters();
  void noteSilentMeters(const Reading &last);
  Source *findSource(const std::string &name);

  PerfSys &sys;
  ProbeOptions options;
  std::vector<EventSpec> eventSpecs;
  std::vector<std::unique_ptr<EnergyMeter>> meters;
  std::vector<Source> sourceList;
  std::unique_ptr<CounterSet> process;
  std::mutex meterLock;         // meters keep unwrap state: one reader at a time
  std::vector<double> baseline; // joules per meter at start()
  double startEpoch = 0;
  double startMonotonic = 0;
  bool baselineTaken = false;
  bool started = false;
};

/// Monotonic and wall-clock time in seconds.
double monotonicSeconds();
double epochSeconds();

} // namespace energy::meters

#endif
