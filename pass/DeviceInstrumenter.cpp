//===- DeviceInstrumenter.cpp - Per-thread block and edge counts ----------===//
//
// See DeviceInstrumenter.h. For each kernel: clone its device functions,
// plan IDs and facts on the untouched code (DeviceBlockPlan), split the
// critical edges that need counters, then give every function of the kernel
// its row pointer at entry and every counted block `row[slot] += 1`. A row
// belongs to one CUDA thread, so the increments need no atomics; warp mode
// on nvptx64 is the exception (DeviceNvptxRows.h).
//
//===----------------------------------------------------------------------===//
#include "DeviceInstrumenter.h"

#include "DeviceBlockPlan.h"
#include "DeviceKernels.h"
#include "DeviceNvptxRows.h"

#include "energy_gpu/abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace energy {
namespace {

struct CountSite {
  BasicBlock *Block;
  uint32_t Slot;
};

/// Splits the edges that need their own counter; the counted sites are the
/// planned blocks followed by the new edge blocks.
SmallVector<CountSite, 0> placeCounters(const DeviceBlockPlan &Plan) {
  SmallVector<CountSite, 0> Sites;
  for (auto [Id, BB] : enumerate(Plan.Blocks))
    Sites.push_back({BB, uint32_t(Id)});
  for (const DeviceEdge &Edge : Plan.Edges) {
    if (!Edge.NeedsCounter)
      continue;
    Instruction *Term = Edge.From->getTerminator();
    unsigned Index = 0;
    while (Term->getSuccessor(Index) != Edge.To)
      ++Index;
    BasicBlock *EdgeBlock =
        SplitCriticalEdge(Term, Index, CriticalEdgeSplittingOptions().setMergeIdenticalEdges());
    assert(EdgeBlock && "planned critical edges are splittable");
    EdgeBlock->setName("energy.gpu.edge");
    Sites.push_back({EdgeBlock, Edge.Slot});
  }
  return Sites;
}

Constant *cString(Module &M, StringRef Text, const Twine &Name) {
  Constant *Data = ConstantDataArray::getString(M.getContext(), Text);
  auto *GV = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Data, Name);
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  return GV;
}

SmallVector<uint32_t, 0> edgeTriples(const DeviceBlockPlan &Plan) {
  SmallVector<uint32_t, 0> Triples;
  for (const DeviceEdge &Edge : Plan.Edges)
    Triples.append({Edge.FromId, Edge.ToId, Edge.Slot});
  return Triples;
}

/// The kernel's `struct energy_gpu_kernel` (abi.h).
GlobalVariable *emitDescriptor(Module &M, const Function &Kernel, const DeviceBlockPlan &Plan,
                               const EnergyOptions &Options) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  std::string Base = (ENERGY_GPU_KERNEL_PREFIX + Kernel.getName()).str();
  SmallVector<uint32_t, 0> Triples = edgeTriples(Plan);
  Constant *Edges = ConstantPointerNull::get(Ptr);
  if (!Triples.empty()) {
    Constant *Data = ConstantDataArray::get(Ctx, ArrayRef<uint32_t>(Triples));
    auto *GV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage, Data,
                                  Base + ".edges");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Edges = GV;
  }
  auto *Ty = StructType::get(Ctx, {I32, I32, I32, I32, I32, I32, Ptr, Ptr, Ptr});
  Constant *Fields[] = {ConstantInt::get(I32, ENERGY_GPU_ABI_VERSION),
                        ConstantInt::get(I32, Options.GpuMode),
                        ConstantInt::get(I32, Options.GpuSampleEvery),
                        ConstantInt::get(I32, Plan.Blocks.size()),
                        ConstantInt::get(I32, Plan.NumSlots),
                        ConstantInt::get(I32, Plan.Edges.size()),
                        cString(M, Kernel.getName(), Base + ".name"),
                        cString(M, Plan.BlocksJson, Base + ".blocks"),
                        Edges};
  return new GlobalVariable(M, Ty, true, GlobalValue::PrivateLinkage,
                            ConstantStruct::get(Ty, Fields), Base);
}

void incrementSlot(IRBuilder<> &B, Value *Row, uint32_t Slot) {
  Type *I64 = B.getInt64Ty();
  Value *Counter = B.CreateConstInBoundsGEP1_32(I64, Row, Slot, "energy.gpu.slot");
  Value *Old = B.CreateLoad(I64, Counter, "energy.gpu.count");
  B.CreateStore(B.CreateAdd(Old, B.getInt64(1), "energy.gpu.next"), Counter);
}

/// Where a site's counter goes: after the row pointer in the entry block.
Instruction *counterPoint(BasicBlock &BB, Value *Row) {
  auto *RowDef = dyn_cast<Instruction>(Row);
  if (RowDef && RowDef->getParent() == &BB)
    return RowDef->getNextNode();
  return &*BB.getFirstInsertionPt();
}

void instrumentEmulatedKernel(Function &Kernel, const EnergyOptions &Options, FunctionCallee RowFn,
                              SmallPtrSetImpl<Function *> &Instrumented) {
  Module &M = *Kernel.getParent();
  SmallVector<Function *, 4> Functions = cloneKernelCallees(Kernel);
  DeviceBlockPlan Plan = planDeviceBlocks(Functions);
  GlobalVariable *Descriptor = emitDescriptor(M, Kernel, Plan, Options);
  SmallVector<CountSite, 0> Sites = placeCounters(Plan);

  DenseMap<Function *, Value *> Rows;
  for (Function *F : Functions) {
    IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
    Rows[F] = B.CreateCall(RowFn, {Descriptor}, "energy.gpu.row");
    Instrumented.insert(F);
  }
  for (const CountSite &Site : Sites) {
    Value *Row = Rows.lookup(Site.Block->getParent());
    IRBuilder<> B(counterPoint(*Site.Block, Row));
    incrementSlot(B, Row, Site.Slot);
  }
}

} // namespace

bool instrumentEmulatedKernels(Module &M, const EnergyOptions &Options,
                               SmallPtrSetImpl<Function *> &Instrumented) {
  SmallVector<Function *, 4> Kernels = findEmulatedKernels(M);
  if (Kernels.empty())
    return false;
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  FunctionCallee RowFn = M.getOrInsertFunction(ENERGY_GPU_EMU_ROW_FN, Ptr, Ptr);
  if (auto *F = dyn_cast<Function>(RowFn.getCallee()))
    F->addFnAttr(Attribute::NoUnwind);
  for (Function *Kernel : Kernels)
    instrumentEmulatedKernel(*Kernel, Options, RowFn, Instrumented);
  return true;
}

bool instrumentNvptxKernels(Module &M, const EnergyOptions &Options) {
  SmallVector<Function *, 4> Kernels = findNvptxKernels(M);
  if (Kernels.empty())
    return false;
  NvptxRows Rows(M, Options);
  for (Function *Kernel : Kernels) {
    SmallVector<Function *, 4> Functions = cloneKernelCallees(*Kernel);
    DeviceBlockPlan Plan = planDeviceBlocks(Functions);
    Rows.describeKernel(*Kernel, Plan);
    SmallVector<CountSite, 0> Sites = placeCounters(Plan);
    for (Function *F : Functions)
      Rows.addRowPointer(*F, Plan.NumSlots);
    for (const CountSite &Site : Sites)
      Rows.count(*Site.Block, Site.Slot);
  }
  Rows.emitTable();
  return true;
}

} // namespace energy
