//===- UserRegions.cpp - ENERGY_REGION_BEGIN/END markers become regions ---===//
//
// See UserRegions.h. The marker names come from energy/regions.h, so the
// header and the pass cannot disagree on them.
//
//===----------------------------------------------------------------------===//
#include "UserRegions.h"

#include "energy/regions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>

using namespace llvm;

namespace energy {
namespace {

/// How many locals a name may pass through (see markerName).
constexpr unsigned MaxLocalHops = 4;

/// The marker's name: a constant string, directly or, at -O0 after the
/// always-inliner has inlined energy::ScopedRegion, through locals that are
/// written once and only read.
std::optional<StringRef> markerName(const Value *V, unsigned Hops = 0) {
  StringRef Text;
  if (getConstantStringInfo(V, Text))
    return Text;
  auto *Load = dyn_cast<LoadInst>(V);
  if (!Load || Hops == MaxLocalHops)
    return std::nullopt;
  auto *Local = dyn_cast<AllocaInst>(Load->getPointerOperand()->stripPointerCasts());
  if (!Local)
    return std::nullopt;
  const StoreInst *OnlyStore = nullptr;
  for (const User *U : Local->users()) {
    if (isa<LoadInst>(U))
      continue;
    auto *Store = dyn_cast<StoreInst>(U);
    if (!Store || Store->getPointerOperand() != Local || OnlyStore)
      return std::nullopt;
    OnlyStore = Store;
  }
  if (!OnlyStore)
    return std::nullopt;
  return markerName(OnlyStore->getValueOperand(), Hops + 1);
}

SmallVector<CallBase *, 4> markerCalls(Function &F) {
  SmallVector<CallBase *, 4> Calls;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I); Call && markerKind(*Call) != MarkerKind::None)
      Calls.push_back(Call);
  return Calls;
}

StringRef macroOf(MarkerKind Kind) {
  switch (Kind) {
  case MarkerKind::Begin:
    return "ENERGY_REGION_BEGIN";
  case MarkerKind::End:
    return "ENERGY_REGION_END";
  default:
    return "energy::ScopedRegion";
  }
}

} // namespace

MarkerKind markerKind(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return MarkerKind::None;
  StringRef Name = Callee->getName();
  if (Name == ENERGY_USER_BEGIN_MARKER)
    return MarkerKind::Begin;
  if (Name == ENERGY_USER_END_MARKER)
    return MarkerKind::End;
  if (Name == ENERGY_USER_END_SCOPE_MARKER)
    return MarkerKind::EndScope;
  return MarkerKind::None;
}

bool hasUserMarkers(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I); Call && markerKind(*Call) != MarkerKind::None)
      return true;
  return false;
}

SmallPtrSet<const Instruction *, 4> splitAfterMarkers(Function &F) {
  SmallPtrSet<const Instruction *, 4> Added;
  for (CallBase *Call : markerCalls(F)) {
    BasicBlock *BB = Call->getParent();
    SplitBlock(BB, Call->getNextNode());
    Added.insert(BB->getTerminator());
  }
  return Added;
}

void eraseUserMarkers(Function &F) {
  for (CallBase *Call : markerCalls(F))
    Call->eraseFromParent();
}

void eraseUserMarkers(Module &M) {
  for (Function &F : M)
    if (!F.isDeclaration())
      eraseUserMarkers(F);
}

UserRegions::UserRegions(Function &F, LoopOfFn LoopOf, IsCleanupFn IsCleanup) : LoopOf(LoopOf) {
  if (!analyse(F, IsCleanup)) {
    Regions.clear();
    Markers.clear();
    OpenAt.clear();
  }
  eraseUserMarkers(F);
}

bool UserRegions::warn(const Instruction &At, const Twine &Message) {
  const Function &F = *At.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, "energy: " + Message + "; the function's user regions are ignored", At.getDebugLoc(),
      DS_Warning));
  return false;
}

int UserRegions::regionFor(StringRef Name, const Stack &Open, const Instruction &Begin) {
  int Outer = Open.empty() ? -1 : static_cast<int>(Open.back());
  const Loop *Loop = LoopOf(Begin.getParent());
  for (auto [Index, Region] : enumerate(Regions)) {
    if (Region.Name != Name)
      continue;
    if (is_contained(Open, Index)) {
      warn(Begin, "user region '" + Name + "' begins inside itself");
      return -1;
    }
    if (Region.Loop != Loop || Region.Outer != Outer) {
      warn(Begin, "user region '" + Name + "' begins in two different enclosing regions");
      return -1;
    }
    return Index;
  }
  Regions.push_back({Name.str(), Begin.getDebugLoc(), Loop, Outer});
  return Regions.size() - 1;
}

bool UserRegions::apply(CallBase &Marker, Stack &Open) {
  MarkerKind Kind = markerKind(Marker);
  BasicBlock *BB = Marker.getParent();
  std::optional<StringRef> Name;
  if (Kind != MarkerKind::EndScope) {
    Name = markerName(Marker.getArgOperand(0));
    if (!Name)
      return warn(Marker, macroOf(Kind) + " needs a constant name");
  }
  if (Kind == MarkerKind::Begin) {
    int Region = regionFor(*Name, Open, Marker);
    if (Region < 0)
      return false;
    Open.push_back(Region);
    Markers.push_back({Marker.getNextNode(), unsigned(Region), true});
    return true;
  }
  if (Open.empty())
    return warn(Marker, macroOf(Kind) + " ends no open user region");
  const Region &Innermost = Regions[Open.back()];
  if (Name && *Name != Innermost.Name)
    return warn(Marker, "ENERGY_REGION_END(\"" + *Name +
                            "\") does not end the innermost open region, '" + Innermost.Name + "'");
  if (LoopOf(BB) != Innermost.Loop)
    return warn(Marker,
                "user region '" + Innermost.Name + "' ends in another loop than it begins in");
  Markers.push_back({Marker.getNextNode(), Open.back(), false});
  Open.pop_back();
  return true;
}

bool UserRegions::checkLoops(const BasicBlock &BB, const Stack &Open) {
  // Nested regions were checked when they began: the innermost is enough.
  const Region &Innermost = Regions[Open.back()];
  const Loop *Here = LoopOf(&BB);
  if (!Innermost.Loop || (Here && Innermost.Loop->contains(Here)))
    return true;
  return warn(*BB.getFirstNonPHIOrDbg(),
              "user region '" + Innermost.Name + "' is still open after the loop it begins in");
}

bool UserRegions::analyse(Function &F, IsCleanupFn IsCleanup) {
  BasicBlock *Entry = &F.getEntryBlock();
  OpenAt[Entry] = {};
  SmallVector<BasicBlock *, 16> Work = {Entry};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    Stack Open = OpenAt.lookup(BB);
    if (!Open.empty() && !checkLoops(*BB, Open))
      return false;
    for (Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && markerKind(*Call) != MarkerKind::None && !apply(*Call, Open))
        return false;
    Instruction *Term = BB->getTerminator();
    if (isa<ReturnInst>(Term) && !Open.empty())
      return warn(*Term, "user region '" + Regions[Open.back()].Name +
                             "' is still open where the function returns");
    for (BasicBlock *Succ : successors(BB)) {
      if (IsCleanup(Succ))
        continue;
      auto [It, New] = OpenAt.try_emplace(Succ, Open);
      if (New)
        Work.push_back(Succ);
      else if (It->second != Open)
        return warn(*Term, "user regions do not nest: different regions are "
                           "open on two paths that meet (an END missing or "
                           "reached on only one path?)");
    }
  }
  return true;
}

int UserRegions::ownerOf(const BasicBlock *BB) const {
  auto It = OpenAt.find(BB);
  if (It == OpenAt.end() || It->second.empty())
    return -1;
  unsigned Innermost = It->second.back();
  return Regions[Innermost].Loop == LoopOf(BB) ? int(Innermost) : -1;
}

int UserRegions::enclosingLoop(const BasicBlock *Header, const Loop *EnclosingLoop) const {
  auto It = OpenAt.find(Header);
  if (It == OpenAt.end() || It->second.empty())
    return -1;
  unsigned Innermost = It->second.back();
  return Regions[Innermost].Loop == EnclosingLoop ? int(Innermost) : -1;
}

} // namespace energy
