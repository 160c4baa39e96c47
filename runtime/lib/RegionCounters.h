//===- RegionCounters.h - perf events read at region boundaries -----------===//
//
// Opt-in per-region counters (ENERGY_REGION_EVENTS=ev1,ev2,... or `default`):
// every thread opens the events as one perf group on itself, and each region
// entry and exit reads the group (rdpmc through the perf mmap page where the
// kernel allows it, one read(2) otherwise). A reading turns into a per-thread
// cumulative value per event, scaled by time_enabled/time_running delta by
// delta, so that a counter behaves exactly like the clock: frames keep its
// value at entry and what their callees counted, and regions get self and
// inclusive counts the way they get self and inclusive time.
//
// ThreadCounters belongs to one thread: sample() and the frame functions run
// on it, allocation-free. A signal handler that enters regions in the middle
// of a sample() may shift a few counts between the regions around it; the
// cumulative counts stay whole, since each reading is differenced from the
// last one stored. peek() may run on another thread (process exit while
// the owner still runs). RegionCounting is the process-wide side and is used
// under the Runtime's lock.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_REGIONCOUNTERS_H
#define ENERGY_RT_REGIONCOUNTERS_H

#include "meters/Counters.h"
#include "meters/Events.h"
#include "meters/Sources.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace energy::rt {

/// Events one group may hold: more than a PMU schedules together, and the
/// bound keeps every per-boundary buffer on the stack.
constexpr unsigned MaxRegionEvents = 8;

/// What ENERGY_REGION_EVENTS asked for, resolved to perf events.
struct RegionEventRequest {
  bool Requested = false;
  std::vector<meters::EventSpec> Events; /// all in group 0
  std::string Problem;                   /// one line: why the list was refused; empty when fine
};

/// Parses the variable's text (null or empty: not requested). `default`
/// means cycles, instructions, cache-misses, branch-misses, LLC-load-misses
/// and task-clock where the CPU's PMU counts, else the software events
/// task-clock, page-faults, context-switches and cpu-migrations.
RegionEventRequest parseRegionEvents(const char *Text, bool HardwarePresent,
                                     const std::string &SysfsRoot);

/// One thread's group and its cumulative, multiplexing-scaled counts.
class ThreadCounters {
public:
  /// Takes over a set opened on the calling thread (at most MaxRegionEvents
  /// events) and takes the first reading; null when no event of it counts.
  static std::unique_ptr<ThreadCounters> adopt(std::unique_ptr<meters::CounterSet> Set);

  unsigned size() const { return N; }
  /// Doubles per frame and per region: self (or start) values, then
  /// inclusive (or children) values, one per event.
  unsigned stride() const { return 2 * N; }

  /// Reads the group now and advances the cumulative counts.
  void sample() noexcept;
  /// The cumulative counts as sample() would make them now, read with
  /// read(2) and without changing anything: for another thread.
  void peek(double *Out) const noexcept;
  const double *cumulative() const { return Cum; }

  /// A frame opens at the current cumulative counts, with no callee counts.
  void openFrame(double *Frame) const noexcept;
  /// Closes `Frame` (a copy of it) at the current counts: its self counts
  /// go to `Region` (null: not kept), its elapsed counts to the region's
  /// inclusive counts when it is the outermost instance and to the callee
  /// counts of `Parent` (null at the bottom of the stack).
  void closeFrame(const double *Frame, double *Parent, double *Region,
                  bool Outermost) const noexcept;

  /// Fork child: the descriptors count the parent's thread; reopen them for
  /// this one and carry on from the same cumulative counts.
  void reopenAfterFork() noexcept;

  /// Whether any reading was scaled for multiplexing (running < enabled).
  bool multiplexed() const { return Multiplexed; }
  /// Nanoseconds each event actually counted on this thread.
  uint64_t runningNs(unsigned E) const { return Running[E]; }
  const meters::CounterSet &set() const { return *Set; }

private:
  explicit ThreadCounters(std::unique_ptr<meters::CounterSet> Set);
  double scaledDelta(const meters::CounterValue &D) noexcept;

  std::unique_ptr<meters::CounterSet> Set;
  unsigned N;
  double Cum[MaxRegionEvents] = {};
  meters::CounterValue Last[MaxRegionEvents];
  uint64_t Running[MaxRegionEvents] = {};
  bool Multiplexed = false;
};

/// The process-wide side: the request, what the threads counted in total,
/// and the `region-counters` source of the report.
class RegionCounting {
public:
  /// Reads ENERGY_REGION_EVENTS; says on stderr, in one line, when the list
  /// is refused or no event opens. ReadAtSamples: the threads read their
  /// groups at each sample (sampled timing), not at region boundaries.
  void configure(bool HardwarePresent, const std::string &SysfsRoot, bool ReadAtSamples);
  bool enabled() const { return Enabled; }
  unsigned size() const { return unsigned(Request.Events.size()); }
  const std::string &eventName(unsigned E) const { return Request.Events[E].name; }

  /// The calling thread's counters, or null when not counting. The first
  /// thread's outcome decides the report's source line; when nothing opens
  /// there, counting stops for every thread.
  std::unique_ptr<ThreadCounters> openForCallingThread() noexcept;
  /// Adds what a thread counted to the process's figures.
  void merge(const ThreadCounters &T) noexcept;
  /// Forgets the merged figures (fork child).
  void resetFigures() noexcept;

  /// Whether event E was ever counted (running time > 0) on a merged thread.
  bool counted(unsigned E) const { return RunningNs[E] > 0; }
  bool scaled() const { return Multiplexed; }

  /// The `region-counters` entry of the report's sources.
  meters::Source source() const;

private:
  void describeFirstOpen(const meters::CounterSet &Set);

  RegionEventRequest Request;
  bool Enabled = false;
  bool AtSamples = false;
  bool Described = false;
  std::string Detail;
  uint64_t RunningNs[MaxRegionEvents] = {};
  bool Multiplexed = false;
};

} // namespace energy::rt

#endif
