//===- SelectedFpOps.h - FP operations as instruction selection emits them -===//
//
// The FLOPs of a block are those of the machine code that code generation
// emits for it, not of its IR. Two things change the count on the way:
// SelectionDAG builds one node for identical pure operations of a block (same
// opcode, type and operands; fast-math flags are intersected, not compared),
// and it lowers llvm.fmuladd to one FMA only where the target has a fused
// multiply-add, to a multiply and an add otherwise. This file answers, for the
// FP operations of one block, which of them are emitted. The rules are in
// docs/counting.md.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_SELECTEDFPOPS_H
#define ENERGYPASS_SELECTEDFPOPS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace energy {

/// Whether code generation for F emits llvm.fmuladd as one fused
/// multiply-add instruction. On x86 that is where F's subtarget (its
/// "target-cpu" and "target-features") has FMA or FMA4, which x86-64's
/// default -O2 does not; other targets are taken to have one (AArch64,
/// POWER, RISC-V with F or D, GPUs), as is a target that is not registered.
bool fusesMulAdd(const llvm::Function &F);

/// The FP operations of one block that instruction selection emits: each
/// pure instruction is numbered by its opcode, type and operands' numbers,
/// the way SelectionDAG's CSE finds an existing node, and an instruction
/// whose number an earlier one of the block already has is merged into it.
class SelectedFpOps {
public:
  SelectedFpOps(const llvm::BasicBlock &BB, bool FusesMulAdd);

  /// Whether llvm.fmuladd becomes one FMA instruction.
  bool fusesMulAdd() const { return FusesMulAdd; }
  /// Whether I emits no operation of its own: an identical pure operation
  /// earlier in the block computes it. For an unfused llvm.fmuladd this is
  /// its add.
  bool isMerged(const llvm::Instruction &I) const { return Merged.contains(&I); }
  /// Whether the multiply of an unfused llvm.fmuladd is merged into an
  /// identical multiply earlier in the block.
  bool isMultiplyMerged(const llvm::Instruction &MulAdd) const {
    return MergedMultiplies.contains(&MulAdd);
  }

private:
  using Signature = llvm::SmallVector<uintptr_t, 6>;

  void number(const llvm::Instruction &I);
  /// The number of Key, and whether an earlier operation already had it.
  std::pair<unsigned, bool> numberOf(const Signature &Key);
  unsigned numberOf(const llvm::Value *V);
  Signature signatureOf(const llvm::Instruction &I);

  bool FusesMulAdd;
  unsigned NextNumber = 0;
  llvm::DenseMap<const llvm::Value *, unsigned> ValueNumbers;
  std::map<Signature, unsigned> Operations;
  llvm::DenseSet<const llvm::Instruction *> Merged;
  llvm::DenseSet<const llvm::Instruction *> MergedMultiplies;
};

} // namespace energy

#endif // ENERGYPASS_SELECTEDFPOPS_H
