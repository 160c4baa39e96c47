//===- invocation.h - What a clang command line is going to do ------------===//
//
// energycc adds compile flags only when clang compiles source files and link
// flags only when it links, because clang warns about flags a step leaves
// unused, and builds with -Werror turn those warnings into failures.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_DRIVER_ENERGYCC_INVOCATION_H
#define ENERGY_DRIVER_ENERGYCC_INVOCATION_H

#include <string>
#include <vector>

namespace energy::cc {

/// What each argument of the command line is, for the CUDA builds that
/// rewrite the command per source file.
enum class ArgRole {
  Other,
  Input,      // a file (or "-") to compile or link
  CudaSource, // an input that is CUDA: a .cu file, or any file after -x cuda
  Language,   // -x LANG, -xLANG, or the LANG after -x
  Output,     // -o FILE, -oFILE, or the FILE after -o
};

struct Invocation {
  std::vector<ArgRole> roles;        // one per argument
  bool hasInputs = false;            // any file (or "-") to work on
  bool compilesSource = false;       // some input is compiled, not only linked
  bool stopsBeforeLink = false;      // -c, -S, -E, -M, -MM, -fsyntax-only, ...
  bool setsEnergyPassOption = false; // -mllvm -energy-... given by the user

  bool links() const { return hasInputs && !stopsBeforeLink; }
  bool hasCudaSources() const;
  size_t inputCount() const;
};

Invocation analyzeInvocation(const std::vector<std::string> &ClangArgs);

} // namespace energy::cc

#endif
