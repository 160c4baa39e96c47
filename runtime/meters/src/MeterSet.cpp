//===- MeterSet.cpp - Every counter and meter of one process --------------===//
#include "meters/MeterSet.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>

namespace energy::meters {
namespace {

double clockSeconds(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// A meter that stays at 0 J over this long is not backed by hardware.
constexpr double kSilentMeterSeconds = 0.05;

std::vector<EventSpec> resolveDefaults(const std::string &root) {
  std::vector<EventSpec> events;
  for (const std::string &name : defaultEvents()) {
    EventSpec spec;
    std::string error;
    if (resolveEvent(name, root, spec, error))
      events.push_back(std::move(spec));
  }
  return events;
}

} // namespace

double monotonicSeconds() { return clockSeconds(CLOCK_MONOTONIC); }
double epochSeconds() { return clockSeconds(CLOCK_REALTIME); }

MeterSet::MeterSet(const ProbeOptions &options, std::vector<EventSpec> events)
    : sys(options.perf ? *options.perf : linuxPerfSys()), options(options),
      eventSpecs(std::move(events)) {}

std::unique_ptr<MeterSet> MeterSet::probe(const ProbeOptions &options,
                                          std::vector<EventSpec> events) {
  if (events.empty())
    events = resolveDefaults(sysfsRoot(options.sysfsRoot));
  std::unique_ptr<MeterSet> set(new MeterSet(options, std::move(events)));
  set->probeCounters();
  for (auto discover : {discoverPowercap, discoverPerfPower, discoverNvml}) {
    MeterDiscovery found = discover(options);
    for (auto &meter : found.meters)
      set->meters.push_back(std::move(meter));
    set->sourceList.push_back(std::move(found.source));
  }
  return set;
}

void MeterSet::probeCounters() {
  Source hardware = probeHardwareCounters(options);
  Source software = probeSoftwareCounters(options);
  Source rdpmc = probeRdpmc(options, hardware.present);
  sourceList.push_back(std::move(hardware));
  sourceList.push_back(std::move(software));
  sourceList.push_back(std::move(rdpmc));
}

CounterOptions MeterSet::inheritedCounting() {
  CounterOptions o;
  o.inherit = true;
  o.mapPages = false;
  return o;
}

Source *MeterSet::findSource(const std::string &name) {
  for (Source &s : sourceList)
    if (s.name == name)
      return &s;
  return nullptr;
}

void MeterSet::takeBaseline() {
  {
    std::lock_guard<std::mutex> guard(meterLock);
    baseline.assign(meters.size(), 0.0);
    for (size_t i = 0; i < meters.size(); ++i)
      meters[i]->read(baseline[i]);
  }
  startMonotonic = monotonicSeconds();
  startEpoch = epochSeconds();
  baselineTaken = true;
}

bool MeterSet::energySinceBaseline() {
  std::lock_guard<std::mutex> guard(meterLock);
  for (size_t i = 0; i < meters.size(); ++i)
    if (double j = 0; meters[i]->read(j) && i < baseline.size() && j != baseline[i])
      return true;
  return false;
}

void MeterSet::noteMetersThatDidNotStart(double seconds, bool programEnded) {
  char waited[32];
  std::snprintf(waited, sizeof waited, "%.3f s", seconds);
  const char *why = programEnded ? "the program ended before any meter counted"
                                 : "no hardware behind the interface (a VM), so no sampling";
  for (const auto &meter : meters)
    if (Source *s = findSource(meter->source())) {
      s->detail += "; " + meter->name() + " counted nothing in the first " + waited + ": " + why;
      s->used = false;
    }
}

bool MeterSet::start(const CounterOptions &counting) {
  process = std::make_unique<CounterSet>(eventSpecs, sys);
  process->open(counting);
  if (!baselineTaken)
    takeBaseline();
  started = true;
  describeCounters();
  return process->openCount() > 0 || !meters.empty();
}

// After start(): say which of the requested events count and which do not.
void MeterSet::describeCounters() {
  size_t hardwareOpen = 0, hardwareAsked = 0, softwareOpen = 0;
  std::string missing;
  for (size_t i = 0; i < process->size(); ++i) {
    bool software = process->event(i).type == PERF_TYPE_SOFTWARE;
    bool open = process->status(i) == CounterStatus::Counting;
    hardwareAsked += !software;
    hardwareOpen += !software && open;
    softwareOpen += software && open;
    if (!open)
      missing += (missing.empty() ? "" : ",") + process->event(i).name;
  }
  if (Source *hw = findSource("perf-hardware")) {
    hw->used = hardwareOpen > 0;
    if (hardwareAsked > 0)
      hw->detail += "; " + std::to_string(hardwareOpen) + " of " + std::to_string(hardwareAsked) +
                    " hardware events counting";
  }
  if (Source *sw = findSource("perf-software"))
    sw->used = softwareOpen > 0;
  if (!missing.empty())
    if (Source *hw = findSource("perf-hardware"))
      hw->detail += "; <not supported>: " + missing;
}

Reading MeterSet::makeReading() const {
  Reading r;
  r.counters.resize(eventSpecs.size());
  r.joules.resize(meters.size());
  r.energyValid.resize(meters.size());
  return r;
}

void MeterSet::readEnergy(double *joules, uint8_t *valid) {
  std::lock_guard<std::mutex> guard(meterLock);
  for (size_t i = 0; i < meters.size(); ++i) {
    double j = 0;
    valid[i] = meters[i]->read(j);
    joules[i] = valid[i] ? j - (i < baseline.size() ? baseline[i] : 0.0)
                         : std::numeric_limits<double>::quiet_NaN();
  }
}

void MeterSet::readAll(Reading &out) {
  out.seconds = monotonicSeconds() - startMonotonic;
  if (process)
    process->read(out.counters.data());
  readEnergy(out.joules.data(), out.energyValid.data());
}

// A meter that read 0 J is never reported as having measured anything: after
// a long run it is an interface without hardware behind it (a VM), after a
// very short one it simply had nothing to count yet. Either way 0 J would be a
// made-up measurement.
void MeterSet::noteSilentMeters(const Reading &last) {
  const char *why = last.seconds < kSilentMeterSeconds
                        ? "too short a run for this meter to advance"
                        : "the interface exists but no RAPL hardware backs it (a VM)";
  for (size_t i = 0; i < meters.size(); ++i) {
    if (!last.energyValid[i] || last.joules[i] != 0)
      continue;
    Source *s = findSource(meters[i]->source());
    if (!s || s->detail.find("read 0 J") != std::string::npos)
      continue;
    s->detail +=
        "; " + meters[i]->name() + " read 0 J in " + std::to_string(last.seconds) + " s: " + why;
    bool anyMoving = false;
    for (size_t j = 0; j < meters.size(); ++j)
      anyMoving |= meters[j]->source() == s->name && last.energyValid[j] && last.joules[j] > 0;
    s->used = anyMoving;
  }
}

void MeterSet::stop() {
  if (!started)
    return;
  Reading last = makeReading();
  readAll(last);
  noteSilentMeters(last);
  if (process)
    process->close();
}

std::unique_ptr<CounterSet> MeterSet::openThreadCounters(pid_t tid) const {
  auto set = std::make_unique<CounterSet>(eventSpecs, sys);
  CounterOptions counting;
  counting.pid = tid;
  return set->open(counting) > 0 ? std::move(set) : nullptr;
}

std::vector<size_t> primaryMeters(const std::vector<std::unique_ptr<EnergyMeter>> &meters) {
  auto pick = [&](const std::string &source, const std::string &domain) {
    std::vector<size_t> found;
    for (size_t i = 0; i < meters.size(); ++i)
      if (meters[i]->source() == source && meters[i]->domain() == domain)
        found.push_back(i);
    return found;
  };
  std::vector<size_t> chosen;
  for (const char *source : {"rapl-powercap", "perf-power"}) {
    chosen = pick(source, "psys");
    if (chosen.empty()) {
      chosen = pick(source, "package");
      std::vector<size_t> dram = pick(source, "dram");
      chosen.insert(chosen.end(), dram.begin(), dram.end());
    }
    if (!chosen.empty())
      break;
  }
  std::vector<size_t> gpus = pick("nvml", "gpu");
  chosen.insert(chosen.end(), gpus.begin(), gpus.end());
  return chosen;
}

std::vector<size_t> MeterSet::primaryMeters() const { return meters::primaryMeters(meters); }

} // namespace energy::meters
