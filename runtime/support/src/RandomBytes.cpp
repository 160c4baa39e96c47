//===- RandomBytes.cpp - Unpredictable names and draws --------------------===//
#include "support/RandomBytes.h"

#include <atomic>
#include <cstdint>
#include <ctime>
#include <sys/random.h>
#include <unistd.h>

namespace energy::support {

void fillRandom(unsigned char *Bytes, size_t Size) noexcept {
  if (getrandom(Bytes, Size, GRND_NONBLOCK) == ssize_t(Size))
    return;
  static std::atomic<uint64_t> Calls{0};
  timespec Now{};
  clock_gettime(CLOCK_MONOTONIC, &Now);
  uint64_t Mix = uint64_t(Now.tv_nsec) ^ (uint64_t(getpid()) << 32) ^ ++Calls;
  for (size_t I = 0; I < Size; ++I) {
    Mix = Mix * 6364136223846793005ull + 1442695040888963407ull;
    Bytes[I] = static_cast<unsigned char>(Mix >> 56);
  }
}

} // namespace energy::support
