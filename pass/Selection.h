//===- Selection.h - Which functions become timed regions -----------------===//
//
// Tiny functions cost more to time than to run. A function is a timed region
// (enter/exit markers; its loops may become regions) when it has user-region
// markers (decided by the pass, UserRegions.h) or, in this order:
//   1. a source annotation says so: __attribute__((annotate("energy_region")))
//      forces it, annotate("energy_no_region") forbids it;
//   2. the filter file (-energy-filter) includes or excludes it;
//   3. it is not a function of the C++ standard library (namespaces std and
//      __gnu_cxx, by its mangled name, so with or without debug info) unless
//      -energy-std-regions: a map insert or a sort is the caller's work, and
//      timing every template it instantiates (a tree search, a partition
//      loop, each a region by rule 4) costs an entry and exit per call;
//      but a library function that is mostly user code inlined into it (a
//      lambda run by std::function, CarriedUserCode.h) is the user's;
//   4. it has a loop or at least -energy-min-instructions IR instructions
//      (the rule of LLVM XRay's instruction threshold).
// Every function that is not timed keeps its region entry and exact block
// counts, with no markers: its work is counted. Its time is its caller's,
// except that under sampled timing a function left out by rule 4 alone is
// found by the sampled program counter instead (energy_module.
// region_functions): its own time at no cost per call.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_SELECTION_H
#define ENERGYPASS_SELECTION_H

#include "FilterFile.h"
#include "Options.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace energy {

/// Whether a mangled name puts a function in the C++ standard library: its
/// enclosing namespace or class is std (with its inline namespaces such as
/// __cxx11) or libstdc++'s __gnu_cxx.
bool isStandardLibraryName(llvm::StringRef MangledName);

class RegionSelector {
public:
  static constexpr llvm::StringLiteral ForceAnnotation = "energy_region";
  static constexpr llvm::StringLiteral ForbidAnnotation = "energy_no_region";

  RegionSelector(llvm::Module &M, const EnergyOptions &Options, const FilterFile *Filter);

  enum class Timing {
    Marked,    /// enter/exit markers
    ByAddress, /// too small for markers (rule 4) or unmarked by the filter: sampled by address
    None,      /// its time is its caller's (rules 1 to 3)
  };

  /// `CarriesUserCode`: userCodeCarriedBy(F) found the user's code in it.
  Timing timingOf(const llvm::Function &F, llvm::StringRef Demangled, llvm::StringRef File,
                  bool CarriesUserCode) const;

  /// Whether the filter leaves the loop region named Name (or Demangled)
  /// out: its blocks and time go to the enclosing region.
  bool excludesLoop(llvm::StringRef Name, llvm::StringRef Demangled) const;

private:
  const EnergyOptions &Options;
  const FilterFile *Filter;
  /// true: forced by annotation; false: forbidden.
  llvm::DenseMap<const llvm::Function *, bool> Annotated;
};

} // namespace energy

#endif // ENERGYPASS_SELECTION_H
