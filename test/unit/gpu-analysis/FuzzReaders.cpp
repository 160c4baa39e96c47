// libFuzzer entry point for the energy-gpu readers: each input is written to a file (the readers
// stream from paths) and read as an Accel-Sim kernel trace, a GPU profile and a GPGPU-Sim log,
// then analysed. Anything but success or InputError is a bug (ASan/UBSan report it).
#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/Analysis.h"
#include "energy/gpu/GpgpuSimTrace.h"
#include "energy/gpu/GpuProfile.h"
#include "energy/gpu/InputError.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace energy::gpu;

namespace {

std::string scratch(const char *Suffix) {
  return "/tmp/energy-gpu-fuzz-" + std::to_string(getpid()) + Suffix;
}

template <typename Fn> void tryRead(Fn Read) {
  try {
    Read();
  } catch (const InputError &) {
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const std::string Input = scratch(".in");
  static const std::string Ptx = [] {
    std::string P = scratch(".ptx");
    std::ofstream(P)
        << ".visible .entry k(\n)\n{\n\tmov.u32 %r1, %tid.x;\n\t@%p1 bra $L1;\n$L1:\n\tret;\n}\n";
    return P;
  }();
  std::ofstream(Input, std::ios::binary)
      .write(reinterpret_cast<const char *>(Data), std::streamsize(Size));
  tryRead([] { analyseKernel(readAccelSimKernel(Input), AnalysisOptions()); });
  tryRead([] {
    for (Kernel &K : readGpuProfile(Input))
      analyseKernel(std::move(K), AnalysisOptions());
  });
  tryRead([] {
    GpgpuSimOptions O;
    O.PtxFiles = {Ptx};
    for (Kernel &K : readGpgpuSimLog(Input, O))
      analyseKernel(std::move(K), AnalysisOptions());
  });
  return 0;
}
