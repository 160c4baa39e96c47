//===- source_rewriter.h - Turning a .cu file into host C++ ----------------===//
//
// The CUDA constructs that no header can turn into C++ are rewritten in the
// source text, and nothing else:
//   K<<<G, B, S, T>>>(ARGS)  becomes
//     (::energy_cuda_emu::launch("K", G, B, S, T) ->*
//          [&](auto &&...a) { K(a...); })(ARGS)
//   extern __shared__ T name[];  becomes, in a function body,
//     T *const name = <the block's dynamic shared memory>;
//   and elsewhere (namespace scope) the same `static thread_local`;
//   __noinline__  becomes  __attribute__((noinline))  (libstdc++ uses the
//     name in its own attributes, so it cannot be a macro)
// Comments, string and character literals are skipped. Line numbers are
// kept (every replacement keeps its newlines) and the output starts with a
// #line directive naming the original file, so diagnostics and debug
// information point into the .cu file.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_SOURCE_REWRITER_H
#define ENERGY_CUDA_EMU_SOURCE_REWRITER_H

#include <string>
#include <string_view>
#include <vector>

namespace energy_cuda_emu {

struct rewrite_result {
  std::string text;
  std::vector<std::string> errors; // "FILE:LINE: message", one per problem
  unsigned launches = 0;
  unsigned dynamic_shared_arrays = 0;
};

rewrite_result rewrite_cuda_source(std::string_view source, std::string_view file_name);

} // namespace energy_cuda_emu

#endif
