//===- CallerCountedEntries.cpp - Entries counted at the call sites -------===//
//
// See CallerCountedEntries.h.
//
//===----------------------------------------------------------------------===//
#include "CallerCountedEntries.h"
#include "ReturningFunctions.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;

namespace energy {
namespace {

/// Whether F's callers are all in the module, call it directly and are
/// instrumented, and none is F.
bool calledOnlyByInstrumented(const Function &F,
                              function_ref<bool(const Function &)> Instrumented) {
  if (!F.hasLocalLinkage() || F.hasAddressTaken() || F.use_empty())
    return false;
  for (const User *U : F.users()) {
    const auto *Call = dyn_cast<CallBase>(U);
    if (!Call || isa<CallBrInst>(Call) || Call->getCalledOperand() != &F)
      return false;
    const Function *Caller = Call->getFunction();
    if (Caller == &F || !Instrumented(*Caller))
      return false;
  }
  return true;
}

} // namespace

CallerCountedEntries::CallerCountedEntries(Module &M,
                                           function_ref<bool(const Function &)> Instrumented) {
  SmallPtrSet<const Function *, 8> Candidates;
  for (Function &F : M)
    if (Instrumented(F) && calledOnlyByInstrumented(F, Instrumented))
      Candidates.insert(&F);
  // Kahn's algorithm over the calls between candidates: a candidate is
  // ready when every candidate that calls it is placed; those never ready
  // are in, or called from, a cycle.
  DenseMap<const Function *, unsigned> WaitingFor;
  SmallVector<Function *, 8> Ready;
  for (Function &F : M) {
    if (!Candidates.contains(&F))
      continue;
    SmallPtrSet<const Function *, 4> Callers;
    for (const User *U : F.users())
      if (const Function *Caller = cast<CallBase>(U)->getFunction(); Candidates.contains(Caller))
        Callers.insert(Caller);
    WaitingFor[&F] = Callers.size();
    if (Callers.empty())
      Ready.push_back(&F);
  }
  while (!Ready.empty()) {
    Function *F = Ready.pop_back_val();
    Order.push_back(F);
    Selected.insert(F);
    SmallPtrSet<const Function *, 4> Callees;
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB)
        if (const auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction(); Callee && Candidates.contains(Callee) &&
                                                            Callees.insert(Callee).second &&
                                                            --WaitingFor[Callee] == 0)
            Ready.push_back(Callee);
  }
}

/// The count of BB's block that says how often Call, in it, is reached: the
/// block's entries when nothing before the call may fail to come back, else
/// its completions when nothing from the call on may; or null.
static const SlotTerms *reachedCount(const CallBase &Call,
                                     const DenseMap<const BasicBlock *, SlotTerms> &BlockTerms,
                                     const DenseMap<const BasicBlock *, SlotTerms> &CompletionTerms,
                                     const ReturningFunctions &Returning) {
  bool Before = false, FromCall = false;
  for (const Instruction &I : *Call.getParent()) {
    const auto *Other = dyn_cast<CallBase>(&I);
    if (!Other || !Returning.mayNotComeBack(*Other))
      continue;
    bool AtOrAfter = Other == &Call || Call.comesBefore(Other);
    (AtOrAfter ? FromCall : Before) = true;
  }
  const auto &Counts = Before ? CompletionTerms : BlockTerms;
  if (Before && FromCall)
    return nullptr;
  auto Found = Counts.find(Call.getParent());
  return Found == Counts.end() ? nullptr : &Found->second;
}

std::optional<SlotTerms>
CallerCountedEntries::entryTerms(const Function &F,
                                 const DenseMap<const BasicBlock *, SlotTerms> &BlockTerms,
                                 const DenseMap<const BasicBlock *, SlotTerms> &CompletionTerms,
                                 const ReturningFunctions &Returning, size_t MaxTerms) const {
  if (!contains(F))
    return std::nullopt;
  std::map<uint32_t, int64_t> Sum;
  SmallPtrSet<const BasicBlock *, 4> Sites;
  for (const User *U : F.users()) {
    const auto *Call = cast<CallBase>(U);
    const SlotTerms *Reached = reachedCount(*Call, BlockTerms, CompletionTerms, Returning);
    if (!Reached || !Sites.insert(Call->getParent()).second)
      return std::nullopt;
    for (auto [Slot, Coefficient] : *Reached)
      Sum[Slot] += Coefficient;
  }
  SlotTerms Entry;
  for (auto [Slot, Coefficient] : Sum)
    if (Coefficient)
      Entry.emplace_back(Slot, Coefficient);
  if (Entry.empty() || Entry.size() > MaxTerms)
    return std::nullopt;
  return Entry;
}

} // namespace energy
