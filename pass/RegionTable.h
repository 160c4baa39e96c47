//===- RegionTable.h - The per-module tables the runtime reads ------------===//
//
// Collects the regions, blocks, counters with the terms that derive block
// counts from them, and dynamic counters of a module, and emits
// them exactly as include/energy/abi.h lays them out: the
// energy_module descriptor (section ENERGY_MODULE_SECTION, kept by
// llvm.compiler.used, writable because the runtime owns its `runtime`
// field), the region/block/dynamic tables, the thread_local counter array
// with its getter, and the constructor/destructor that (un)register it.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_REGIONTABLE_H
#define ENERGYPASS_REGIONTABLE_H

#include "energy/abi.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class Function;
class GlobalVariable;
class LLVMContext;
class Module;
class StructType;
} // namespace llvm

namespace energy {

/// IR struct types with the C layout of the structs in abi.h.
struct AbiTypes {
  llvm::StructType *Cost;
  llvm::StructType *Block;
  llvm::StructType *Dynamic;
  llvm::StructType *Region;
  llvm::StructType *Term;
  llvm::StructType *Line;
  llvm::StructType *InlineSite;
  llvm::StructType *Module;
  llvm::StructType *RegionStack;

  static AbiTypes get(llvm::LLVMContext &Ctx);
};

struct RegionDesc {
  std::string Name;
  std::string Demangled;
  std::string File;
  uint32_t Line = 0;
  energy_region_kind Kind = ENERGY_REGION_FUNCTION;
  uint32_t Parent = ENERGY_NO_REGION;
  /// The block whose count is the region's entries (energy_region.entry_block).
  uint32_t EntryBlock = ENERGY_NO_BLOCK;
  /// A function region's body hash (energy_module.region_body_hashes); 0
  /// for other regions.
  uint64_t BodyHash = 0;
  /// An unmarked function whose samples sampled timing finds by address
  /// (energy_module.region_functions); null for other regions.
  llvm::Function *SampledCode = nullptr;
};

/// The globals the instrumenter refers to.
struct EmittedTable {
  llvm::GlobalVariable *Descriptor;
  llvm::GlobalVariable *Counters;
  /// The region table, whose entries' addresses sampled timing pushes; null
  /// when the module has no region.
  llvm::GlobalVariable *Regions;
};

class RegionTable {
public:
  uint32_t addRegion(RegionDesc Region);
  /// Returns the block's index.
  uint32_t addBlock(const energy_block &Block);
  /// Returns a new counter's slot.
  uint32_t addCounter();
  /// Adds Coefficient x counter Counter to Block's count. Terms go in block
  /// order.
  void addTerm(uint32_t Block, uint32_t Counter, int64_t Coefficient);
  /// Returns the dynamic counter's index; its slot is dynamicSlot(Index).
  uint32_t addDynamic(const energy_dynamic_counter &Dynamic);
  /// Adds the part of Block's cost written on File:Line to the line table
  /// (LineTable.h), inlined at site InlinedAt (ENERGY_NO_SITE: not inlined).
  /// Lines go in block order.
  void addLine(uint32_t Block, llvm::StringRef File, uint32_t Line, uint32_t InlinedAt,
               const energy_cost &Cost);
  /// Returns the index of the inline site File:Line in Function, inlined in
  /// turn at Caller (an index returned before, or ENERGY_NO_SITE); the same
  /// site asked twice is one entry.
  uint32_t addInlineSite(llvm::StringRef File, uint32_t Line, llvm::StringRef Function,
                         uint32_t Caller);

  uint32_t numRegions() const { return Regions.size(); }
  uint32_t numBlocks() const { return Blocks.size(); }
  uint32_t numDynamic() const { return Dynamics.size(); }
  uint32_t numCounters() const { return NumCounters; }
  uint32_t dynamicSlot(uint32_t Index) const { return NumCounters + Index; }
  RegionDesc &region(uint32_t Index) { return Regions[Index]; }

  /// Stable identity of the tables: the same source compiled the same way
  /// gives the same hash.
  uint64_t hash(llvm::StringRef Source) const;

  /// Emits every global of the table into M, its regions timed as Timing
  /// says, its counter array on pages of its own when Continuous (the
  /// runtime maps them onto a file). Call once, after all regions, blocks
  /// and dynamic counters have been added.
  EmittedTable emit(llvm::Module &M, energy_timing Timing, bool Continuous) const;

private:
  std::vector<RegionDesc> Regions;
  std::vector<energy_block> Blocks;
  std::vector<energy_dynamic_counter> Dynamics;
  std::vector<energy_count_term> Terms;
  std::vector<energy_line> Lines;
  std::vector<std::string> LineFiles;
  std::vector<energy_inline_site> InlineSites;
  /// The functions of InlineSites, by index.
  std::vector<std::string> SiteFunctions;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, std::string>, uint32_t> SiteIndex;
  uint32_t NumCounters = 0;

  bool countsEveryBlockByItself() const;
  uint32_t lineFileIndex(llvm::StringRef File);
};

} // namespace energy

#endif // ENERGYPASS_REGIONTABLE_H
