//===- EnergyPass.cpp - The energy-instrument module pass -----------------===//
//
// Instruments a module for EnergyPass's exact counting:
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-instrument -S in.ll -o out.ll
//
// Plans first, rewrites second: all block and dynamic counter slots must be
// known before the counter array (blocks first, then dynamic amounts) can be
// created, and costs are computed before any instrumentation is inserted so
// that the pass's own instructions are never counted.
//
//===----------------------------------------------------------------------===//
#include "EnergyPass.h"

#include "CostModel.h"
#include "Instrumenter.h"
#include "RegionTable.h"
#include "UnwindExits.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "energy-instrument"

using namespace llvm;

namespace energy {
namespace {

bool isAlreadyInstrumented(const Module &M) {
  return M.getModuleFlag(ENERGY_MODULE_FLAG) != nullptr;
}

/// Device code has no thread_local storage and no host runtime to call;
/// GPU modules are left to the CUDA collection.
bool isGpuModule(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.isNVPTX() || T.isAMDGPU() || T.isSPIRV();
}

bool shouldInstrument(const Function &F) {
  return !F.isDeclaration() && !F.getName().starts_with(ENERGY_SYMBOL_PREFIX) &&
         !F.hasFnAttribute(Attribute::Naked) &&
         !F.hasAvailableExternallyLinkage();
}

RegionDesc describeFunction(const Function &F) {
  RegionDesc Region;
  Region.Name = F.getName().str();
  Region.Demangled = demangle(Region.Name);
  if (const DISubprogram *SP = F.getSubprogram()) {
    Region.File = SP->getFilename().str();
    Region.Line = SP->getLine();
  } else {
    Region.File = F.getParent()->getSourceFileName();
  }
  Region.Kind = ENERGY_REGION_FUNCTION;
  Region.Parent = ENERGY_NO_REGION;
  return Region;
}

uint32_t firstLine(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (!I.isDebugOrPseudoInst())
      if (const DebugLoc &Loc = I.getDebugLoc(); Loc && Loc.getLine())
        return Loc.getLine();
  return 0;
}

/// Blocks with no insertion point (catchswitch) cannot hold a counter.
bool canCount(BasicBlock &BB) {
  return BB.getFirstInsertionPt() != BB.end();
}

} // namespace

PreservedAnalyses EnergyPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (isAlreadyInstrumented(M) || isGpuModule(M))
    return PreservedAnalyses::all();
  M.addModuleFlag(Module::Max, ENERGY_MODULE_FLAG, 1);

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  RegionTable Table;
  SmallVector<FunctionPlan, 0> Plans;
  // Dynamic sites are numbered among themselves until the block count, and
  // so their slots, is known.
  SmallVector<SmallVector<uint32_t, 0>, 0> DynamicIndices;

  for (Function &F : M) {
    if (!shouldInstrument(F))
      continue;
    BasicBlock *Cleanup = Options.UnwindExits ? addUnwindExits(F) : nullptr;
    CostContext Costs(F, &FAM.getResult<TargetLibraryAnalysis>(F));
    FunctionPlan &Plan = Plans.emplace_back();
    SmallVector<uint32_t, 0> &Indices = DynamicIndices.emplace_back();
    Plan.F = &F;
    Plan.Region = Table.addRegion(describeFunction(F));
    for (BasicBlock &BB : F) {
      if (&BB == Cleanup || !canCount(BB))
        continue;
      BlockCost Cost = computeBlockCost(BB, Costs);
      uint32_t Slot =
          Table.addBlock({Plan.Region, firstLine(BB), Cost.Static});
      Plan.BlockSlots.emplace_back(&BB, Slot);
      for (DynamicSite &Site : Cost.Dynamic) {
        Site.Entry.block = Slot;
        Indices.push_back(Table.addDynamic(Site.Entry));
        Plan.DynamicSlots.emplace_back(Site, 0);
      }
    }
    LLVM_DEBUG(dbgs() << "energy: " << F.getName() << ": "
                      << Plan.BlockSlots.size() << " blocks, "
                      << Plan.DynamicSlots.size() << " dynamic sites\n");
  }
  if (Plans.empty())
    return PreservedAnalyses::all();

  EmittedTable Emitted = Table.emit(M);
  Instrumenter Rewriter(M, Emitted, Options);
  for (auto [Plan, Indices] : zip(Plans, DynamicIndices)) {
    for (auto [Dynamic, Index] : zip(Plan.DynamicSlots, Indices))
      Dynamic.second = Table.dynamicSlot(Index);
    Rewriter.instrument(Plan);
  }
  return PreservedAnalyses::none();
}

} // namespace energy
