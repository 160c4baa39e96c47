//===- CarriedUserCode.cpp - Whose code a library function runs -----------===//
#include "CarriedUserCode.h"

#include "Selection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace energy {
namespace {

bool isLibrarySubprogram(const DISubprogram &SP) {
  StringRef Linkage = SP.getLinkageName();
  return !Linkage.empty() && isStandardLibraryName(Linkage);
}

/// The outermost non-library subprogram on Loc's inlining chain, or null
/// when every frame of it is library code (or F's own).
const DISubprogram *outermostUserFrame(const DILocation *Loc) {
  const DISubprogram *User = nullptr;
  for (; Loc; Loc = Loc->getInlinedAt())
    if (const DISubprogram *SP = Loc->getScope()->getSubprogram(); SP && !isLibrarySubprogram(*SP))
      User = SP;
  return User;
}

} // namespace

const DISubprogram *userCodeCarriedBy(const Function &F) {
  const DISubprogram *Own = F.getSubprogram();
  if (!Own || !isStandardLibraryName(F.getName()))
    return nullptr;
  DenseMap<const DISubprogram *, unsigned> Instructions;
  unsigned Total = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (I.isDebugOrPseudoInst())
        continue;
      ++Total;
      if (const DISubprogram *User = outermostUserFrame(I.getDebugLoc().get()); User && User != Own)
        ++Instructions[User];
    }
  const DISubprogram *Most = nullptr;
  unsigned MostInstructions = 0;
  for (auto [SP, N] : Instructions)
    if (N > MostInstructions || (N == MostInstructions && Most && SP->getLine() < Most->getLine()))
      std::tie(Most, MostInstructions) = std::pair(SP, N);
  return 2 * MostInstructions > Total ? Most : nullptr;
}

} // namespace energy
