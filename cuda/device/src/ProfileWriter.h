//===- ProfileWriter.h - The GPU profile of one process -------------------===//
//
// Collects every instrumented launch of the process (grouped rows, see
// RowGrouper.h) and writes the GPU profile (docs/formats/gpu-profile.md,
// version 1) once at exit to $ENERGY_GPU_PROFILE, or to
// energy-gpu-<program>.<pid>.json in the working directory. The file is
// written as the report is (support/SafeFile.h: an exclusively created
// temporary file renamed into place; links and devices refused unless
// ENERGY_GPU_PROFILE names them), so readers never see half of it.
//
// Thread safety: addLaunch may be called from any thread.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_GPU_PROFILEWRITER_H
#define ENERGY_GPU_PROFILEWRITER_H

#include "energy_gpu/abi.h"

#include <array>
#include <cstdint>
#include <string>

namespace energy::gpu {

using Shape = std::array<uint32_t, 3>;

/// Adds a finished launch of `kernel` with its `rows` (one per thread of
/// grid x block; warp mode rows are folded here). The first call arranges
/// for the profile to be written at exit.
void addLaunch(const energy_gpu_kernel &kernel, uint64_t launch, Shape grid, Shape block,
               uint64_t *rows);

/// Arranges for the profile to be written at exit, now rather than at the
/// first addLaunch: exit handlers installed after this call (a collector
/// that adds its last launches at exit) run before the writer.
void writeProfileAtExit();

/// Where the profile goes: $ENERGY_GPU_PROFILE or the default name.
std::string profilePath();

/// Writes the profile now (also what runs at exit); false after printing a
/// one-line error when the file cannot be written.
bool writeProfile();

} // namespace energy::gpu

#endif
