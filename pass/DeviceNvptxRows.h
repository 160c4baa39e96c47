//===- DeviceNvptxRows.h - Counter rows of nvptx64 kernels ----------------===//
//
// On a GPU each thread finds its row in the buffer the host collector
// allocates per launch and stores in the module's `__energy_gpu_rows`
// before the launch (cuda/device/). Thread and sample modes give every
// thread its own row, at its linear thread id; sample mode counts only
// in thread blocks whose linear index is a multiple of N. Warp mode keeps
// one row per warp, at its first lane's id: the first active lane of each
// block execution adds the popcount of `llvm.nvvm.activemask` atomically.
// A null buffer (no collector) turns counting off instead of faulting.
// The static table of the module's kernels is JSON in `__energy_gpu_table`,
// found through `__energy_gpu_table_ref` = {address, size}.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_DEVICENVPTXROWS_H
#define ENERGYPASS_DEVICENVPTXROWS_H

#include "DeviceBlockPlan.h"
#include "Options.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"

namespace energy {

class NvptxRows {
public:
  NvptxRows(llvm::Module &M, const EnergyOptions &Options);

  /// Adds the kernel's static facts to the module's table.
  void describeKernel(const llvm::Function &Kernel, const DeviceBlockPlan &Plan);
  /// Computes at `F`'s entry its thread's row and whether it counts.
  void addRowPointer(llvm::Function &F, uint32_t NumSlots);
  /// Counts one execution of `BB` in `Slot` of the row of BB's function.
  void count(llvm::BasicBlock &BB, uint32_t Slot);
  /// Emits the table and its reference.
  void emitTable();

private:
  struct RowState {
    llvm::Value *Row;
    llvm::Value *Enabled;
    /// Warp mode: the thread's lane.
    llvm::Value *Lane;
  };

  llvm::Value *readSreg(llvm::IRBuilder<> &B, unsigned Intrinsic);
  llvm::Value *linearBlock(llvm::IRBuilder<> &B);
  llvm::Value *threadInBlock(llvm::IRBuilder<> &B, llvm::Value *&BlockSize);

  llvm::Module &M;
  const EnergyOptions &Options;
  llvm::GlobalVariable *RowsGlobal;
  llvm::DenseMap<llvm::Function *, RowState> States;
  llvm::json::Array Kernels;
};

} // namespace energy

#endif // ENERGYPASS_DEVICENVPTXROWS_H
