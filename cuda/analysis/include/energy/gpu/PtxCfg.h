// PtxCfg: the static control-flow graph of the kernels in a PTX file, as GPGPU-Sim executes it:
// per .entry its instructions with their source lines, and the basic blocks (leaders are the
// first instruction, labelled instructions and instructions after a branch, return or exit).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace energy::gpu {

struct PtxInstruction {
  uint32_t Line = 0;
  std::string Mnemonic; // "ld", "bra", "setp", without predicate and modifiers
  uint32_t Block = 0;   // index into PtxEntry::Blocks
  bool IsLeader = false;
};

struct PtxBlock {
  std::string Label;
  uint32_t FirstInstruction = 0, Instructions = 0;
};

struct PtxEntry {
  std::string Name;
  std::vector<PtxInstruction> Instructions;
  std::vector<PtxBlock> Blocks;
};

struct PtxModule {
  std::string Path;
  std::vector<PtxEntry> Entries;
  // Source line -> (entry index, instruction index).
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> ByLine;
};

PtxModule readPtx(const std::string &Path);

} // namespace energy::gpu
