//===- energy/model/activity.h - What a region did, as a model sees it ----===//
//
// The exact counts and the time of one region (or of a whole run), in the
// form every energy model consumes. The runtime fills it from block counts
// times cost vectors; energy-report fills it from a report's `counts`.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_ACTIVITY_H
#define ENERGY_MODEL_ACTIVITY_H

#include "energy/abi.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace energy::model {

struct Activity {
  double seconds = 0.0;
  std::array<std::array<uint64_t, ENERGY_NUM_FLOP_KINDS>, ENERGY_NUM_PRECISIONS> flops{};
  std::array<uint64_t, ENERGY_NUM_WIDTHS> flopsByWidth{};
  uint64_t bytesLoaded = 0;
  uint64_t bytesStored = 0;
  uint64_t instructions = 0;
  uint64_t branches = 0;
  uint64_t calls = 0;
  uint64_t blocks = 0;

  /// Adds another's time and counts: regions summed into a total, threads
  /// into a process, lines into a file.
  Activity &operator+=(const Activity &A) {
    seconds += A.seconds;
    for (std::size_t P = 0; P < flops.size(); ++P)
      for (std::size_t K = 0; K < flops[P].size(); ++K)
        flops[P][K] += A.flops[P][K];
    for (std::size_t W = 0; W < flopsByWidth.size(); ++W)
      flopsByWidth[W] += A.flopsByWidth[W];
    bytesLoaded += A.bytesLoaded;
    bytesStored += A.bytesStored;
    instructions += A.instructions;
    branches += A.branches;
    calls += A.calls;
    blocks += A.blocks;
    return *this;
  }

  uint64_t totalFlops() const {
    uint64_t Sum = 0;
    for (const auto &ByKind : flops)
      for (uint64_t N : ByKind)
        Sum += N;
    return Sum;
  }
};

} // namespace energy::model

#endif
