//===- measure_one.h - One ceiling, on demand (energy-ceilings --measure) --===//
//
// Measures a single kernel, so that other tools' figures can be compared
// with ours kernel by kernel at the same working set and thread count (see
// bench/ceilings). Names: load, copy, copy-nt, triad, triad-nt, and
// peak-<float|double>-<scalar|sse|avx2|avx512>[-fma].
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace energy::ceilings {

struct OneMeasurement {
  double Value = 0;
  std::string Unit; // "GB/s" or "GFLOP/s"
};

/// Empty when the name is unknown or the kernel needs an ISA this CPU lacks.
std::optional<OneMeasurement> measureOne(const std::string &Name, std::uint64_t WorkingSetBytes,
                                         int Threads, double Seconds);

} // namespace energy::ceilings
