//===- RegionBoundaryCost.cpp - What one region entry and exit costs ------===//
//
// Registers a one-region module with libenergyrt, exactly as the pass emits
// it, and times enter/exit pairs in a tight loop: the runtime's hot path and
// nothing else. Run it with and without ENERGY_REGION_EVENTS to see what
// reading the per-region counters adds (region-cost.sh does both, and runs
// the same binary against another libenergyrt for an A/B of the unset path).
// Usage: energy-region-bench [PAIRS] [REPS]   (default 2000000 7)
//
//===----------------------------------------------------------------------===//
#include "energy/abi.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" {
void __energy_register_module(struct energy_module *);
void __energy_region_enter(struct energy_module *, uint32_t);
void __energy_region_exit(struct energy_module *, uint32_t);
}

namespace {

thread_local uint64_t Counters[1];
uint64_t *threadCounters() { return Counters; }

energy_region Region{"bench_region", "bench_region", "RegionBoundaryCost.cpp", 1,
                     ENERGY_REGION_FUNCTION, ENERGY_NO_REGION, ENERGY_NO_BLOCK};

energy_module makeModule() {
  energy_module M{};
  M.abi_version = ENERGY_ABI_VERSION;
  M.num_regions = 1;
  M.hash = 0xbe9c4;
  M.source = "RegionBoundaryCost.cpp";
  M.regions = &Region;
  M.thread_counters = threadCounters;
  return M;
}

// One instrumented call, as the pass would make it: the exit is not a tail
// call, so the runtime sees the same frame at entry and exit.
[[gnu::noinline]] void instrumentedCall(energy_module *M) {
  __energy_region_enter(M, 0);
  asm volatile("" ::: "memory");
  __energy_region_exit(M, 0);
  asm volatile("" ::: "memory");
}

double nanosecondsPerPair(energy_module *M, long Pairs) {
  auto Start = std::chrono::steady_clock::now();
  for (long I = 0; I < Pairs; ++I)
    instrumentedCall(M);
  std::chrono::duration<double, std::nano> Elapsed = std::chrono::steady_clock::now() - Start;
  return Elapsed.count() / double(Pairs);
}

} // namespace

int main(int argc, char **argv) {
  long Pairs = argc > 1 ? std::atol(argv[1]) : 2000000;
  int Reps = argc > 2 ? std::atoi(argv[2]) : 7;
  if (Pairs <= 0 || Reps <= 0) {
    std::fprintf(stderr, "usage: energy-region-bench [PAIRS > 0] [REPS > 0]\n");
    return 2;
  }
  static energy_module Module = makeModule();
  __energy_register_module(&Module);
  nanosecondsPerPair(&Module, Pairs / 10 + 1); // warm-up: thread state, pages, caches
  std::vector<double> Times;
  for (int R = 0; R < Reps; ++R)
    Times.push_back(nanosecondsPerPair(&Module, Pairs));
  std::sort(Times.begin(), Times.end());
  const char *Events = std::getenv("ENERGY_REGION_EVENTS");
  std::printf("ENERGY_REGION_EVENTS=%s: %.1f ns per enter+exit pair (median of %d x %ld; "
              "min %.1f, max %.1f)\n",
              Events ? Events : "(unset)", Times[Times.size() / 2], Reps, Pairs, Times.front(),
              Times.back());
  return 0;
}
