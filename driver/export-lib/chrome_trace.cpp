//===- chrome_trace.cpp - Building Chrome trace events from timelines -----===//
#include "energy/export/chrome_trace.h"

#include "energy/report/region_paths.h"

#include <algorithm>
#include <set>

namespace energy::exporter {

using nlohmann::json;
using report::Report;
using report::Timeline;
using report::TimelineInterval;
using report::TimelineThreadEntry;

namespace {

constexpr long long ProcessWide = 0; // the tid of counters and metadata

double micros(double Seconds) { return Seconds * 1e6; }

/// One process of the trace (a report, or a process of a merged report).
struct TracedProcess {
  const Report &report;
  InputProcess process;
};

/// Where one process's events go in the trace.
struct Process {
  const TracedProcess &traced;
  long long pid;
  double offsetSeconds; // this timeline's t = 0 in the trace's time
  json &events;

  const Report &report() const { return traced.report; }
  const InputProcess &input() const { return traced.process; }
  const Timeline &timeline() const { return *input().timeline; }

  long long tid(uint64_t Slot) const {
    auto It = timeline().threadIds.find(Slot);
    // Unknown tids get slot + 1, so none is the process-wide 0.
    return It != timeline().threadIds.end() ? static_cast<long long>(It->second)
                                            : static_cast<long long>(Slot) + 1;
  }
  std::string threadName(uint64_t Slot) const {
    return "thread " + std::to_string(Slot) + " (tid " + std::to_string(tid(Slot)) + ")";
  }
  double ts(double Seconds) const { return micros(offsetSeconds + Seconds); }

  void metadata(const char *Name, long long Tid, json Args) const {
    events.push_back({{"ph", "M"},
                      {"name", Name},
                      {"pid", pid},
                      {"tid", Tid},
                      {"ts", 0},
                      {"args", std::move(Args)}});
  }
  void counter(const std::string &Name, double Seconds, const char *Unit, double Value) const {
    events.push_back({{"ph", "C"},
                      {"name", Name},
                      {"pid", pid},
                      {"tid", ProcessWide},
                      {"ts", ts(Seconds)},
                      {"args", {{Unit, Value}}}});
  }
};

std::vector<uint64_t> threadSlots(const Timeline &T) {
  std::set<uint64_t> Slots;
  for (const TimelineInterval &I : T.intervals)
    for (const TimelineThreadEntry &E : I.threads)
      Slots.insert(E.thread);
  return {Slots.begin(), Slots.end()};
}

void processMetadata(const Process &P, size_t SortIndex) {
  P.metadata("process_name", ProcessWide, {{"name", P.input().name}});
  P.metadata("process_labels", ProcessWide, {{"labels", P.input().origin}});
  P.metadata("process_sort_index", ProcessWide, {{"sort_index", SortIndex}});
  if (!P.input().timeline)
    return;
  for (uint64_t Slot : threadSlots(P.timeline()))
    P.metadata("thread_name", P.tid(Slot), {{"name", P.threadName(Slot)}});
}

/// Power per meter: each good reading's energy over the time since the
/// previous good one, so a failed reading's interval is covered by the next.
void powerCounters(const Process &P) {
  const Timeline &T = P.timeline();
  if (T.intervals.empty())
    return;
  for (size_t M = 0; M < T.meters.size(); ++M) {
    std::string Name = "power " + T.meters[M].name + " (" + T.meters[M].domain + ")";
    double SpanStart = T.intervals.front().start, Joules = 0.0;
    for (const TimelineInterval &I : T.intervals) {
      if (!I.energy[M])
        continue;
      Joules += *I.energy[M];
      if (I.end <= SpanStart)
        continue; // no time to divide by yet: carried to the next reading
      P.counter(Name, SpanStart, "W", Joules / (I.end - SpanStart));
      SpanStart = I.end;
      Joules = 0.0;
    }
    P.counter(Name, T.intervals.back().end, "W", 0.0);
  }
}

/// A region's average rate of a count over its self time: what the thread
/// is estimated to run while the region is on top.
double regionRate(const report::Region &R, double Count) {
  return R.selfSeconds > 0 ? Count / R.selfSeconds : 0.0;
}

void threadRates(const Process &P, const TimelineThreadEntry *E, const TimelineInterval &I,
                 uint64_t Slot, double At) {
  const Timeline &T = P.timeline();
  std::string Thread = P.threadName(Slot) + " ";
  const report::Region *Top = E && E->region ? &P.report().regions[*E->region] : nullptr;
  P.counter(Thread + "FLOP rate (estimate)", At, "FLOP/s",
            Top ? regionRate(*Top, static_cast<double>(Top->flops)) : 0.0);
  P.counter(Thread + "byte rate (estimate)", At, "B/s",
            Top ? regionRate(*Top, static_cast<double>(Top->bytesMoved())) : 0.0);
  if (!E || I.end <= I.start)
    return;
  for (size_t K = 0; K < T.events.size(); ++K)
    if (E->counters[K])
      P.counter(Thread + T.events[K] + " rate", At, "per s", *E->counters[K] / (I.end - I.start));
}

/// Per thread, rates in every interval from its first appearance on (0
/// once it is gone), and 0 at the timeline's end.
void threadCounters(const Process &P) {
  const Timeline &T = P.timeline();
  std::set<uint64_t> Seen;
  for (const TimelineInterval &I : T.intervals) {
    std::set<uint64_t> Present;
    for (const TimelineThreadEntry &E : I.threads) {
      threadRates(P, &E, I, E.thread, I.start);
      Present.insert(E.thread);
      Seen.insert(E.thread);
    }
    for (uint64_t Slot : Seen)
      if (!Present.count(Slot))
        threadRates(P, nullptr, I, Slot, I.start);
  }
  if (!T.intervals.empty())
    for (uint64_t Slot : Seen)
      threadRates(P, nullptr, T.intervals.back(), Slot, T.intervals.back().end);
}

struct OpenSlice {
  uint64_t region;
  double start;
};

void closeSlices(const Process &P, long long Tid, std::vector<OpenSlice> &Open, size_t Keep,
                 double End) {
  while (Open.size() > Keep) {
    const OpenSlice &S = Open.back();
    const report::Region &R = P.report().regions[S.region];
    P.events.push_back({{"ph", "X"},
                        {"name", report::displayName(R)},
                        {"cat", R.kind},
                        {"pid", P.pid},
                        {"tid", Tid},
                        {"ts", P.ts(S.start)},
                        {"dur", micros(End - S.start)},
                        {"args", {{"file", R.file}, {"line", R.line}}}});
    Open.pop_back();
  }
}

/// One thread's stack of slices: the region on top at each interval's end
/// and its enclosing regions; a slice lasts while its stack prefix does.
void threadSlices(const Process &P, uint64_t Slot) {
  const Timeline &T = P.timeline();
  std::vector<OpenSlice> Open;
  for (const TimelineInterval &I : T.intervals) {
    auto E = std::find_if(I.threads.begin(), I.threads.end(),
                          [&](const TimelineThreadEntry &X) { return X.thread == Slot; });
    std::vector<uint64_t> Stack;
    if (E != I.threads.end() && E->region)
      Stack = report::nestingPath(P.report(), *E->region);
    size_t Common = 0;
    while (Common < Open.size() && Common < Stack.size() && Open[Common].region == Stack[Common])
      ++Common;
    closeSlices(P, P.tid(Slot), Open, Common, I.start);
    for (size_t K = Common; K < Stack.size(); ++K)
      Open.push_back({Stack[K], I.start});
  }
  if (!T.intervals.empty())
    closeSlices(P, P.tid(Slot), Open, 0, T.intervals.back().end);
}

/// Process ids as the processes give them, the later of two equal ones
/// moved past every other.
std::vector<long long> uniquePids(const std::vector<TracedProcess> &Processes) {
  std::vector<long long> Pids;
  long long Highest = 0;
  for (const TracedProcess &P : Processes)
    Highest = std::max(Highest, P.process.pid);
  std::set<long long> Used;
  for (const TracedProcess &P : Processes) {
    Pids.push_back(Used.insert(P.process.pid).second ? P.process.pid : ++Highest);
    Used.insert(Pids.back());
  }
  return Pids;
}

/// Timelines start at their process's own t = 0; their UNIX start times line
/// them up (when every one has one).
std::vector<double> startOffsets(const std::vector<TracedProcess> &Processes) {
  std::vector<double> Offsets(Processes.size(), 0.0);
  double Earliest = 0.0;
  bool First = true;
  for (const TracedProcess &P : Processes) {
    if (!P.process.timeline)
      continue;
    if (!P.process.timeline->startEpochSeconds)
      return Offsets;
    double Start = *P.process.timeline->startEpochSeconds;
    Earliest = First ? Start : std::min(Earliest, Start);
    First = false;
  }
  for (size_t I = 0; I < Processes.size(); ++I)
    if (Processes[I].process.timeline)
      Offsets[I] = *Processes[I].process.timeline->startEpochSeconds - Earliest;
  return Offsets;
}

/// Every process of every input, in order: a merged report's processes are
/// tracks of their own.
std::vector<TracedProcess> tracedProcesses(const std::vector<ExportInput> &Inputs) {
  std::vector<TracedProcess> Processes;
  for (const ExportInput &In : Inputs)
    for (InputProcess &P : In.processes())
      Processes.push_back({In.report, std::move(P)});
  return Processes;
}

} // namespace

json chromeTrace(const std::vector<ExportInput> &Inputs, const std::string &Exporter) {
  json Events = json::array();
  std::vector<TracedProcess> Processes = tracedProcesses(Inputs);
  std::vector<long long> Pids = uniquePids(Processes);
  std::vector<double> Offsets = startOffsets(Processes);
  json Reports = json::array();
  for (size_t I = 0; I < Processes.size(); ++I) {
    Process P{Processes[I], Pids[I], Offsets[I], Events};
    Reports.push_back({{"report", P.input().origin},
                       {"pid", P.pid},
                       {"timeline", P.input().timeline.has_value()}});
    processMetadata(P, I);
    if (!P.input().timeline)
      continue;
    powerCounters(P);
    threadCounters(P);
    for (uint64_t Slot : threadSlots(P.timeline()))
      threadSlices(P, Slot);
  }
  return {{"traceEvents", std::move(Events)},
          {"displayTimeUnit", "ms"},
          {"otherData",
           {{"exporter", Exporter},
            {"reports", std::move(Reports)},
            {"rates", "FLOP and byte rates are estimates: the exact self FLOPs or "
                      "bytes of the region on top of the thread's stack over that "
                      "region's self time"}}}};
}

} // namespace energy::exporter
