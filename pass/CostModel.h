//===- CostModel.h - Static cost vector of a basic block ------------------===//
//
// What one execution of a basic block does, computed from its IR: FLOPs by
// precision, kind and vector width (those of the machine code that code
// generation emits for the block, see SelectedFpOps.h), bytes loaded and
// stored, IR instructions, branches and calls. Amounts only known at run time (the active lanes of
// a masked access, the length of a memcpy) are returned as dynamic sites that the instrumenter
// turns into additions to a dynamic counter slot. The counting rules are written down in
// docs/counting.md.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_COSTMODEL_H
#define ENERGYPASS_COSTMODEL_H

#include "energy/abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class AllocaInst;
class BasicBlock;
class DataLayout;
class Function;
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

/// What the costs of a function's blocks depend on. TLI may be null; then
/// calls to math library functions (sqrt, sin, ...) count as calls only.
struct CostContext {
  CostContext(llvm::Function &F, const llvm::TargetLibraryInfo *TLI);

  const llvm::DataLayout &DL;
  const llvm::TargetLibraryInfo *TLI;
  /// Whether llvm.fmuladd becomes one FMA instruction (see fusesMulAdd).
  bool FusesMulAdd;
  /// Scalar locals that mem2reg keeps in registers from -O1 on: their loads
  /// and stores at -O0 are not memory traffic of the program's data.
  llvm::SmallPtrSet<const llvm::AllocaInst *, 16> RegisterLocals;
};

/// The cost of one execution of BB.
BlockCost computeBlockCost(llvm::BasicBlock &BB, const CostContext &Context);

/// The cost of one execution of some of BB's instructions (the part of it
/// written on one source line): summed over a partition of the block, it is
/// computeBlockCost's.
BlockCost computeCostOf(llvm::BasicBlock &BB, llvm::ArrayRef<llvm::Instruction *> Instructions,
                        const CostContext &Context);

} // namespace energy

#endif // ENERGYPASS_COSTMODEL_H
