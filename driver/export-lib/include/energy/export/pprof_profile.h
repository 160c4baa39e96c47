//===- energy/export/pprof_profile.h - Reports as a pprof profile ---------===//
//
// `energy-report export --format pprof` writes a perftools.profiles.Profile
// (proto/profile.proto), serialised and gzip-compressed, which pprof and
// speedscope read. Sample types, in this order: energy (nanojoules), time
// (nanoseconds), flops (count), bytes (bytes), instructions (count); one
// sample per call path (call_path_profile.h, which says how figures are split
// among paths and why the sums are exact). Each region is one Function (its
// demangled name, symbol, file and line) and one Location at that line;
// samples carry the labels `process` ("cg (pid 4242)") and `pid`, so several
// reports combine into one profile and `pprof -tagfocus` picks a process,
// and, where the stack is not a call-tree path, `stack` ("region nesting",
// "outside regions"). The profile's comments say where energy comes from and
// how each metric was apportioned.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_EXPORT_PPROF_PROFILE_H
#define ENERGY_EXPORT_PPROF_PROFILE_H

#include "energy/export/export_input.h"

#include <string>
#include <vector>

namespace energy::exporter {

/// The Profile message of all the reports, serialised (not compressed).
std::string serializedPprofProfile(const std::vector<ExportInput> &Inputs);

/// What a .pb.gz file holds: the serialised Profile, gzip-compressed.
std::string pprofFile(const std::vector<ExportInput> &Inputs);

} // namespace energy::exporter

#endif
