//===- DeviceBlockPlan.h - Block IDs, edge slots and static block facts ---===//
//
// The deterministic numbering of one kernel's basic blocks (the kernel's,
// then those of its device functions, each in layout order), which row slot
// holds each CFG edge's count, and the static facts of every block written
// as the GPU profile's "blocks" array (docs/formats/gpu-profile.md). Planned
// before any instrumentation, so the pass's own instructions never count.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_DEVICEBLOCKPLAN_H
#define ENERGYPASS_DEVICEBLOCKPLAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"

#include <string>

namespace energy {

struct DeviceEdge {
  llvm::BasicBlock *From;
  llvm::BasicBlock *To;
  uint32_t FromId;
  uint32_t ToId;
  uint32_t Slot;
  /// The edge is critical: it gets a block of its own holding its counter.
  bool NeedsCounter;
};

struct DeviceBlockPlan {
  /// Blocks in ID order; the slot of block I is I.
  llvm::SmallVector<llvm::BasicBlock *, 0> Blocks;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> Ids;
  llvm::SmallVector<DeviceEdge, 0> Edges;
  uint32_t NumSlots = 0;
  /// The "blocks" array of the GPU profile, as JSON text.
  std::string BlocksJson;
};

/// Plans `Functions`, the kernel first: only the kernel's returns end the
/// thread.
DeviceBlockPlan planDeviceBlocks(llvm::ArrayRef<llvm::Function *> Functions);

/// Mean distance, in instructions, from a use to its definition when both
/// are in `BB`; 0 when no operand is defined in the block.
double averageDefUseDistance(const llvm::BasicBlock &BB);

} // namespace energy

#endif // ENERGYPASS_DEVICEBLOCKPLAN_H
