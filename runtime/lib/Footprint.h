//===- Footprint.h - Per-region footprint of distinct cache lines ---------===//
//
// The runtime side of footprint sampling (pass/FootprintSampling.h): each
// sampled line an instrumented access reports goes into a FootprintSketch of
// the region on top of the calling thread's stack (ThreadState::TopRegion),
// one sketch per thread and region, created on the region's first sampled
// line in that thread; after that, recording allocates nothing and takes no
// lock. Memory is bounded: 4 KiB per region and thread that touched memory,
// from mmap (never malloc: the program's allocator may be instrumented).
// A thread's sketches are merged into the process's at its exit, and the
// live threads' at the report.
//
// Lines touched while no region is open (static constructors, threads before
// their first region) belong to no region and are not recorded.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_FOOTPRINT_H
#define ENERGY_RT_FOOTPRINT_H

#include <nlohmann/json.hpp>

#include <cstdint>

namespace energy::rt {

/// The region's `footprint` object of the report (docs/formats/report.md):
/// {"bytes", "lines_sampled", "sample_one_in", "line_bytes"}, its self
/// footprint over all threads; null when the process sampled no line at all
/// (built without --energy-footprint). The first call merges every thread.
/// Thread-safe (takes the footprint lock).
nlohmann::json footprintJson(uint32_t ReportId);

} // namespace energy::rt

#endif
