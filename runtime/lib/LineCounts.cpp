//===- LineCounts.cpp - Block counts times per-line cost vectors ----------===//
#include "LineCounts.h"

#include "RegionCounts.h"

#include <cstring>
#include <map>
#include <tuple>

namespace energy::rt {

namespace {

std::vector<uint64_t> blockCounts(const ModuleRecord &M) {
  std::vector<uint64_t> Counts(M.NumBlocks);
  uint32_t NextTerm = 0;
  for (uint32_t B = 0; B < M.NumBlocks; ++B)
    Counts[B] = M.blockCount(B, NextTerm);
  return Counts;
}

} // namespace

std::vector<LineCount> lineCounts(const ModuleRecord &M) {
  std::vector<LineCount> Lines;
  if (!M.Lines || !M.Blocks || !M.NumLines)
    return Lines;
  std::vector<uint64_t> Counts = blockCounts(M);
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>, size_t> IndexOf;
  for (uint32_t I = 0; I < M.NumLines; ++I) {
    const energy_line &L = M.Lines[I];
    if (L.block >= M.NumBlocks || L.file >= M.NumLineFiles || !Counts[L.block])
      continue;
    uint32_t Region = M.Blocks[L.block].region;
    if (Region >= M.NumRegions)
      continue;
    auto [At, New] =
        IndexOf.try_emplace({Region, L.file, L.line, L.inlined_at}, Lines.size());
    if (New)
      Lines.push_back({Region, M.LineFiles[L.file] ? M.LineFiles[L.file] : "", L.line,
                       L.inlined_at, {}});
    addExecutions(Lines[At->second].Counts, L.cost, Counts[L.block]);
  }
  return Lines;
}

} // namespace energy::rt
