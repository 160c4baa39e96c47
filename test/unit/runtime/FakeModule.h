//===- FakeModule.h - An energy_module built by hand, as the pass emits it -===//
//
// Tests play the instrumented program: they build the tables the pass would
// emit (regions, blocks with cost vectors, dynamic counters), a thread_local
// counter array with its getter, and call the ABI entry points the way
// instrumented code does. Functions that stand for instrumented functions are
// noinline and end with ENERGY_TEST_EXIT, which keeps the exit call out of
// tail position as the pass does (the runtime compares stack addresses).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TEST_FAKEMODULE_H
#define ENERGY_TEST_FAKEMODULE_H

#include "energy/abi.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

extern "C" {
void __energy_register_module(struct energy_module *);
void __energy_unregister_module(struct energy_module *);
void __energy_region_enter(struct energy_module *, uint32_t);
void __energy_region_exit(struct energy_module *, uint32_t);
}

#define ENERGY_TEST_ENTER(M, R) __energy_region_enter((M), (R))
#define ENERGY_TEST_EXIT(M, R)                                                                     \
  do {                                                                                             \
    __energy_region_exit((M), (R));                                                                \
    asm volatile("" ::: "memory");                                                                 \
  } while (0)

namespace energy::test {

constexpr uint32_t MaxCounterSlots = 64;

/// One thread_local counter array and its getter per instantiation, as the
/// pass creates one per module.
template <int Id> struct ModuleCounters {
  static inline thread_local uint64_t Slots[MaxCounterSlots];
  static uint64_t *get() { return Slots; }
};

class FakeModule {
public:
  FakeModule(const std::string &Source, uint64_t *(*Getter)()) {
    Desc.abi_version = ENERGY_ABI_VERSION;
    Desc.hash = 0x1234abcd5678ef00ull;
    Desc.source = keep(Source);
    Desc.thread_counters = Getter;
  }
  FakeModule(const FakeModule &) = delete;

  uint32_t region(const std::string &Name, uint32_t Kind = ENERGY_REGION_FUNCTION,
                  uint32_t Parent = ENERGY_NO_REGION, uint32_t Line = 0,
                  uint32_t EntryBlock = ENERGY_NO_BLOCK) {
    Regions.push_back({keep(Name), keep(Name), keep("fixture.c"), Line, Kind, Parent, EntryBlock});
    return uint32_t(Regions.size() - 1);
  }
  /// Makes block Block the one whose count is Region's entries.
  void entryBlock(uint32_t Region, uint32_t Block) { Regions[Region].entry_block = Block; }
  /// The module as the pass emits it with -energy-timing=sampled.
  void timeBySampling() { Desc.timing = ENERGY_TIMING_SAMPLED; }
  /// Makes Region an unmarked function's, found by the address of Code
  /// (energy_module.region_functions).
  void sampledByAddress(uint32_t Region, const void *Code) {
    RegionFunctions.resize(Regions.size());
    RegionFunctions[Region] = Code;
  }
  /// Region's entry in the table, as sampled code pushes it.
  const energy_region *entry(uint32_t Region) const { return &Regions[Region]; }
  uint32_t block(uint32_t Region, const energy_cost &Cost) {
    Blocks.push_back({Region, 0, Cost});
    return uint32_t(Blocks.size() - 1);
  }
  /// Adds to the line table the part of Block's cost written on File:Line.
  void line(uint32_t Block, const std::string &File, uint32_t Line, const energy_cost &Cost) {
    uint32_t Index = 0;
    while (Index < LineFiles.size() && File != LineFiles[Index])
      ++Index;
    if (Index == LineFiles.size())
      LineFiles.push_back(keep(File));
    Lines.push_back({Block, Index, Line, ENERGY_NO_SITE, Cost});
  }
  /// Returns the counter slot of the new dynamic counter.
  uint32_t dynamic(const energy_dynamic_counter &D) {
    Dynamic.push_back(D);
    return uint32_t(Dynamic.size() - 1);
  }
  /// Points the descriptor at the tables; call after the last addition.
  energy_module *descriptor() {
    Desc.num_regions = uint32_t(Regions.size());
    Desc.num_blocks = uint32_t(Blocks.size());
    Desc.num_dynamic = uint32_t(Dynamic.size());
    Desc.num_counters = Terms.empty() ? Desc.num_blocks : NumCounters;
    Desc.num_terms = uint32_t(Terms.size());
    Desc.terms = Terms.empty() ? nullptr : Terms.data();
    Desc.regions = Regions.data();
    Desc.blocks = Blocks.data();
    Desc.dynamic = Dynamic.data();
    Desc.num_lines = uint32_t(Lines.size());
    Desc.num_line_files = uint32_t(LineFiles.size());
    Desc.lines = Lines.empty() ? nullptr : Lines.data();
    Desc.line_files = LineFiles.empty() ? nullptr : LineFiles.data();
    RegionFunctions.resize(RegionFunctions.empty() ? 0 : Regions.size());
    Desc.region_functions = RegionFunctions.empty() ? nullptr : RegionFunctions.data();
    return &Desc;
  }
  /// Counts blocks by terms over `Counters` counters instead of one counter
  /// each (call before dynamic slots are asked for).
  void countByTerms(uint32_t Counters, std::vector<energy_count_term> T) {
    NumCounters = Counters;
    Terms = std::move(T);
  }
  uint32_t dynamicSlot(uint32_t Index) const {
    return (Terms.empty() ? uint32_t(Blocks.size()) : NumCounters) + Index;
  }

  /// Overwrites every string and cost, as unmapping the module's memory would.
  void scribble() {
    for (std::string &S : Strings)
      S.assign(S.size(), '#');
    for (energy_block &B : Blocks)
      B = energy_block{};
  }

private:
  const char *keep(const std::string &S) { return Strings.emplace_back(S).c_str(); }

  energy_module Desc{};
  std::deque<std::string> Strings;
  std::vector<energy_region> Regions;
  std::vector<energy_block> Blocks;
  std::vector<energy_dynamic_counter> Dynamic;
  std::vector<energy_count_term> Terms;
  std::vector<energy_line> Lines;
  std::vector<const char *> LineFiles;
  std::vector<const void *> RegionFunctions;
  uint32_t NumCounters = 0;
};

/// A cost vector with the given double-precision FLOPs of one kind.
inline energy_cost cost(uint32_t Instructions, uint32_t DoubleFlops = 0,
                        uint32_t Kind = ENERGY_FLOP_ADDSUB, uint64_t Loaded = 0,
                        uint64_t Stored = 0) {
  energy_cost C{};
  C.instructions = Instructions;
  C.flops[ENERGY_PREC_DOUBLE][Kind] = DoubleFlops;
  C.flops_by_width[ENERGY_WIDTH_SCALAR] = DoubleFlops;
  C.bytes_loaded = Loaded;
  C.bytes_stored = Stored;
  return C;
}

} // namespace energy::test

#endif
