// SassKernelBuilder: turns the instruction streams of warps (PC and active mask per executed
// warp instruction) into a Kernel, in one pass and without keeping the streams.
//
// Each warp stream is cut into straight-line segments (a segment ends at a control-flow opcode
// where the next PC is not higher, or before an instruction that brings in threads the segment
// has not had, a reconvergence point). The threads present in a segment are the union of its
// instructions' masks, or, when every instruction is predicated off, those present before
// that have not exited (how the masks are read: SassKernelBuilder.cpp). Threads are grouped by
// their segment counts as the warps arrive. At the
// end the basic blocks are the observed PCs cut at segment starts and after control-flow
// opcodes, and segment counts become block counts.
#pragma once

#include "AccelSimLine.h"
#include "energy/gpu/BehaviourGrouper.h"
#include "energy/gpu/Kernel.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace energy::gpu {

struct WarpInstruction {
  uint64_t Pc;
  uint32_t Mask;
  uint32_t Opcode; // index into the builder's opcode names
  uint8_t Dests, Sources;
  std::array<uint16_t, 4> Dest, Source;
};

class SassKernelBuilder {
public:
  explicit SassKernelBuilder(Kernel Header);
  // Interns an instruction of the stream; returns "" or why the PC's opcode is inconsistent.
  std::string record(const TraceInstruction &I, WarpInstruction &Out);
  // Adds one warp's complete stream (block linear index, warp in block); returns "" or why the
  // warp cannot be added (it was seen before).
  std::string addWarp(uint64_t BlockLinear, uint32_t Warp,
                      const std::vector<WarpInstruction> &Stream);
  Kernel finish();

private:
  uint32_t segmentId(uint64_t StartPc, uint64_t EndPc);
  bool isBlockEnd(uint32_t Opcode) const { return OpcodeFlags[Opcode] & 1; }
  bool isBranch(uint32_t Opcode) const { return OpcodeFlags[Opcode] & 2; }
  bool isExit(uint32_t Opcode) const { return OpcodeFlags[Opcode] & 4; }
  void addDependencies(const std::vector<WarpInstruction> &Stream);

  Kernel K;
  BehaviourGrouper Grouper;
  std::unordered_map<std::string, uint32_t> OpcodeIndex;
  std::vector<std::string> OpcodeNames;
  std::vector<uint8_t> OpcodeFlags;
  std::map<uint64_t, uint32_t> OpcodeAt; // static instructions: PC -> opcode
  std::map<std::pair<uint64_t, uint64_t>, uint32_t> SegmentIndex;
  std::vector<std::pair<uint64_t, uint64_t>> Segments;
  std::vector<uint64_t> SegmentRuns;                   // thread executions per segment
  std::unordered_map<uint64_t, uint64_t> SegmentEdges; // (from << 32 | to) -> thread transitions
  std::vector<bool> WarpSeen;
};

} // namespace energy::gpu
