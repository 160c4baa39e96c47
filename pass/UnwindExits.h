//===- UnwindExits.h - Leave regions when exceptions unwind ---------------===//
//
// A region entered by a function must be left however the function ends.
// Returns and `resume` are explicit exits; an exception thrown by a callee
// that the function does not catch is not. This turns each call that may
// throw into an invoke whose unwind edge goes to a cleanup block
// (`landingpad cleanup` + `resume`), so the instrumenter's exit before
// `resume` covers unwinding too, and a throwing call ends its block, so block
// counts stay exact when a call throws. Calls are grouped (by their innermost
// loop) and each group gets its own cleanup: a cleanup reached only from one
// loop is a dedicated exit of that loop, where its loop regions are left.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_UNWINDEXITS_H
#define ENERGYPASS_UNWINDEXITS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace energy {

/// Returns the group of the calls in a block; calls of one group share a
/// cleanup.
using CallGroupFn = llvm::function_ref<const void *(const llvm::BasicBlock &)>;

/// Adds the cleanups to F and returns them; none when F cannot unwind, has
/// no Itanium-style personality in reach (C code), or has no call that may
/// throw. The cleanup blocks are the pass's own: they are not counted.
llvm::SmallVector<llvm::BasicBlock *, 2> addUnwindExits(llvm::Function &F, CallGroupFn GroupOf);

} // namespace energy

#endif // ENERGYPASS_UNWINDEXITS_H
