//===- LineTable.h - A block's static cost split by source line -----------===//
//
// The line table (energy_line in abi.h) lets the report give each source
// line its exact executed counts: at report time a line's counts are the
// counts of the blocks it appears in times the part of their cost written on
// it. This splits one block's cost by the line each instruction was written
// on (for inlined code, the line in the inlined function, with the chain of
// call sites it was inlined at, innermost first).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_LINETABLE_H
#define ENERGYPASS_LINETABLE_H

#include <cstdint>

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace energy {

class RegionTable;
struct CostContext;

/// Adds to Table the lines of block Block (BB), whose cost is split among
/// them; NotCounted (may be null) is an instruction of the pass's own that
/// the block's cost leaves out. A block without debug locations adds none.
void addBlockLines(RegionTable &Table, uint32_t Block, llvm::BasicBlock &BB,
                   const CostContext &Context, const llvm::Instruction *NotCounted);

} // namespace energy

#endif // ENERGYPASS_LINETABLE_H
