//===- ModuleRecord.h - What the runtime keeps about one instrumented module ===//
//
// One record per registration of an `energy_module` (a dlopen'd library that
// is closed and opened again gets a new one). The descriptor's `runtime` field
// points here. The record holds the module's merged counts and region times,
// and, once the module is unloaded, runtime-owned copies of its static tables
// (names and cost vectors live in the module's memory, which dlclose unmaps).
// Records are never freed: a report can always describe every region.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_MODULERECORD_H
#define ENERGY_RT_MODULERECORD_H

#include "LoadedObject.h"
#include "energy/abi.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace energy::rt {

/// A region's time and calls, summed over every thread merged so far.
struct RegionTotals {
  uint64_t Calls = 0;
  uint64_t InclusiveTicks = 0;
  uint64_t SelfTicks = 0;
  uint64_t SelfSquares = 0; /// sampled: squared sample weights
  uint64_t InclusiveSquares = 0;
};

class ModuleRecord {
public:
  /// Validates the descriptor and builds its record; returns null and sets
  /// `Problem` for a malformed descriptor or when memory runs out.
  static ModuleRecord *create(energy_module *Desc, uint32_t Ordinal, uint32_t RegionBase,
                              std::string &Problem) noexcept;

  /// Read on the hot path (only when the stack address alone cannot decide
  /// whether the frame below is stale): function regions own a stack frame,
  /// loop and user regions share their function's.
  bool isFunctionRegion(uint32_t Region) const { return FunctionRegion[Region] != 0; }

  /// Sampled timing (abi.h): the slots function region R keeps above its
  /// own for the regions nested in it; 0 for any other region, and in a
  /// module timed exactly, whose regions the runtime pushes a slot each.
  /// Fixed at registration, like frameOf: the sample handler reads both.
  uint32_t innerSlots(uint32_t R) const { return InnerSlots[R]; }
  /// functionOf(R), as it was at registration.
  uint32_t frameOf(uint32_t R) const { return FrameOf[R]; }

  /// The function region that holds region R: R itself or the nearest
  /// function region among its parents; in a damaged table without one, the
  /// root of R's parent chain (a cycle is followed no further than the
  /// number of regions). Needs the region table (Regions). Inline: the
  /// report asks it for every region of every module.
  uint32_t functionOf(uint32_t R) const noexcept {
    for (uint32_t Steps = 0; Steps < NumRegions && Regions[R].kind != ENERGY_REGION_FUNCTION;
         ++Steps) {
      uint32_t Parent = Regions[R].parent;
      if (Parent >= NumRegions || Parent == R)
        return R;
      R = Parent;
    }
    return R;
  }

  /// Block `Block`'s execution count from the merged counters. Blocks are
  /// asked in increasing order, with `NextTerm` starting at 0: it walks the
  /// terms table once.
  uint64_t blockCount(uint32_t Block, uint32_t &NextTerm,
                      uint64_t *InvalidTerms = nullptr) const noexcept {
    return blockCount(Counts.data(), Block, NextTerm, InvalidTerms);
  }
  /// The same from one thread's counter array. Terms that name a counter
  /// that does not exist (a damaged table) add nothing and, given
  /// InvalidTerms, are counted there.
  uint64_t blockCount(const uint64_t *Counters, uint32_t Block, uint32_t &NextTerm,
                      uint64_t *InvalidTerms = nullptr) const noexcept {
    if (!NumTerms)
      return Counters[Block];
    // Signed: a derived count subtracts the edges that left a block from
    // those that entered others. A thread caught between two counters when
    // the report is written can leave it one short of zero. A term out of
    // block order is never reached.
    // Walked in locals: through the members and NextTerm, which the
    // compiler reloaded at every step, the walk cost three times as much.
    int64_t Sum = 0;
    uint32_t I = NextTerm;
    const uint32_t End = NumTerms, Slots = NumCounters;
    const energy_count_term *Table = Terms;
    for (; I < End && Table[I].block == Block; ++I) {
      const energy_count_term &T = Table[I];
      if (T.counter < Slots)
        Sum += T.coefficient * int64_t(Counters[T.counter]);
      else if (InvalidTerms)
        ++*InvalidTerms;
    }
    NextTerm = I;
    return Sum > 0 ? uint64_t(Sum) : 0;
  }

  /// Adds one thread's counter array (num_counters + num_dynamic slots).
  void addCounters(const uint64_t *Counters) noexcept;
  /// The calling thread's counter array, or null once the module is unloaded.
  uint64_t *callingThreadCounters() const noexcept;

  /// Copies the static tables into runtime-owned storage and forgets the
  /// descriptor; called just before the module's memory goes away. Out of
  /// memory, it forgets them instead (Regions becomes null).
  void retire() noexcept;
  /// Forgets the descriptor and its tables without copying them (the report
  /// is written already); the regions can no longer be named.
  void forget() noexcept;
  bool unloaded() const { return Desc == nullptr; }
  /// Looks up the object the module was loaded from, once, while it is still
  /// loaded (before retire(), or when the report is written).
  void identifyObject() noexcept;

  void resetTotals() noexcept;

  /// Adds one region's per-region counter values (self then inclusive,
  /// `Stride` doubles; null adds nothing). Counter totals start on first use.
  void addRegionCounters(uint32_t Region, const double *Values, unsigned Stride) noexcept;
  /// Region R's merged counters (self then inclusive), or null when none
  /// were merged.
  const double *regionCounters(uint32_t Region) const {
    return CounterTotals.empty() ? nullptr : &CounterTotals[size_t(Region) * CounterStride];
  }

  const uint32_t Ordinal;
  const uint32_t RegionBase; /// global index of the module's region 0
  const uint32_t NumRegions;
  const uint32_t NumBlocks;
  const uint32_t NumDynamic;
  const uint32_t NumCounters;
  const uint32_t NumTerms;
  const uint64_t Hash;
  /// How the pass timed the module's regions, and whether this process
  /// times them: a module instrumented for sampled timing in a process
  /// timed exactly (its first module's choice) is counted but not timed.
  const energy_timing Timing;
  bool Timed = true;
  /// Built with -energy-continuous: its counter arrays can be mapped onto
  /// the continuous counts file (ContinuousCounts.h).
  const bool Continuous;

  const char *Source = "";
  LoadedObject Object;
  const energy_region *Regions = nullptr;
  const energy_block *Blocks = nullptr;
  const energy_dynamic_counter *Dynamic = nullptr;
  const energy_count_term *Terms = nullptr; /// null: block i is counter i
  /// The optional line table; null when the module has none.
  const energy_line *Lines = nullptr;
  uint32_t NumLines = 0;
  const char *const *LineFiles = nullptr;
  uint32_t NumLineFiles = 0;
  /// The call sites inlined lines name; null when none.
  const energy_inline_site *InlineSites = nullptr;
  uint32_t NumInlineSites = 0;
  /// Per region, its body hash (0: none); null when the module has none.
  const uint64_t *RegionBodyHashes = nullptr;

  std::vector<uint64_t> Counts;      /// merged counters, then dynamic
  std::vector<RegionTotals> Totals;  /// merged per-region time and calls
  std::vector<double> CounterTotals; /// merged per-region counters, or empty
  unsigned CounterStride = 0;
  /// The counts began in the middle of calls: in a fork() child, whose
  /// counts start at zero at the fork while the functions on the forking
  /// thread's stack had run their entry blocks before it. A zero entry count
  /// then no longer says that a function ran none of its blocks.
  bool CountsBeganMidCall = false;

private:
  ModuleRecord(energy_module *Desc, uint32_t Ordinal, uint32_t RegionBase);
  const char *keep(const char *Text);

  void planFrames();

  energy_module *Desc;
  std::unique_ptr<uint8_t[]> FunctionRegion;
  std::unique_ptr<uint16_t[]> InnerSlots;
  std::unique_ptr<uint32_t[]> FrameOf;
  std::deque<std::string> OwnedStrings;
  std::vector<energy_region> OwnedRegions;
  std::vector<energy_block> OwnedBlocks;
  std::vector<energy_dynamic_counter> OwnedDynamic;
  std::vector<energy_count_term> OwnedTerms;
  std::vector<energy_line> OwnedLines;
  std::vector<const char *> OwnedLineFiles;
  std::vector<energy_inline_site> OwnedInlineSites;
  std::vector<uint64_t> OwnedBodyHashes;

  void retireLineTable();
};

} // namespace energy::rt

#endif
