//===- emulator_settings.cpp - Reading the emulator's environment ----------===//
#include "emulator_settings.h"

#include "support/Environment.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace energy_cuda_emu::detail {
namespace {

unsigned long positive_from_environment(const char *name, unsigned long fallback,
                                        unsigned long limit) {
  const char *text = energy::support::setting(name);
  if (text == nullptr || *text == '\0' || (fallback == 0 && std::strcmp(text, "0") == 0))
    return fallback;
  unsigned long value = 0;
  const char *end = text + std::strlen(text);
  auto [stop, error] = std::from_chars(text, end, value);
  if (error != std::errc() || stop != end || value == 0 || value > limit) {
    std::fprintf(stderr, "energy-cuda-emu: %s='%s' is not a number from 1 to %lu; using %lu\n",
                 name, text, limit, fallback);
    return fallback;
  }
  return value;
}

emulator_settings read_settings() {
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  emulator_settings result;
  result.host_threads =
      static_cast<unsigned>(positive_from_environment("ENERGY_CUDA_EMU_THREADS", hardware, 1024));
  result.fiber_stack_bytes =
      positive_from_environment("ENERGY_CUDA_EMU_STACK_KIB", 128, 64 * 1024) * 1024;
  result.print_statistics = positive_from_environment("ENERGY_CUDA_EMU_STATS", 0, 1) == 1;
  return result;
}

} // namespace

const emulator_settings &settings() {
  static const emulator_settings once = read_settings();
  return once;
}

} // namespace energy_cuda_emu::detail
