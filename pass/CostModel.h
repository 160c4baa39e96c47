//===- CostModel.h - Static cost vector of a basic block ------------------===//
//
// What one execution of a basic block does, computed from its IR: FLOPs by
// precision, kind and vector width, bytes loaded and stored, IR instructions,
// branches and calls. Amounts only known at run time (the active lanes of a
// masked access, the length of a memcpy) are returned as dynamic sites that
// the instrumenter turns into additions to a dynamic counter slot. The
// counting rules are written down in docs/counting.md.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_COSTMODEL_H
#define ENERGYPASS_COSTMODEL_H

#include "energy/abi.h"

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class DataLayout;
class Instruction;
class TargetLibraryInfo;
class Value;
} // namespace llvm

namespace energy {

/// An amount added to a dynamic counter slot each time Site executes: either
/// the number of set lanes of Mask times BytesPerLane, or Length.
struct DynamicSite {
  llvm::Instruction *Site = nullptr;
  energy_dynamic_counter Entry = {}; // block is filled in by the caller
  llvm::Value *Mask = nullptr;
  uint64_t BytesPerLane = 0;
  llvm::Value *Length = nullptr;
};

struct BlockCost {
  energy_cost Static = {};
  llvm::SmallVector<DynamicSite, 2> Dynamic;
};

/// The cost of one execution of BB. TLI may be null; then calls to math
/// library functions (sqrt, fma, sin, ...) count as calls only.
BlockCost computeBlockCost(llvm::BasicBlock &BB,
                           const llvm::DataLayout &DL,
                           const llvm::TargetLibraryInfo *TLI);

} // namespace energy

#endif // ENERGYPASS_COSTMODEL_H
