// GpuProfile: reads the EnergyPass GPU profile (docs/formats/gpu-profile.md), the per-launch
// block and edge counts that instrumented CUDA programs write: JSON, optionally xz-compressed,
// with threads that share counts stored once with their id ranges.
#pragma once

#include "energy/gpu/Kernel.h"

#include <string>
#include <vector>

namespace energy::gpu {

std::vector<Kernel> readGpuProfile(const std::string &Path);

} // namespace energy::gpu
