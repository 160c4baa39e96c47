//===- Sampler.cpp - The background sampling thread -----------------------===//
#include "meters/Sampler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <system_error>

namespace energy::meters {
namespace {

// An event that was disabled for the whole interval (before exec, for
// energy-stat) counted exactly nothing; one enabled but never scheduled is
// unknown (NaN).
double scaledDelta(const CounterValue &now, const CounterValue &last) {
  CounterValue d = difference(now, last);
  if (d.valid && d.enabled == 0)
    return static_cast<double>(d.raw);
  return d.scaled();
}

} // namespace

Sampler::Sampler(MeterSet &meters, SamplerOptions options, IntervalCallback onInterval)
    : meters(meters), options(options), onInterval(std::move(onInterval)),
      shape{meters.events().size(), meters.meterCount(), options.maxThreads, options.capacity},
      timeline(shape) {
  size_t events = shape.events;
  scratch.assign(IntervalView::size(shape), 0.0);
  lastEnergy.assign(shape.meters, 0.0);
  energyValid.assign(shape.meters, 0);
  processNow.assign(events, CounterValue{});
  processLast.assign(events, CounterValue{});
  threadNow.assign(events, CounterValue{});
  threadLast.assign(events * shape.threads, CounterValue{});
  handedInDeltas.assign(events * shape.threads, 0.0);
  slots.assign(shape.threads, ThreadSlot{});
}

Sampler::~Sampler() { stop(); }

bool Sampler::start() {
  std::lock_guard<std::mutex> guard(lock);
  if (worker.joinable())
    return true;
  // The first interval runs from the meters' baseline, which may be older
  // than the sampler (MeterSet::takeBaseline): no energy falls between.
  lastTime = 0;
  meters.readEnergy(lastEnergy.data(), energyValid.data());
  std::fill(lastEnergy.begin(), lastEnergy.end(), 0.0);
  if (CounterSet *process = meters.processCounters())
    process->read(processLast.data());
  stopping = false;
  // The sampler must not take the program's signals (SIGINT handlers, alarms).
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  bool started = true;
  try {
    worker = std::thread([this] { run(); });
  } catch (const std::system_error &) {
    started = false;
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return started;
}

void Sampler::stop() {
  {
    std::lock_guard<std::mutex> guard(wakeLock);
    if (!worker.joinable())
      return;
    stopping = true;
  }
  wake.notify_all();
  worker.join();
  sampleNow();
}

void Sampler::run() {
  auto next = std::chrono::steady_clock::now() + options.period;
  std::unique_lock<std::mutex> guard(wakeLock);
  for (size_t taken = 1; !stopping; ++taken) {
    if (wake.wait_until(guard, next, [this] { return stopping; }))
      break;
    guard.unlock();
    sampleNow();
    guard.lock();
    // stop() still records the rest of the run as one last interval.
    if (taken == options.stopWithoutEnergyAfter && !anyEnergy) {
      stoppedForNoEnergy = true;
      break;
    }
    next += options.period;
    auto now = std::chrono::steady_clock::now();
    if (next < now) // overslept (a stopped process, an overloaded machine): skip ahead
      next = now + options.period;
  }
}

namespace {
uint32_t readAtomicRegion(const void *region) {
  return static_cast<const std::atomic<uint32_t> *>(region)->load(std::memory_order_relaxed);
}

uint32_t readRegion(const Sampler::RegionProbe &probe, uint32_t otherwise) {
  return probe.read ? probe.read(probe.context) : otherwise;
}
} // namespace

int Sampler::registerThread(CounterSet *counters, const std::atomic<uint32_t> *region, pid_t tid) {
  return registerThread(counters, region ? RegionProbe{readAtomicRegion, region} : RegionProbe{},
                        tid);
}

int Sampler::registerThread(CounterSet *counters, RegionProbe region, pid_t tid) {
  std::lock_guard<std::mutex> guard(lock);
  for (size_t s = 0; s < slots.size(); ++s) {
    if (slots[s].used)
      continue; // slots are never reused: a timeline column is one thread
    slots[s] = ThreadSlot{counters, region, tid, true, true, false};
    if (counters)
      counters->read(&threadLast[s * shape.events]);
    return static_cast<int>(s);
  }
  return -1;
}

void Sampler::takeDeltas(size_t slot, double *into) {
  CounterValue *last = &threadLast[slot * shape.events];
  double *handed = &handedInDeltas[slot * shape.events];
  if (slots[slot].active && slots[slot].counters) {
    slots[slot].counters->read(threadNow.data());
    for (size_t e = 0; e < shape.events; ++e) {
      // `into` may be `handed` itself (unregisterThread): read before clearing.
      double d = scaledDelta(threadNow[e], last[e]) + handed[e];
      handed[e] = 0;
      into[e] = d;
      last[e] = threadNow[e];
    }
    return;
  }
  for (size_t e = 0; e < shape.events; ++e) {
    double d = handed[e];
    handed[e] = 0;
    into[e] = d;
  }
}

void Sampler::unregisterThread(int slot) {
  std::lock_guard<std::mutex> guard(lock);
  if (slot < 0 || static_cast<size_t>(slot) >= slots.size() || !slots[slot].active)
    return;
  takeDeltas(slot, &handedInDeltas[slot * shape.events]);
  slots[slot].active = false;
  slots[slot].handedIn = true;
  slots[slot].counters = nullptr;
  // What the probe reads usually lives in the exiting thread's storage: keep
  // its value.
  slots[slot].regionAtExit = readRegion(slots[slot].region, kNoRegion);
  slots[slot].region = RegionProbe{};
}

void Sampler::sampleThreads(const IntervalView &interval) {
  for (size_t s = 0; s < slots.size(); ++s) {
    ThreadSlot &slot = slots[s];
    if (!slot.active && !slot.handedIn)
      continue;
    interval.present(s) = 1;
    interval.region(s) = readRegion(slot.region, slot.regionAtExit);
    takeDeltas(s, interval.counters(s));
    slot.handedIn = false;
  }
}

void Sampler::sampleNow() {
  std::lock_guard<std::mutex> guard(lock);
  IntervalView interval(shape, scratch.data());
  interval.clear();
  double now = monotonicSeconds() - meters.startMonotonicSeconds();
  interval.tStart() = lastTime;
  interval.tEnd() = now;
  lastTime = now;

  meters.readEnergy(interval.energy(), energyValid.data());
  for (size_t m = 0; m < shape.meters; ++m) {
    // A failed read leaves this interval without energy; the next good read
    // is differenced from the last good one, so nothing is lost or invented.
    double total = interval.energy()[m];
    interval.energy()[m] = energyValid[m] ? total - lastEnergy[m] : std::nan("");
    if (energyValid[m] && total != lastEnergy[m])
      anyEnergy = true;
    if (energyValid[m])
      lastEnergy[m] = total;
  }
  if (CounterSet *process = meters.processCounters()) {
    process->read(processNow.data());
    for (size_t e = 0; e < shape.events; ++e) {
      interval.process()[e] = scaledDelta(processNow[e], processLast[e]);
      processLast[e] = processNow[e];
    }
  } else {
    for (size_t e = 0; e < shape.events; ++e)
      interval.process()[e] = std::numeric_limits<double>::quiet_NaN();
  }
  sampleThreads(interval);
  timeline.append(interval);
  if (onInterval)
    onInterval(interval);
}

nlohmann::json Sampler::timelineJson(size_t bound) const {
  std::lock_guard<std::mutex> guard(lock);
  TimelineHeader header;
  header.periodSeconds = std::chrono::duration<double>(options.period).count();
  header.startEpochSeconds = meters.startEpochSeconds();
  for (const EventSpec &e : meters.events())
    header.events.push_back(e.name);
  for (size_t m = 0; m < meters.meterCount(); ++m) {
    header.meters.push_back(meters.meter(m).name());
    header.meterDomains.push_back(meters.meter(m).domain());
  }
  for (const ThreadSlot &slot : slots)
    header.threadIds.push_back(slot.used ? slot.tid : -1);
  return timeline.toJson(header, bound);
}

EnergyAttribution Sampler::regionEnergy() const {
  size_t taskClock = SIZE_MAX;
  for (size_t e = 0; e < meters.events().size(); ++e) {
    const EventSpec &spec = meters.events()[e];
    if (spec.type == PERF_TYPE_SOFTWARE && spec.config == PERF_COUNT_SW_TASK_CLOCK)
      taskClock = e;
  }
  std::vector<size_t> primary = meters.primaryMeters();
  std::lock_guard<std::mutex> guard(lock);
  double idlePowerW = lowestPower(timeline, primary);
  return {attributeEnergy(timeline, primary, taskClock, idlePowerW), idlePowerW};
}

uint64_t Sampler::intervals() const {
  std::lock_guard<std::mutex> guard(lock);
  return timeline.intervalsSampled();
}

} // namespace energy::meters
