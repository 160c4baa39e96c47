//===- CarriedUserCode.h - User code inlined into the standard library ----===//
//
// A lambda called through std::function or started by std::thread is
// inlined into the library's invoker (std::_Function_handler::_M_invoke,
// std::thread::_State_impl::_M_run), which is not a region (Selection.h):
// the user's work would be lumped into whatever called it. When most of a
// standard-library function's instructions were written in user code, that
// code is what the function is: it becomes a region named after the user's
// function (the lambda's or functor's operator(), its file and line).
//
// An instruction's user function is the outermost non-library subprogram of
// its inlining chain (the lambda itself, not a user function the lambda
// inlined), read from debug info: without -g nothing is carried.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_CARRIEDUSERCODE_H
#define ENERGYPASS_CARRIEDUSERCODE_H

namespace llvm {
class DISubprogram;
class Function;
} // namespace llvm

namespace energy {

/// The user function that makes up most of standard-library function F's
/// instructions, or null (F is not in the standard library, has no debug
/// info, or is mostly library code).
const llvm::DISubprogram *userCodeCarriedBy(const llvm::Function &F);

} // namespace energy

#endif // ENERGYPASS_CARRIEDUSERCODE_H
