//===- launch_statistics.cpp - Totals of launches, printed at exit ---------===//
#include "launch_statistics.h"

#include "emulator_settings.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>

namespace energy_cuda_emu::detail {
namespace {

struct totals {
  uint64_t launches = 0, blocks = 0, threads = 0;
  double seconds = 0.0, cpu_seconds = 0.0;
};

std::mutex totals_mutex;
totals grand_totals;

void print_totals() {
  std::lock_guard lock(totals_mutex);
  const totals &t = grand_totals;
  std::fprintf(
      stderr,
      "energy-cuda-emu: %llu launches, %llu blocks, %llu threads in %.6f s (%.6f s CPU): "
      "%.0f blocks/s, %.0f threads/s, %.0f blocks per CPU second, on %u host threads\n",
      static_cast<unsigned long long>(t.launches), static_cast<unsigned long long>(t.blocks),
      static_cast<unsigned long long>(t.threads), t.seconds, t.cpu_seconds,
      t.seconds > 0 ? t.blocks / t.seconds : 0.0, t.seconds > 0 ? t.threads / t.seconds : 0.0,
      t.cpu_seconds > 0 ? t.blocks / t.cpu_seconds : 0.0, settings().host_threads);
}

} // namespace

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void record_grid(uint64_t blocks, uint64_t threads, double wall_seconds, double cpu_seconds) {
  if (!settings().print_statistics)
    return;
  static const bool registered = std::atexit(print_totals) == 0;
  (void)registered;
  std::lock_guard lock(totals_mutex);
  ++grand_totals.launches;
  grand_totals.blocks += blocks;
  grand_totals.threads += threads;
  grand_totals.seconds += wall_seconds;
  grand_totals.cpu_seconds += cpu_seconds;
}

} // namespace energy_cuda_emu::detail
