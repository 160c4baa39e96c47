// SassOpcodes: what the analysis needs to know about SASS mnemonics: which instructions end a
// basic block, which count as branches for branch efficiency, and which end a thread.
#pragma once

#include <string_view>

namespace energy::gpu {

// The mnemonic: the opcode up to its first '.' ("LDG.E.CG" -> "LDG").
std::string_view sassMnemonic(std::string_view Opcode);
// Control-flow instructions after which a new basic block starts (branches, calls, returns,
// exits, and the reconvergence points after which the set of active threads changes).
bool isSassBlockEnd(std::string_view Mnemonic);
// Branch instructions as Nsight Compute counts them for branch efficiency: the instructions
// whose active threads may go to different targets.
bool isSassBranch(std::string_view Mnemonic);
bool isSassExit(std::string_view Mnemonic);

} // namespace energy::gpu
