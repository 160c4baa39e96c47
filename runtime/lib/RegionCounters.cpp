//===- RegionCounters.cpp - perf events read at region boundaries ---------===//
#include "RegionCounters.h"

#include "meters/EnergyMeter.h"
#include "meters/Sources.h"
#include "support/Settings.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

namespace energy::rt {

namespace {

const char *const HardwareDefault[] = {"cycles",        "instructions",    "cache-misses",
                                       "branch-misses", "LLC-load-misses", "task-clock"};
const char *const SoftwareDefault[] = {"task-clock", "page-faults", "context-switches",
                                       "cpu-migrations"};

std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Names;
  size_t Start = 0;
  while (Start <= Text.size()) {
    size_t Comma = Text.find(',', Start);
    if (Comma == std::string::npos)
      Comma = Text.size();
    Names.push_back(Text.substr(Start, Comma - Start));
    Start = Comma + 1;
  }
  return Names;
}

/// Resolves one name for per-thread counting; false with a one-line reason.
bool resolveForThread(const std::string &Name, const std::string &SysfsRoot,
                      meters::EventSpec &Spec, std::string &Error) {
  if (Name.empty()) {
    Error = "an empty event name";
    return false;
  }
  if (!meters::resolveEvent(Name, SysfsRoot, Spec, Error))
    return false;
  if (Spec.cpu >= 0) {
    Error = Name + " counts a whole CPU package, not a thread (use the sampler's "
                   "timeline for it)";
    return false;
  }
  Spec.name = Name;
  Spec.group = 0;
  return true;
}

std::string joined(const std::vector<std::string> &Parts) {
  std::string Text;
  for (const std::string &P : Parts)
    Text += (Text.empty() ? "" : ",") + P;
  return Text;
}

/// Why no event of the set counts, and the way out.
std::string noEventReason(const meters::CounterSet &Set) {
  bool Denied = false;
  int Error = 0;
  for (size_t I = 0; I < Set.size(); ++I) {
    Denied |= Set.status(I) == meters::CounterStatus::PermissionDenied;
    if (!Error)
      Error = Set.openError(I);
  }
  if (Denied) {
    int Level = meters::perfEventParanoid(meters::ProbeOptions{});
    return "perf_event_open refused (kernel.perf_event_paranoid=" +
           (Level == INT_MIN ? std::string("unreadable") : std::to_string(Level)) +
           "): `sudo sysctl kernel.perf_event_paranoid=2` allows counting one's own "
           "threads, or grant CAP_PERFMON";
  }
  return std::string("perf_event_open failed (") + std::strerror(Error ? Error : ENOENT) +
         "): no PMU for these events here (a VM without a virtual PMU?); software "
         "events work everywhere: ENERGY_REGION_EVENTS=task-clock,page-faults";
}

} // namespace

RegionEventRequest parseRegionEvents(const char *Text, bool HardwarePresent,
                                     const std::string &SysfsRoot) {
  RegionEventRequest Request;
  if (!Text || !*Text)
    return Request;
  Request.Requested = true;
  std::vector<std::string> Names;
  if (std::strcmp(Text, "default") == 0) {
    if (HardwarePresent)
      Names.assign(std::begin(HardwareDefault), std::end(HardwareDefault));
    else
      Names.assign(std::begin(SoftwareDefault), std::end(SoftwareDefault));
  } else {
    Names = splitList(Text);
  }
  for (const std::string &Name : Names) {
    bool Duplicate = false;
    for (const meters::EventSpec &Seen : Request.Events)
      Duplicate |= Seen.name == Name;
    if (Duplicate)
      continue;
    meters::EventSpec Spec;
    std::string Error;
    if (!resolveForThread(Name, SysfsRoot, Spec, Error)) {
      Request.Events.clear();
      Request.Problem = "ENERGY_REGION_EVENTS=" + std::string(Text) + ": " + Error +
                        "; per-region counters are off (`energy-stat --list` names "
                        "the events; `default` picks a group)";
      return Request;
    }
    Request.Events.push_back(std::move(Spec));
  }
  if (Request.Events.size() > MaxRegionEvents) {
    Request.Events.clear();
    Request.Problem = "ENERGY_REGION_EVENTS=" + std::string(Text) + ": " +
                      std::to_string(Names.size()) + " events, at most " +
                      std::to_string(MaxRegionEvents) +
                      " fit one group; per-region counters are off (name fewer "
                      "events; the sampler's timeline takes any number)";
  }
  return Request;
}

ThreadCounters::ThreadCounters(std::unique_ptr<meters::CounterSet> S)
    : Set(std::move(S)), N(unsigned(Set->size())) {}

std::unique_ptr<ThreadCounters> ThreadCounters::adopt(std::unique_ptr<meters::CounterSet> Set) {
  if (!Set || Set->size() > MaxRegionEvents || Set->openCount() == 0)
    return nullptr;
  std::unique_ptr<ThreadCounters> T(new (std::nothrow) ThreadCounters(std::move(Set)));
  if (T)
    T->Set->readSelf(T->Last);
  return T;
}

double ThreadCounters::scaledDelta(const meters::CounterValue &D) noexcept {
  if (D.running == D.enabled)
    return double(D.raw);
  Multiplexed = true;
  // Never scheduled in this interval: nothing was counted to scale up.
  if (D.running == 0)
    return 0.0;
  return double(D.raw) * double(D.enabled) / double(D.running);
}

void ThreadCounters::sample() noexcept {
  meters::CounterValue Now[MaxRegionEvents];
  Set->readSelf(Now);
  for (unsigned E = 0; E < N; ++E) {
    if (!Now[E].valid)
      continue;
    if (Last[E].valid) {
      meters::CounterValue D = meters::difference(Now[E], Last[E]);
      Cum[E] += scaledDelta(D);
      Running[E] += D.running;
    }
    Last[E] = Now[E];
  }
}

void ThreadCounters::peek(double *Out) const noexcept {
  meters::CounterValue Now[MaxRegionEvents];
  Set->read(Now);
  for (unsigned E = 0; E < N; ++E) {
    Out[E] = Cum[E];
    if (!Now[E].valid || !Last[E].valid)
      continue;
    meters::CounterValue D = meters::difference(Now[E], Last[E]);
    if (D.running == D.enabled)
      Out[E] += double(D.raw);
    else if (D.running)
      Out[E] += double(D.raw) * double(D.enabled) / double(D.running);
  }
}

void ThreadCounters::openFrame(double *Frame) const noexcept {
  for (unsigned E = 0; E < N; ++E) {
    Frame[E] = Cum[E];
    Frame[N + E] = 0.0;
  }
}

void ThreadCounters::closeFrame(const double *Frame, double *Parent, double *Region,
                                bool Outermost) const noexcept {
  for (unsigned E = 0; E < N; ++E) {
    double Elapsed = Cum[E] - Frame[E];
    if (Region) {
      Region[E] += Elapsed - Frame[N + E];
      if (Outermost)
        Region[N + E] += Elapsed;
    }
    if (Parent)
      Parent[N + E] += Elapsed;
  }
}

void ThreadCounters::reopenAfterFork() noexcept {
  meters::CounterOptions Options;
  Set->open(Options);
  for (unsigned E = 0; E < N; ++E)
    Last[E] = meters::CounterValue{};
  Set->readSelf(Last);
}

void RegionCounting::configure(bool HardwarePresent, const std::string &SysfsRoot,
                               bool ReadAtSamples) {
  AtSamples = ReadAtSamples;
  Request = parseRegionEvents(support::settings().RegionEvents.text(), HardwarePresent, SysfsRoot);
  Enabled = Request.Requested && !Request.Events.empty();
  if (!Request.Problem.empty())
    std::fprintf(stderr, "energypass: %s\n", Request.Problem.c_str());
}

std::unique_ptr<ThreadCounters> RegionCounting::openForCallingThread() noexcept {
  if (!Enabled)
    return nullptr;
  try {
    auto Set = std::make_unique<meters::CounterSet>(Request.Events);
    Set->open(meters::CounterOptions{});
    if (!Described)
      describeFirstOpen(*Set);
    return ThreadCounters::adopt(std::move(Set));
  } catch (const std::bad_alloc &) {
    return nullptr;
  }
}

void RegionCounting::describeFirstOpen(const meters::CounterSet &Set) {
  Described = true;
  if (Set.openCount() == 0) {
    Enabled = false;
    std::vector<std::string> Names;
    for (const meters::EventSpec &S : Request.Events)
      Names.push_back(S.name);
    Detail = "none of " + joined(Names) + " counts: " + noEventReason(Set);
    std::fprintf(stderr, "energypass: no per-region counters: %s\n", Detail.c_str());
    return;
  }
  // Take one reading so that each event's mmap page says where it is.
  meters::CounterValue Values[MaxRegionEvents];
  Set.readSelf(Values);
  std::vector<std::string> ByRdpmc, ByRead, Missing;
  for (size_t I = 0; I < Set.size(); ++I) {
    const std::string &Name = Set.event(I).name;
    if (Set.status(I) != meters::CounterStatus::Counting)
      Missing.push_back(Name + " " + meters::statusText(Set.status(I)));
    else if (Set.rdpmcUsable(I))
      ByRdpmc.push_back(Name);
    else
      ByRead.push_back(Name);
  }
  // Sampled timing has no region boundaries to read at.
  Detail = AtSamples ? "read at every sample of the region stack as one group per thread"
                     : "read at every region entry and exit as one group per thread";
  if (!ByRdpmc.empty())
    Detail += "; by rdpmc: " + joined(ByRdpmc);
  if (!ByRead.empty())
    Detail += "; by read(2): " + joined(ByRead);
  if (!Missing.empty())
    Detail += "; not counted: " + joined(Missing) +
              " (no PMU for it here, or perf_event_paranoid: see the perf-hardware source)";
}

void RegionCounting::merge(const ThreadCounters &T) noexcept {
  for (unsigned E = 0; E < T.size() && E < MaxRegionEvents; ++E)
    RunningNs[E] += T.runningNs(E);
  Multiplexed |= T.multiplexed();
}

void RegionCounting::resetFigures() noexcept {
  for (uint64_t &R : RunningNs)
    R = 0;
  Multiplexed = false;
}

meters::Source RegionCounting::source() const {
  std::string Text;
  bool Present = false, Used = false;
  if (!Request.Requested) {
    Text = "not requested: ENERGY_REGION_EVENTS=default (or a list of perf events) "
           "counts events per region";
  } else if (!Request.Problem.empty()) {
    Text = Request.Problem;
  } else {
    Present = Enabled || !Described;
    Used = Enabled && Described;
    Text = Described ? Detail : "no thread entered a region";
  }
  return {"region-counters", "counters", Present, Used, std::move(Text)};
}

} // namespace energy::rt
