// InputLoader: tells which kind of input a path is (an Accel-Sim trace directory, kernelslist.g
// or kernel trace, a GPGPU-Sim instruction log, or an EnergyPass GPU profile) from its name and
// first line, and reads it with the matching reader.
#pragma once

#include "energy/gpu/GpgpuSimTrace.h"
#include "energy/gpu/Kernel.h"

#include <string>
#include <vector>

namespace energy::gpu {

std::vector<Kernel> loadInput(const std::string &Path, const GpgpuSimOptions &Gpgpu);

} // namespace energy::gpu
