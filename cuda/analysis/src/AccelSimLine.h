// AccelSimLine: parsing of one Accel-Sim instruction line
//   [tb_x tb_y tb_z warp] [line_num] PC mask dest_num [dests] opcode src_num [srcs]
//   mem_width [address_mode addresses] [immediate (version 5)]
// into the fields the analysis needs, checking every field so corrupt lines are refused.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace energy::gpu {

struct TraceInstruction {
  uint32_t BlockX = 0, BlockY = 0, BlockZ = 0, Warp = 0; // raw .trace lines only
  uint64_t Pc = 0;
  uint32_t Mask = 0;
  std::string_view Opcode;
  uint8_t Dests = 0, Sources = 0;
  std::array<uint16_t, 4> Dest{}, Source{}; // register keys (see registerKey), 0 = none
};

struct TraceLineLayout {
  bool RawPrefix = false; // raw kernel-N.trace: block and warp before the PC
  bool LineInfo = false;
  int Version = 4;
};

// Parses LINE; returns an empty string on success or what is wrong with it.
std::string parseTraceInstruction(std::string_view Line, const TraceLineLayout &Layout,
                                  TraceInstruction &Out);

} // namespace energy::gpu
