//===- support/RandomBytes.h - Unpredictable names and draws ----*- C++ -*-===//
//
// The runtime names its temporary files and links at random, so that no one
// can plant something at the name beforehand, and draws which writer sweeps
// a large report directory. Both take their bytes here.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_SUPPORT_RANDOMBYTES_H
#define ENERGY_SUPPORT_RANDOMBYTES_H

#include <cstddef>

namespace energy::support {

/// Fills Bytes with the kernel's randomness (getrandom). Early in boot it
/// may have none yet, or a seccomp filter may refuse the call: the bytes
/// then mix the clock, the pid and a count of calls, guessable but
/// different at each call.
void fillRandom(unsigned char *Bytes, size_t Size) noexcept;

} // namespace energy::support

#endif
