// SassOpcodes: classification of SASS mnemonics across Kepler to Hopper.
#include "energy/gpu/SassOpcodes.h"

#include <array>
#include <string_view>

namespace energy::gpu {
namespace {
template <size_t N> bool oneOf(std::string_view M, const std::array<std::string_view, N> &Set) {
  for (std::string_view S : Set)
    if (M == S)
      return true;
  return false;
}
} // namespace

std::string_view sassMnemonic(std::string_view Opcode) {
  return Opcode.substr(0, Opcode.find('.'));
}

bool isSassBranch(std::string_view M) {
  static constexpr std::array<std::string_view, 8> Branches = {"BRA", "BRX",  "JMP", "JMX",
                                                               "RET", "EXIT", "BRK", "CONT"};
  return oneOf(M, Branches);
}

bool isSassExit(std::string_view M) { return M == "EXIT" || M == "RET"; }

bool isSassBlockEnd(std::string_view M) {
  // Calls and the reconvergence/synchronisation points change which threads are active next.
  static constexpr std::array<std::string_view, 9> Others = {
      "CALL", "JCAL", "SYNC", "BSYNC", "WARPSYNC", "BPT", "KILL", "PBK", "PCNT"};
  return isSassBranch(M) || oneOf(M, Others);
}

} // namespace energy::gpu
