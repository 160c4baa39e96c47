//===- Measurement.cpp - Probing sources, sampling, thread counters -------===//
#include "Measurement.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace energy::rt {

namespace {

constexpr long DefaultPeriodMs = 20;
constexpr long MaxPeriodMs = 60000;

/// Sampler threads being started and not yet claimed by pthread_create.
std::atomic<int> InternalThreadStarts{0};

bool flagSet(const char *Name) {
  const char *Text = std::getenv(Name);
  return Text && *Text && std::strcmp(Text, "0") != 0;
}

/// ENERGY_SAMPLE_MS: the period in milliseconds, 0 for no sampler, or -1
/// when unset (the sampler then runs only when it has something to record).
long requestedPeriodMs() {
  const char *Text = std::getenv("ENERGY_SAMPLE_MS");
  if (!Text || !*Text)
    return -1;
  char *End = nullptr;
  long Value = std::strtol(Text, &End, 10);
  if (*End || Value < 0 || Value > MaxPeriodMs) {
    std::fprintf(stderr,
                 "energypass: ignoring ENERGY_SAMPLE_MS=%s (want milliseconds "
                 "from 0, no sampler, to %ld); using %ld\n",
                 Text, MaxPeriodMs, DefaultPeriodMs);
    return -1;
  }
  return Value;
}

} // namespace

void Measurement::start() noexcept {
  if (Started)
    return;
  Started = true;
  try {
    Meters = meters::MeterSet::probe();
    if (!Meters)
      return;
    long Period = requestedPeriodMs();
    bool Wanted = Period > 0 || (Period < 0 && (Meters->meterCount() > 0 ||
                                                flagSet("ENERGY_TIMELINE")));
    // Process counters only matter for the timeline: without a sampler no
    // one reads them, so they are not opened.
    if (!Wanted)
      return;
    Meters->start();
    meters::SamplerOptions Options;
    Options.period = std::chrono::milliseconds(Period > 0 ? Period : DefaultPeriodMs);
    Sampler = std::make_unique<meters::Sampler>(*Meters, Options);
    InternalThreadStarts.fetch_add(1);
    if (!Sampler->start()) {
      InternalThreadStarts.fetch_sub(1);
      Sampler.reset();
      std::fprintf(stderr, "energypass: cannot start the sampler thread; no "
                           "timeline and no measured energy per region\n");
    }
  } catch (...) {
    Sampler.reset();
    std::fprintf(stderr, "energypass: out of memory while probing the "
                         "meters; no measured sources\n");
  }
}

bool Measurement::claimInternalThread() noexcept {
  int Pending = InternalThreadStarts.load();
  while (Pending > 0)
    if (InternalThreadStarts.compare_exchange_weak(Pending, Pending - 1))
      return true;
  return false;
}

void Measurement::attachCallingThread(ThreadState &T) noexcept {
  if (!Sampler || Stopped || T.SamplerSlot >= 0)
    return;
  try {
    std::unique_ptr<meters::CounterSet> Counters = Meters->openThreadCounters();
    T.SamplerSlot = Sampler->registerThread(Counters.get(), &T.TopRegion, gettid());
    if (T.SamplerSlot >= 0)
      T.MeterCounters = Counters.release();
  } catch (...) {
    T.SamplerSlot = -1;
  }
}

void Measurement::detachCallingThread(ThreadState &T) noexcept {
  if (T.SamplerSlot < 0)
    return;
  if (Sampler && !Stopped)
    Sampler->unregisterThread(T.SamplerSlot);
  T.SamplerSlot = -1;
  // After the sampler stopped nothing reads the counters any more.
  delete static_cast<meters::CounterSet *>(T.MeterCounters);
  T.MeterCounters = nullptr;
}

void Measurement::stop() noexcept {
  if (Stopped)
    return;
  Stopped = true;
  if (Sampler)
    Sampler->stop();
  if (Meters)
    Meters->stop();
}

void Measurement::abandonAfterFork() noexcept {
  // Destroying them would join a thread that only the parent has, and its
  // locks may be held by that thread forever.
  try {
    if (Meters)
      SourcesAfterFork = Meters->sourcesJson();
  } catch (...) {
    SourcesAfterFork.clear();
  }
  (void)Sampler.release();
  (void)Meters.release();
  Stopped = true;
}

nlohmann::json Measurement::sourcesJson() const {
  std::string Text = Meters ? Meters->sourcesJson() : SourcesAfterFork;
  nlohmann::json Sources = nlohmann::json::parse(Text, nullptr, false);
  return Sources.is_array() ? Sources : nlohmann::json::array();
}

nlohmann::json Measurement::timelineJson() const {
  if (!Sampler)
    return nullptr;
  nlohmann::json Timeline = nlohmann::json::parse(Sampler->timelineJson(), nullptr, false);
  return Timeline.is_discarded() ? nlohmann::json(nullptr) : Timeline;
}

std::map<uint32_t, meters::RegionShare> Measurement::regionEnergy() const {
  if (!measuresEnergy())
    return {};
  return Sampler->regionEnergy();
}

bool Measurement::measuresEnergy() const {
  return Sampler && Meters && Meters->meterCount() > 0;
}

} // namespace energy::rt
