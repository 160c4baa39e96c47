//===- meters/Counters.h - perf_event counters for a thread or process -*- C++ -*-===//
//
// A CounterSet opens a list of events for one task: the calling thread, a
// thread id, or a child process (inherit counts its threads and children too).
// Events with the same EventSpec::group are opened as one perf group so that
// they are scheduled together; all others alone, so the kernel multiplexes
// them and time_enabled/time_running tell how to scale.
//
// Reading is allocation-free. read() works from any thread (read(2) on the
// descriptors). readSelf() is for the counted thread itself at region
// boundaries: it uses rdpmc through each event's mmap page when the kernel
// sets cap_user_rdpmc and the event is on a hardware counter, following the
// seqlock protocol of linux/perf_event.h, and read(2) otherwise.
//
// Thread-safety: open() and close() must not run concurrently with anything
// else on the set; reads may run concurrently (the counted thread's readSelf
// while the sampler calls read), as they share no buffer.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_COUNTERS_H
#define ENERGY_METERS_COUNTERS_H

#include "meters/Events.h"
#include "meters/PerfSys.h"

#include <cstdint>
#include <vector>

namespace energy::meters {

enum class CounterStatus : uint8_t {
  Closed,
  Counting,
  NotSupported,     // the kernel has no such event here (a VM without a PMU)
  PermissionDenied, // perf_event_paranoid or missing CAP_PERFMON
  Failed            // any other error; see openError()
};

struct CounterValue {
  uint64_t raw = 0;     // counted while on the PMU
  uint64_t enabled = 0; // ns the event was enabled
  uint64_t running = 0; // ns it was actually counting
  bool valid = false;   // false when the event is not open or the read failed

  /// The count extrapolated over the enabled time (perf stat's scaling);
  /// NaN when the event never ran.
  double scaled() const;
};

/// The difference between two readings of one counter.
CounterValue difference(const CounterValue &later, const CounterValue &earlier);

struct CounterOptions {
  pid_t pid = 0;              // 0 = calling thread; otherwise a thread or process id
  bool inherit = false;       // count threads and children the task creates later
  bool startDisabled = false; // wait for enable(), whatever enableOnExec says
  bool enableOnExec = false;  // task events start when the task calls exec (energy-stat)
  bool mapPages = true;       // map mmap pages so that readSelf() can use rdpmc
};

class CounterSet {
public:
  /// Members a group may have (more than any PMU schedules together); later
  /// members fail with E2BIG.
  static constexpr size_t kMaxGroupSize = 32;

  explicit CounterSet(std::vector<EventSpec> events, PerfSys &sys = linuxPerfSys());
  ~CounterSet();
  CounterSet(const CounterSet &) = delete;
  CounterSet &operator=(const CounterSet &) = delete;

  /// Opens every event; returns how many opened. Events that fail keep a
  /// status saying why. When the kernel refuses kernel-mode counting
  /// (perf_event_paranoid >= 2) an event is retried user-only, like perf.
  size_t open(const CounterOptions &options);
  void close();

  /// PERF_EVENT_IOC_ENABLE / DISABLE / RESET on every group leader.
  void enable();
  void disable();
  void reset();

  size_t size() const { return slots.size(); }
  const EventSpec &event(size_t i) const { return slots[i].spec; }
  CounterStatus status(size_t i) const { return slots[i].status; }
  int openError(size_t i) const { return slots[i].error; }
  /// True when the event counts user mode only because kernel mode was refused.
  bool fellBackToUser(size_t i) const { return slots[i].userOnly; }
  size_t openCount() const;

  /// Reads every counter with read(2); `out` has size() entries.
  void read(CounterValue *out) const;
  /// Reads from the counted thread: rdpmc where possible, read(2) otherwise.
  void readSelf(CounterValue *out) const;
  /// True when at least one open event can be read with rdpmc right now.
  bool rdpmcUsable() const;
  /// True when event `i` can be read with rdpmc right now (its page allows
  /// user-space reads and the event sits on a hardware counter).
  bool rdpmcUsable(size_t i) const;

private:
  struct Slot {
    EventSpec spec;
    int fd = -1;
    size_t leader = 0;   // slot index of the group leader (itself when alone)
    size_t position = 0; // index in the leader's PERF_FORMAT_GROUP read
    bool grouped = false;
    bool userOnly = false;
    CounterStatus status = CounterStatus::Closed;
    int error = 0;
    const perf_event_mmap_page *page = nullptr;
  };

  int openSlot(size_t i, const CounterOptions &options);
  perf_event_attr attributesFor(size_t i, const CounterOptions &options, bool isLeader) const;
  void readGroup(size_t leader, CounterValue *out) const;
  bool readWithRdpmc(const Slot &slot, CounterValue &out) const;

  PerfSys &sys;
  std::vector<Slot> slots;
  bool inherited = false;
};

/// Text for a CounterStatus, as perf prints it ("<not supported>").
const char *statusText(CounterStatus status);

} // namespace energy::meters

#endif
