//===- FootprintSampling.h - Sampled cache-line footprint of regions ------===//
//
// An opt-in pass (-energy-footprint, energycc --energy-footprint) that lets
// the runtime estimate how many distinct cache lines each region touches: the
// compulsory traffic behind the roofline's locality wall. Every load, store,
// atomic, masked access, gather/scatter lane and memcpy/memmove/memset range
// computes its 64-byte line and a multiplicative hash of it; only lines whose
// hash falls in the 1/N sample call the runtime. Sampling by line, not by
// access, keeps the distinct count unbiased: a line is either always or never
// sampled, so distinct sampled lines x N estimates distinct lines.
//
//   opt -load-pass-plugin build/lib/libEnergyPass.so \
//       -passes=energy-footprint -energy-footprint-sample=64 -S in.ll
//
// Fibonacci hashing (line x 2^64/golden ratio) spreads consecutive and
// power-of-two-strided lines evenly over the sample, in one multiply.
//
// Runs before energy-instrument at the same extension points, so its calls
// are never measured as the program's memory traffic (it adds no load or
// store); its instructions carry !energy.footprint metadata.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_FOOTPRINTSAMPLING_H
#define ENERGYPASS_FOOTPRINTSAMPLING_H

#include "energy/abi.h"

#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace energy {

struct FootprintOptions {
  /// Instrument at the extension points; a pipeline naming the pass runs it
  /// regardless.
  bool Enabled = false;
  /// One line in SampleOneIn is sampled; a power of two.
  uint64_t SampleOneIn = 64;

  /// The options as given by -energy-footprint and -energy-footprint-sample.
  static FootprintOptions fromCommandLine();
};

/// The metadata kind on every instruction the pass adds.
inline constexpr const char *FootprintMetadata = "energy.footprint";

/// Whether `I` was added by footprint sampling: not the program's work, so
/// never counted.
inline bool isFootprintSampling(const llvm::Instruction &I) {
  return I.hasMetadata() && I.getMetadata(FootprintMetadata);
}

class FootprintSampling : public llvm::PassInfoMixin<FootprintSampling> {
public:
  explicit FootprintSampling(FootprintOptions Options) : Options(Options) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

  /// Runs at -O0 too, where functions are optnone.
  static bool isRequired() { return true; }

private:
  FootprintOptions Options;
};

} // namespace energy

#endif // ENERGYPASS_FOOTPRINTSAMPLING_H
