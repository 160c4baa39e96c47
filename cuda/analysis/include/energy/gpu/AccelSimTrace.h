// AccelSimTrace: reads Accel-Sim tracer output (NVBit traces, tracer versions 3 to 5): the
// kernelslist.g command list, post-processed kernel-N.traceg files (per thread block and warp)
// and raw kernel-N.trace files (one line per warp instruction, prefixed with the block and warp),
// plain or xz-compressed, with or without line info, in all three address-compression modes.
// SASS basic blocks are rebuilt from the PCs and control-flow opcodes, and each thread's block
// counts from the warps' active masks, in one streaming pass.
#pragma once

#include "energy/gpu/Kernel.h"

#include <string>
#include <vector>

namespace energy::gpu {

// Reads one kernel trace file.
Kernel readAccelSimKernel(const std::string &Path);
// Reads every kernel launch a kernelslist.g names, in order (memory copies are skipped).
std::vector<Kernel> readAccelSimKernelList(const std::string &Path);

} // namespace energy::gpu
