//===- Instrumentable.h - Code the pass may instrument ----------*- C++ -*-===//
//
// Both host passes (the energy pass and footprint sampling) touch the same
// code: host modules, and in them the functions that have a body of their
// own that the program runs.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_INSTRUMENTABLE_H
#define ENERGYPASS_INSTRUMENTABLE_H

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace energy {

/// Device code has no thread_local storage and no host runtime to call:
/// only its CUDA kernels are instrumented, in device mode.
bool isGpuModule(const llvm::Module &M);

/// Whether F has a body the program runs that the host passes may change:
/// not a declaration, not the runtime's own code (ENERGY_SYMBOL_PREFIX), not
/// naked (no prologue to put markers in), not available_externally (its
/// body is a copy for the optimiser; the one that runs is elsewhere).
bool isInstrumentable(const llvm::Function &F);

} // namespace energy

#endif // ENERGYPASS_INSTRUMENTABLE_H
