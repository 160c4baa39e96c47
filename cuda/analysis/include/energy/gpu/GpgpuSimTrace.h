// GpgpuSimTrace: reads GPGPU-Sim's functional-simulation instruction log, written with
// -gpgpu_ptx_inst_debug_to_file 1 (lines "[thd=UID] : (FILE:LINE - INSTRUCTION)"), together
// with the PTX files it names, and rebuilds per kernel the PTX basic blocks and every thread's
// block counts and transitions.
#pragma once

#include "energy/gpu/Kernel.h"

#include <string>
#include <vector>

namespace energy::gpu {

struct GpgpuSimOptions {
  std::vector<std::string> PtxFiles;
  // Threads per thread block, when known (the log does not say); 0 treats each kernel's threads
  // as one block. Thread UIDs are numbered per launch in block order, so rank = block * size + tid.
  uint32_t BlockSize = 0;
};

std::vector<Kernel> readGpgpuSimLog(const std::string &Path, const GpgpuSimOptions &Options);

} // namespace energy::gpu
