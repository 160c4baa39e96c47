//===- CallerCountedEntries.h - Entries counted at the call sites ---------===//
//
// A function that only its own module can call, and only directly, is
// entered exactly as often as its call sites are reached. Each call site's
// block already has a count (a sum of counters, CounterPlacement.h), so the
// function needs no counter of its own for its entries: its entry count is
// the sum of its call sites' terms, an edge whose flow is known in its
// counter plan. A static helper called once per iteration of a loop costs
// nothing more than the loop.
//
// A call site counts when its block is counted and holds exactly one call to
// the function. If nothing before that call in the block may leave without
// coming back (ReturningFunctions.h), the block's count is the number of
// times the call is reached; else, if nothing from the call on may, the
// number of times the block reached its terminator is, where the counter
// plan knows it (a loop body that calls through a pointer, then a helper). The function qualifies
// when it has local linkage, its address is never taken, and every caller is instrumented in this
// module and planned before it: callers first, so the functions in a cycle of such calls
// (recursion) count their entries themselves.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_CALLERCOUNTEDENTRIES_H
#define ENERGYPASS_CALLERCOUNTEDENTRIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class BasicBlock;
class Function;
class Module;
} // namespace llvm

namespace energy {

class ReturningFunctions;

/// Counter slots and coefficients: a count as the module's counters give it.
using SlotTerms = llvm::SmallVector<std::pair<uint32_t, int64_t>, 2>;

class CallerCountedEntries {
public:
  /// Selects the functions of M whose entries their callers count, among
  /// those Instrumented says are.
  CallerCountedEntries(llvm::Module &M,
                       llvm::function_ref<bool(const llvm::Function &)> Instrumented);

  bool contains(const llvm::Function &F) const { return Selected.contains(&F); }
  /// The selected functions, each after all its callers.
  llvm::ArrayRef<llvm::Function *> order() const { return Order; }

  /// F's entry count from the counts of its call sites' blocks (and of
  /// their completions), or none when a call site does not qualify or the
  /// sum has more than MaxTerms terms.
  std::optional<SlotTerms>
  entryTerms(const llvm::Function &F,
             const llvm::DenseMap<const llvm::BasicBlock *, SlotTerms> &BlockTerms,
             const llvm::DenseMap<const llvm::BasicBlock *, SlotTerms> &CompletionTerms,
             const ReturningFunctions &Returning, size_t MaxTerms) const;

private:
  llvm::SmallPtrSet<const llvm::Function *, 8> Selected;
  llvm::SmallVector<llvm::Function *, 8> Order;
};

} // namespace energy

#endif // ENERGYPASS_CALLERCOUNTEDENTRIES_H
