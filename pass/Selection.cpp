//===- Selection.cpp - Which functions become timed regions ---------------===//
//
// See Selection.h. Annotations reach the IR through clang's
// llvm.global.annotations array of { function, string, file, line, args }.
//
//===----------------------------------------------------------------------===//
#include "Selection.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace energy {
namespace {

unsigned codeSize(const Function &F) {
  unsigned Size = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      Size += !I.isDebugOrPseudoInst();
  return Size;
}

bool hasLoop(const Function &F) {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Backedges;
  FindFunctionBackedges(F, Backedges);
  return !Backedges.empty();
}

} // namespace

bool isStandardLibraryName(StringRef MangledName) {
  // The demangler's nodes point into the name: it must outlive them.
  std::string Mangled = MangledName.str();
  ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(Mangled.c_str()))
    return false;
  char *Context = Demangler.getFunctionDeclContextName(nullptr, nullptr);
  if (!Context)
    return false;
  StringRef Name(Context);
  bool Standard = Name == "std" || Name.starts_with("std::") || Name == "__gnu_cxx" ||
                  Name.starts_with("__gnu_cxx::");
  std::free(Context);
  return Standard;
}

RegionSelector::RegionSelector(Module &M, const EnergyOptions &Options, const FilterFile *Filter)
    : Options(Options), Filter(Filter) {
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  for (const Use &Entry : Entries->operands()) {
    auto *Fields = dyn_cast<ConstantStruct>(Entry.get());
    if (!Fields || Fields->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Fields->getOperand(0)->stripPointerCasts());
    StringRef Text;
    if (!F || !getConstantStringInfo(Fields->getOperand(1), Text))
      continue;
    if (Text == ForceAnnotation)
      Annotated[F] = true;
    else if (Text == ForbidAnnotation)
      Annotated[F] = false;
  }
}

RegionSelector::Timing RegionSelector::timingOf(const Function &F, StringRef Demangled,
                                                StringRef File, bool CarriesUserCode) const {
  if (auto It = Annotated.find(&F); It != Annotated.end())
    return It->second ? Timing::Marked : Timing::None;
  if (Filter) {
    switch (Filter->match(F.getName(), Demangled, File)) {
    case FilterFile::Verdict::Include:
      return Timing::Marked;
    case FilterFile::Verdict::Exclude:
      return Timing::None;
    case FilterFile::Verdict::Unmark:
      return Timing::ByAddress;
    case FilterFile::Verdict::NoMatch:
      break;
    }
  }
  if (!Options.StdRegions && !CarriesUserCode && isStandardLibraryName(F.getName()))
    return Timing::None;
  return codeSize(F) >= Options.MinInstructions || hasLoop(F) ? Timing::Marked : Timing::ByAddress;
}

bool RegionSelector::excludesLoop(StringRef Name, StringRef Demangled) const {
  return Filter && Filter->matchLoop(Name, Demangled) == FilterFile::Verdict::Exclude;
}

} // namespace energy
