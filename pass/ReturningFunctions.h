//===- ReturningFunctions.h - Functions whose calls always come back ------===//
//
// A call that may not come back (exit(), longjmp, an exception) costs the
// spanning tree of counters an edge no counter can see (CounterPlacement.h),
// and with it a counter: the counts before and after the call may differ.
// LLVM marks a call that must come back `willreturn nounwind`, but it cannot
// infer `willreturn` for a recursive function, nor for one with a loop that
// it cannot prove finite: a recursive fib's calls to itself look as though
// they might end the program.
//
// Within a module, a function's calls come back when it is defined here
// (and no other definition may replace it at link time: not weak), cannot
// throw, and each call it makes is to a function whose calls come
// back (itself and its SCC included) or is `willreturn nounwind` anyway. The
// set is the greatest fixpoint: start from every defined nounwind function,
// drop those with a call that may not come back, and then their callers,
// along the reversed call edges, until none is dropped.
// What it assumes away is a call that never ends (infinite recursion or an
// endless loop) and a signal handler that longjmps or exits out of such a
// function: they leave the counts of the frames on the stack approximate,
// as for any frame in flight when the report is written.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_RETURNINGFUNCTIONS_H
#define ENERGYPASS_RETURNINGFUNCTIONS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class CallBase;
class Function;
class Module;
} // namespace llvm

namespace energy {

class ReturningFunctions {
public:
  explicit ReturningFunctions(llvm::Module &M);

  /// Whether Call may leave its caller without coming back: exit(),
  /// longjmp, an exception through it (an invoke's unwind edge is an
  /// ordinary edge, but an invoke may still exit or longjmp).
  bool mayNotComeBack(const llvm::CallBase &Call) const;

private:
  /// Our own runtime's markers, and calls marked willreturn nounwind.
  static bool comesBackWhateverTheCallee(const llvm::CallBase &Call);

  llvm::SmallPtrSet<const llvm::Function *, 32> Returning;
};

} // namespace energy

#endif // ENERGYPASS_RETURNINGFUNCTIONS_H
