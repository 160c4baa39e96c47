//===- LineCounts.cpp - Block counts times per-line cost vectors ----------===//
#include "LineCounts.h"

#include "RegionCounts.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace energy::rt {

namespace {

/// The lines found so far, by (region, file, line, inline site): open
/// addressing in one array of twice the table's entries. SQLite's table has
/// 40 thousand entries, and an ordered map of them cost more at exit than
/// the rest of the report.
class LineIndex {
public:
  explicit LineIndex(size_t Entries) : Slots(std::bit_ceil(2 * Entries + 2)) {}

  /// The index of the line (Region, File, Line, Site), or Next after it is
  /// remembered as that.
  uint32_t findOrAdd(uint32_t Region, uint32_t File, uint32_t Line, uint32_t Site, uint32_t Next) {
    uint64_t RegionAndFile = uint64_t(Region) << 32 | File;
    uint64_t LineAndSite = uint64_t(Line) << 32 | Site;
    size_t Mask = Slots.size() - 1;
    for (size_t At = hash(RegionAndFile, LineAndSite) & Mask;; At = (At + 1) & Mask) {
      Slot &S = Slots[At];
      if (S.Index == Empty) {
        S = {RegionAndFile, LineAndSite, Next};
        return Next;
      }
      if (S.RegionAndFile == RegionAndFile && S.LineAndSite == LineAndSite)
        return S.Index;
    }
  }

private:
  static constexpr uint32_t Empty = UINT32_MAX;
  struct Slot {
    uint64_t RegionAndFile = 0;
    uint64_t LineAndSite = 0;
    uint32_t Index = Empty;
  };
  static size_t hash(uint64_t RegionAndFile, uint64_t LineAndSite) {
    uint64_t H = (RegionAndFile ^ (LineAndSite * 0xC2B2AE3D27D4EB4Full)) * 0x9E3779B97F4A7C15ull;
    return size_t(H >> 29);
  }
  std::vector<Slot> Slots;
};

/// Whether entry `L` of the line table names code that ran, in blocks,
/// files and inline sites that exist.
bool ranAndExists(const ModuleRecord &M, const std::vector<uint64_t> &Counts,
                  const energy_line &L) {
  return L.block < M.NumBlocks && Counts[L.block] && L.file < M.NumLineFiles &&
         (L.inlined_at == ENERGY_NO_SITE || L.inlined_at < M.NumInlineSites);
}

} // namespace

std::vector<LineCount> lineCounts(const ModuleRecord &M, const std::vector<uint64_t> &Counts) {
  std::vector<LineCount> Lines;
  if (!M.Lines || !M.Blocks || !M.NumLines || Counts.size() != M.NumBlocks)
    return Lines;
  // Sized for the entries that ran rather than the whole table: a short run
  // of a large program (Lua's `return 0`) runs a seventh of its lines, and
  // clearing an index for all of them and regrowing the lines cost more
  // than adding them up.
  size_t Ran = 0;
  for (uint32_t I = 0; I < M.NumLines; ++I)
    Ran += ranAndExists(M, Counts, M.Lines[I]);
  if (!Ran)
    return Lines;
  Lines.reserve(Ran);
  LineIndex IndexOf(Ran);
  for (uint32_t I = 0; I < M.NumLines; ++I) {
    const energy_line &L = M.Lines[I];
    if (!ranAndExists(M, Counts, L))
      continue;
    uint32_t Region = M.Blocks[L.block].region;
    if (Region >= M.NumRegions)
      continue;
    uint32_t At = IndexOf.findOrAdd(Region, L.file, L.line, L.inlined_at, uint32_t(Lines.size()));
    if (At == Lines.size())
      Lines.push_back({Region, L.file, L.line, L.inlined_at, {}});
    addExecutions(Lines[At].Counts, L.cost, Counts[L.block]);
  }
  return Lines;
}

} // namespace energy::rt
