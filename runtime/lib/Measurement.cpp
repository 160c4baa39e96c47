//===- Measurement.cpp - Probing sources, sampling, thread counters -------===//
#include "Measurement.h"

#include "RegionSampling.h"
#include "Runtime.h"

#include "meters/SysfsFiles.h"
#include "support/Settings.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

namespace energy::rt {

namespace {

constexpr long DefaultPeriodMs = 20;
static_assert(support::bounds::SampleMs.Default == DefaultPeriodMs);
/// Intervals without any energy read before a meters-only sampler stops:
/// 100 ms at the default period (RAPL counters update every millisecond).
constexpr size_t SilentIntervalsBeforeStop = 5;
/// How often the starter looks whether a meter has counted yet.
constexpr std::chrono::milliseconds MeterPollInterval{5};

/// Set while this thread creates the sampler thread: pthread_create then
/// starts it unwrapped. Decided by the creator, so no other thread created
/// meanwhile can be mistaken for it.
thread_local bool CreatingSampler = false;

/// ENERGY_SAMPLE_MS: the period in milliseconds, 0 for no sampler, or -1
/// when unset or bad (the sampler then runs only when it has something to
/// record).
long requestedPeriodMs() {
  const support::IntegerSetting &Period = support::settings().SampleMs;
  return Period.chosen() ? long(Period.value()) : -1;
}

/// Whether a sampler would run only for the meters' sake: neither a period
/// nor a timeline was asked for.
bool samplesOnlyForMeters(long Period) { return Period < 0 && !support::settings().Timeline.on(); }

} // namespace

void Measurement::configureRegionCounting() {
  bool Hardware = false;
  for (const meters::Source &S : Meters ? Meters->sources() : std::vector<meters::Source>{})
    Hardware |= S.name == "perf-hardware" && S.present;
  Regions.configure(Hardware, meters::sysfsRoot(), SampledTiming.load(std::memory_order_relaxed));
}

void Measurement::start() noexcept {
  if (Started)
    return;
  Started = true;
  // Per-region counters open on each thread's first region, with events
  // that depend on what the probe finds: then it opens real events. Else it
  // asks without creating any, so that a program with no meter to sample
  // opens no per-task event and starts no thread.
  const char *Events = support::settings().RegionEvents.text();
  bool RegionEvents = Events && std::strcmp(Events, "0") != 0;
  long Period = requestedPeriodMs();
  if (!probeMeters(RegionEvents) || !samplerWanted(Period)) {
    finishStart();
    return;
  }
  if (RegionEvents) {
    startSampler(Period);
    finishStart();
    return;
  }
  // The process's and each thread's counters are per-task events, whose
  // first on an idle machine waits 10-25 ms in the kernel: the starter
  // opens them, and attaches the threads that start meanwhile.
  sigset_t All, Old;
  sigfillset(&All);
  pthread_sigmask(SIG_SETMASK, &All, &Old);
  CreatingSampler = true;
  try {
    Starter = std::thread(&Measurement::runStarter, this, Period);
  } catch (...) {
    CreatingSampler = false;
    pthread_sigmask(SIG_SETMASK, &Old, nullptr);
    startSampler(Period);
    finishStart();
    return;
  }
  CreatingSampler = false;
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
}

bool Measurement::probeMeters(bool CreateEvents) noexcept {
  try {
    meters::ProbeOptions Options;
    Options.createEvents = CreateEvents;
    Meters = meters::MeterSet::probe(Options);
  } catch (...) {
    Meters.reset();
    std::fprintf(stderr, "energypass: out of memory while probing the "
                         "meters; no measured sources\n");
  }
  configureRegionCounting();
  return Meters != nullptr;
}

bool Measurement::samplerWanted(long Period) const {
  if (Period == 0)
    return false;
  return !samplesOnlyForMeters(Period) || Meters->meterCount() > 0;
}

void Measurement::runStarter(long Period) noexcept {
  if (!samplesOnlyForMeters(Period) || awaitEnergy())
    startSampler(Period);
  finishStart();
}

// The sampler opens per-task counters for the process and each thread, to
// split energy among threads; on this VM a program that allocates much
// (bench/overhead's containers) ran a fifth slower with them open. A power
// interface with no hardware behind it never counts: wait for a meter to
// count before opening anything, as long as the sampler would have run
// without energy before stopping.
bool Measurement::awaitEnergy() noexcept {
  try {
    Meters->takeBaseline();
    auto Start = std::chrono::steady_clock::now();
    auto Deadline = Start + SilentIntervalsBeforeStop * std::chrono::milliseconds(DefaultPeriodMs);
    std::unique_lock<std::mutex> Guard(PollLock);
    for (;;) {
      if (Meters->energySinceBaseline())
        return true;
      if (StopStarting || std::chrono::steady_clock::now() >= Deadline) {
        std::chrono::duration<double> Waited = std::chrono::steady_clock::now() - Start;
        Meters->noteMetersThatDidNotStart(Waited.count(), StopStarting);
        return false;
      }
      PollWake.wait_for(Guard, MeterPollInterval);
    }
  } catch (...) {
  }
  return false;
}

void Measurement::startSampler(long Period) noexcept {
  try {
    Meters->start();
    meters::SamplerOptions Options;
    Options.period = std::chrono::milliseconds(Period > 0 ? Period : DefaultPeriodMs);
    // Running only for the meters' sake, the sampler has no reason to go on
    // when none of them reads any energy (a PMU with nothing behind it): on a
    // busy VM reading such a CPU-wide event costs the program system time.
    if (samplesOnlyForMeters(Period))
      Options.stopWithoutEnergyAfter = SilentIntervalsBeforeStop;
    Sampler = std::make_unique<meters::Sampler>(*Meters, Options);
    CreatingSampler = true;
    bool Running = Sampler->start();
    CreatingSampler = false;
    if (!Running) {
      Sampler.reset();
      std::fprintf(stderr, "energypass: cannot start the sampler thread; no "
                           "timeline and no measured energy per region\n");
    }
  } catch (...) {
    CreatingSampler = false;
    Sampler.reset();
    std::fprintf(stderr, "energypass: out of memory while starting the "
                         "sampler; no timeline\n");
  }
}

void Measurement::finishStart() noexcept {
  std::lock_guard<std::mutex> Guard(StartLock);
  for (ThreadState *T : Pending)
    attachThread(*T);
  Pending.clear();
  Ready.store(true, std::memory_order_release);
}

void Measurement::awaitStart() const noexcept {
  std::lock_guard<std::mutex> Guard(StarterJoin);
  if (Starter.joinable())
    Starter.join();
}

bool Measurement::creatingInternalThread() noexcept { return CreatingSampler; }

void Measurement::attachCallingThread(ThreadState &T) noexcept {
  if (!Ready.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> Guard(StartLock);
    if (!Ready.load(std::memory_order_relaxed)) {
      try {
        Pending.push_back(&T);
      } catch (...) {
      }
      return;
    }
  }
  attachThread(T);
}

/// The sampler's probe of a sampled thread's top region (its region stack).
static uint32_t innermostOnStack(const void *Stack) {
  return innermostSampledRegion(*static_cast<const energy_region_stack *>(Stack));
}

/// Opens T's counters (by its thread id: the starter may do it for T) and
/// registers T with the sampler.
void Measurement::attachThread(ThreadState &T) noexcept {
  if (!Sampler || Stopped || T.SamplerSlot >= 0)
    return;
  try {
    std::unique_ptr<meters::CounterSet> Counters = Meters->openThreadCounters(T.Tid);
    // Sampled, TopRegion is only as fresh as the thread's last sample, which
    // a thread that sleeps or waits never takes: its stack says what waits.
    T.SamplerSlot =
        T.RegionStack
            ? Sampler->registerThread(Counters.get(), {innermostOnStack, T.RegionStack}, T.Tid)
            : Sampler->registerThread(Counters.get(), &T.TopRegion, T.Tid);
    if (T.SamplerSlot >= 0)
      T.MeterCounters = Counters.release();
  } catch (...) {
    T.SamplerSlot = -1;
  }
}

void Measurement::detachCallingThread(ThreadState &T) noexcept {
  {
    // Also orders the starter's writes to T before the reads below.
    std::lock_guard<std::mutex> Guard(StartLock);
    std::erase(Pending, &T);
  }
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
  {
    std::lock_guard<std::mutex> Guard(PollLock);
    StopStarting = true;
  }
  PollWake.notify_all();
  awaitStart();
  if (Stopped.exchange(true))
    return;
  if (Sampler)
    Sampler->stop();
  if (Meters)
    Meters->stop();
}

void Measurement::abandonAfterFork() noexcept {
  // The parent's prepare handler waited for the starter; a child forked
  // around that handler has a starter that does not exist here.
  if (Starter.joinable())
    Starter.detach();
  Pending.clear();
  Ready.store(true, std::memory_order_release);
  // Destroying them would join a thread that only the parent has, and its
  // locks may be held by that thread forever.
  try {
    if (Meters)
      SourcesAfterFork = Meters->sources();
  } catch (...) {
    SourcesAfterFork.clear();
  }
  (void)Sampler.release();
  (void)Meters.release();
  Stopped = true;
}

std::vector<meters::Source> Measurement::sources() const {
  awaitStart();
  std::vector<meters::Source> Sources = Meters ? Meters->sources() : SourcesAfterFork;
  if (Started)
    Sources.push_back(Regions.source());
  return Sources;
}

nlohmann::json Measurement::timelineJson() const {
  awaitStart();
  if (!Sampler)
    return nullptr;
  return Sampler->timelineJson();
}

meters::EnergyAttribution Measurement::regionEnergy() const {
  awaitStart();
  if (!measuresEnergy())
    return {};
  return Sampler->regionEnergy();
}

// A meter that never moved (a VM exposing the interface without RAPL behind
// it) is marked unused at stop(): its zeros are not a measurement.
bool Measurement::measuresEnergy() const {
  awaitStart();
  if (!Sampler || !Meters)
    return false;
  for (const meters::Source &S : Meters->sources())
    if (S.kind == "energy" && S.used)
      return true;
  return false;
}

} // namespace energy::rt
