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

struct Invocation {
  bool hasInputs = false;            // any file (or "-") to work on
  bool compilesSource = false;       // some input is compiled, not only linked
  bool stopsBeforeLink = false;      // -c, -S, -E, -M, -MM, -fsyntax-only, ...
  bool setsEnergyPassOption = false; // -mllvm -energy-... given by the user

  bool links() const { return hasInputs && !stopsBeforeLink; }
};

Invocation analyzeInvocation(const std::vector<std::string> &ClangArgs);

} // namespace energy::cc

#endif
