// SimPointBb: per-thread basic-block vectors in SimPoint's .bb format, one line per thread
// ("T:id:count :id:count ..."), with 1-based block ids and counts in instructions (executions
// times block size), as Valgrind's exp-bbv writes them for SimPoint.
#include "energy/gpu/Writers.h"

namespace energy::gpu {

void writeSimPointBb(std::ostream &OS, const Kernel &K) {
  std::vector<std::string> Lines(K.Behaviours.size());
  for (size_t I = 0; I < K.Behaviours.size(); ++I) {
    std::string &L = Lines[I];
    L = "T";
    for (size_t B = 0; B < K.Blocks.size(); ++B)
      if (uint64_t C = K.Behaviours[I].BlockCounts[B])
        L += ":" + std::to_string(B + 1) + ":" + std::to_string(C * K.Blocks[B].Instructions) + " ";
    L += "\n";
  }
  for (uint32_t B : K.ThreadBehaviour)
    OS << Lines[B];
}

} // namespace energy::gpu
