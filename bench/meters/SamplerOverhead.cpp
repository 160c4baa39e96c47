//===- SamplerOverhead.cpp - What the 20 ms sampler costs a program -------===//
//
// Runs the same compute loop with and without the sampler thread, in
// rotating order, and reports the ratio of wall times (median over the
// repetitions, so that a noisy neighbour hits both sides alike) next to an
// A/A control that shows how far noise alone moves that ratio. It also
// times one sample directly (sampleNow: read every counter and meter and
// fold an interval into the timeline), which divided by the period is the
// sampler's share of one CPU; the sampler thread's own CPU time over the
// runs, the same share measured in place; and a region-boundary read
// (readSelf) of a thread's counters. The bar: at most 1% at 20 ms. On a
// shared machine the wall-time ratio is as noisy as the neighbours; the CPU
// shares are not.
//
// Usage: energy-meters-bench [REPS] [WORK_MS] [PERIOD_MS]   (default 15 400 20)
//
//===----------------------------------------------------------------------===//
#include "meters/Sampler.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace energy::meters;
using Clock = std::chrono::steady_clock;

namespace {

// A dependent chain of integer and floating-point work the compiler cannot drop.
double computeLoop(uint64_t iterations) {
  volatile double sink = 0;
  double x = 1.0;
  uint64_t h = 1469598103934665603ull;
  for (uint64_t i = 0; i < iterations; ++i) {
    h = (h ^ i) * 1099511628211ull;
    x = x * 1.0000001 + static_cast<double>(h & 0xff) * 1e-9;
  }
  sink = x + static_cast<double>(h);
  return sink;
}

double secondsOf(uint64_t iterations) {
  auto start = Clock::now();
  computeLoop(iterations);
  return std::chrono::duration<double>(Clock::now() - start).count();
}

uint64_t calibrate(double targetSeconds) {
  uint64_t n = 1 << 20;
  while (secondsOf(n) < targetSeconds / 8)
    n *= 2;
  return static_cast<uint64_t>(static_cast<double>(n) * targetSeconds / secondsOf(n));
}

double threadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char **argv) {
  int reps = argc > 1 ? std::atoi(argv[1]) : 15;
  double workMs = argc > 2 ? std::atof(argv[2]) : 400;
  double periodMs = argc > 3 ? std::atof(argv[3]) : 20;
  if (reps < 1 || workMs <= 0 || periodMs <= 0) {
    std::fprintf(stderr, "usage: energy-meters-bench [REPS] [WORK_MS] [PERIOD_MS]\n");
    return 2;
  }
  auto meters = MeterSet::probe();
  meters->start();
  std::printf("sources:\n");
  for (const Source &s : meters->sources())
    std::printf("  %-14s present=%d used=%d\n", s.name.c_str(), s.present, s.used);
  std::printf("events open: %zu of %zu, meters: %zu\n",
              meters->processCounters()->openCount(), meters->events().size(),
              meters->meterCount());

  SamplerOptions options;
  options.period = std::chrono::microseconds(static_cast<long long>(periodMs * 1e3));
  uint64_t iterations = calibrate(workMs / 1e3);

  // A worker thread's own counters, registered as the runtime would.
  auto own = meters->openThreadCounters();
  std::atomic<uint32_t> region{0};

  // Each repetition runs the loop three times, twice without the sampler and
  // once with it, in an order that rotates, so that neither side always goes
  // first. The ratio of the two runs without it is an A/A control: its
  // spread is what the machine's noise alone does to a ratio.
  std::vector<double> ratios, controls;
  uint64_t intervals = 0;
  double samplerCpu = 0, sampledWall = 0;
  for (int r = 0; r < reps; ++r) {
    double off[2] = {0, 0}, on = 0;
    int offRuns = 0;
    for (int slot = 0; slot < 3; ++slot) {
      if ((slot + r) % 3 != 0) {
        off[offRuns++] = secondsOf(iterations);
        continue;
      }
      // The sampler thread's CPU time, updated after each of its intervals
      // (the last interval, taken by stop() on this thread, does not count).
      double cpu = 0;
      std::thread::id self = std::this_thread::get_id();
      Sampler sampler(*meters, options, [&cpu, self](const IntervalView &) {
        if (std::this_thread::get_id() != self)
          cpu = threadCpuSeconds();
      });
      sampler.registerThread(own.get(), &region, getpid());
      sampler.start();
      on = secondsOf(iterations);
      sampler.stop();
      intervals += sampler.intervals();
      samplerCpu += cpu;
      sampledWall += on;
    }
    ratios.push_back(on / ((off[0] + off[1]) / 2));
    controls.push_back(off[1] / off[0]);
  }
  std::sort(ratios.begin(), ratios.end());
  double m = median(ratios);
  std::printf("compute loop %.0f ms, %d repetitions, period %.0f ms, %llu intervals sampled\n",
              workMs, reps, periodMs, static_cast<unsigned long long>(intervals));
  std::printf("wall-time ratio with/without sampler: median %.4f (min %.4f, max %.4f)\n", m,
              ratios.front(), ratios.back());
  std::printf("overhead (median): %+.2f%%  [bar: <= 1%%]\n", (m - 1) * 100);
  std::sort(controls.begin(), controls.end());
  std::printf("A/A control, two runs without the sampler: median %.4f (min %.4f, max %.4f)\n",
              median(controls), controls.front(), controls.back());
  std::printf("sampler thread CPU: %.1f ms over %.2f s sampled = %.3f%% of a CPU\n",
              samplerCpu * 1e3, sampledWall, samplerCpu / sampledWall * 100);

  Sampler direct(*meters, options);
  direct.registerThread(own.get(), &region, getpid());
  constexpr int kSamples = 2000;
  auto start = Clock::now();
  for (int i = 0; i < kSamples; ++i)
    direct.sampleNow();
  double perSample = std::chrono::duration<double>(Clock::now() - start).count() / kSamples;
  std::printf("one sample (read all counters and meters, fold): %.1f us = %.3f%% of a CPU at "
              "%.0f ms\n",
              perSample * 1e6, perSample / (periodMs / 1e3) * 100, periodMs);

  std::vector<CounterValue> values(meters->events().size());
  constexpr int kReads = 20000;
  start = Clock::now();
  for (int i = 0; i < kReads; ++i)
    own->readSelf(values.data());
  double perRead = std::chrono::duration<double>(Clock::now() - start).count() / kReads;
  std::printf("region-boundary read of %zu open counters (%s): %.2f us\n", own->openCount(),
              own->rdpmcUsable() ? "rdpmc" : "read(2)", perRead * 1e6);
  meters->stop();
  return 0;
}
