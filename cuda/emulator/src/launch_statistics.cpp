//===- launch_statistics.cpp - Totals of launches, printed at exit ---------===//
#include "launch_statistics.h"

#include "emulator_settings.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace energy_cuda_emu::detail {
namespace {

struct totals {
  uint64_t launches = 0, blocks = 0, threads = 0;
  double seconds = 0.0;
};

std::mutex totals_mutex;
totals grand_totals;

void print_totals() {
  std::lock_guard lock(totals_mutex);
  const totals &t = grand_totals;
  std::fprintf(stderr,
               "energy-cuda-emu: %llu launches, %llu blocks, %llu threads in %.6f s: %.0f blocks/s, "
               "%.0f threads/s on %u host threads\n",
               static_cast<unsigned long long>(t.launches), static_cast<unsigned long long>(t.blocks),
               static_cast<unsigned long long>(t.threads), t.seconds,
               t.seconds > 0 ? t.blocks / t.seconds : 0.0, t.seconds > 0 ? t.threads / t.seconds : 0.0,
               settings().host_threads);
}

} // namespace

void record_grid(uint64_t blocks, uint64_t threads, double seconds) {
  if (!settings().print_statistics)
    return;
  static const bool registered = std::atexit(print_totals) == 0;
  (void)registered;
  std::lock_guard lock(totals_mutex);
  ++grand_totals.launches;
  grand_totals.blocks += blocks;
  grand_totals.threads += threads;
  grand_totals.seconds += seconds;
}

} // namespace energy_cuda_emu::detail
