//===- DeviceBlockPlan.cpp - Block IDs, edge slots and static facts -------===//
//
// See DeviceBlockPlan.h. An edge whose source has one successor runs exactly
// as often as its source, and one whose target has one predecessor as often
// as its target; only the remaining (critical) edges need counters of their
// own. Edges into EH pads cannot be split and are left out of the profile.
//
//===----------------------------------------------------------------------===//
#include "DeviceBlockPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>

using namespace llvm;

namespace energy {
namespace {

bool canCount(const BasicBlock &BB) { return BB.getFirstInsertionPt() != BB.end(); }

SmallSetVector<BasicBlock *, 4> uniqueSuccessors(BasicBlock &BB) {
  return SmallSetVector<BasicBlock *, 4>(succ_begin(&BB), succ_end(&BB));
}

SmallSetVector<BasicBlock *, 4> uniquePredecessors(BasicBlock &BB) {
  return SmallSetVector<BasicBlock *, 4>(pred_begin(&BB), pred_end(&BB));
}

bool isCountable(const Instruction &I) { return !I.isDebugOrPseudoInst(); }

uint32_t firstLine(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (isCountable(I))
      if (const DebugLoc &Loc = I.getDebugLoc(); Loc && Loc.getLine())
        return Loc.getLine();
  return 0;
}

/// A device function's name in the program, without the per-kernel copy's
/// suffix (DeviceKernels.h).
StringRef sourceName(const Function &F) { return F.getName().split(".energy_gpu.").first; }

std::string blockLabel(const BasicBlock &BB, uint32_t Id, bool InKernel) {
  std::string Label = BB.hasName() ? BB.getName().str() : "bb" + std::to_string(Id);
  if (InKernel)
    return Label;
  return (sourceName(*BB.getParent()) + ":" + Label).str();
}

json::Array idList(const SmallSetVector<BasicBlock *, 4> &Blocks,
                   const DenseMap<const BasicBlock *, uint32_t> &Ids) {
  json::Array List;
  for (BasicBlock *BB : Blocks)
    if (auto It = Ids.find(BB); It != Ids.end())
      List.push_back(It->second);
  return List;
}

json::Object blockFacts(BasicBlock &BB, uint32_t Id, bool InKernel,
                        const DenseMap<const BasicBlock *, uint32_t> &Ids) {
  std::map<std::string, int64_t> Opcodes;
  int64_t Instructions = 0;
  for (const Instruction &I : BB)
    if (isCountable(I)) {
      ++Instructions;
      ++Opcodes[I.getOpcodeName()];
    }
  json::Object Mix;
  for (auto &[Name, Count] : Opcodes)
    Mix[Name] = Count;
  const Instruction *Last = BB.getTerminator();
  json::Object Facts{{"id", Id},
                     {"label", blockLabel(BB, Id, InKernel)},
                     {"address", Id},
                     {"instructions", Instructions},
                     {"opcodes", std::move(Mix)},
                     {"terminator", Last ? Last->getOpcodeName() : "none"},
                     {"exit", InKernel && Last && isa<ReturnInst>(Last)},
                     {"line", firstLine(BB)},
                     {"preds", idList(uniquePredecessors(BB), Ids)},
                     {"succs", idList(uniqueSuccessors(BB), Ids)},
                     {"def_use_distance", std::round(averageDefUseDistance(BB) * 1000.0) / 1000.0}};
  if (!InKernel)
    Facts["function"] = sourceName(*BB.getParent());
  return Facts;
}

void planEdges(DeviceBlockPlan &Plan) {
  for (BasicBlock *From : Plan.Blocks) {
    SmallSetVector<BasicBlock *, 4> Succs = uniqueSuccessors(*From);
    for (BasicBlock *To : Succs) {
      auto It = Plan.Ids.find(To);
      if (It == Plan.Ids.end() || To->isEHPad())
        continue;
      DeviceEdge Edge{From, To, Plan.Ids.lookup(From), It->second, 0, false};
      if (Succs.size() == 1)
        Edge.Slot = Edge.FromId;
      else if (uniquePredecessors(*To).size() == 1)
        Edge.Slot = Edge.ToId;
      else if (isa<IndirectBrInst, CallBrInst>(From->getTerminator()))
        continue;
      else {
        Edge.Slot = Plan.NumSlots++;
        Edge.NeedsCounter = true;
      }
      Plan.Edges.push_back(Edge);
    }
  }
}

} // namespace

double averageDefUseDistance(const BasicBlock &BB) {
  DenseMap<const Instruction *, unsigned> Position;
  uint64_t Total = 0, Pairs = 0;
  unsigned Index = 0;
  for (const Instruction &I : BB) {
    if (!isCountable(I))
      continue;
    for (const Value *Op : I.operands())
      if (auto It = Position.find(dyn_cast<Instruction>(Op)); It != Position.end()) {
        Total += Index - It->second;
        ++Pairs;
      }
    Position[&I] = Index++;
  }
  return Pairs ? double(Total) / double(Pairs) : 0.0;
}

DeviceBlockPlan planDeviceBlocks(ArrayRef<Function *> Functions) {
  DeviceBlockPlan Plan;
  for (Function *F : Functions)
    for (BasicBlock &BB : *F)
      if (canCount(BB)) {
        Plan.Ids[&BB] = Plan.Blocks.size();
        Plan.Blocks.push_back(&BB);
      }
  Plan.NumSlots = Plan.Blocks.size();
  planEdges(Plan);

  json::Array Blocks;
  for (auto [Id, BB] : enumerate(Plan.Blocks))
    Blocks.push_back(blockFacts(*BB, Id, BB->getParent() == Functions.front(), Plan.Ids));
  raw_string_ostream(Plan.BlocksJson) << json::Value(std::move(Blocks));
  return Plan;
}

} // namespace energy
