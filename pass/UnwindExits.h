//===- UnwindExits.h - Leave regions when exceptions unwind ---------------===//
//
// A region entered by a function must be left however the function ends.
// Returns and `resume` are explicit exits; an exception thrown by a callee
// that the function does not catch is not. This turns each call that may
// throw into an invoke whose unwind edge goes to one shared cleanup block
// (`landingpad cleanup` + `resume`), so the instrumenter's exit before
// `resume` covers unwinding too, and a throwing call ends its block, so block
// counts stay exact when a call throws.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_UNWINDEXITS_H
#define ENERGYPASS_UNWINDEXITS_H

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace energy {

/// Adds the cleanup to F and returns it; returns null when F cannot unwind,
/// has no Itanium-style personality in reach (C code), or has no call that
/// may throw. The cleanup block is the pass's own: it is not counted.
llvm::BasicBlock *addUnwindExits(llvm::Function &F);

} // namespace energy

#endif // ENERGYPASS_UNWINDEXITS_H
