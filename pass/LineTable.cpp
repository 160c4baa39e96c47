//===- LineTable.cpp - Splitting a block's cost by source line ------------===//
#include "LineTable.h"

#include "CostModel.h"
#include "RegionTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <string>

using namespace llvm;

namespace energy {
namespace {

/// Where code was written: a file, a line in it, and the call site it was
/// inlined at (null: not inlined).
struct SourceLine {
  std::string File;
  uint32_t Line;
  const DILocation *InlinedAt;

  bool operator==(const SourceLine &Other) const {
    return Line == Other.Line && InlinedAt == Other.InlinedAt && File == Other.File;
  }
};

/// The file's path with the compilation's directory, so that the source can
/// be read from anywhere at report time.
std::string pathOf(const DILocation &Loc) {
  StringRef File = Loc.getFilename();
  if (File.empty() || sys::path::is_absolute(File) || Loc.getDirectory().empty())
    return File.str();
  SmallString<256> Path(Loc.getDirectory());
  sys::path::append(Path, File);
  return std::string(Path);
}

/// Where I was written, if debug info says.
std::optional<SourceLine> writtenAt(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc().get();
  if (!Loc || !Loc->getLine())
    return std::nullopt;
  return SourceLine{pathOf(*Loc), Loc->getLine(), Loc->getInlinedAt()};
}

/// One line's instructions, in block order.
struct LineGroup {
  SourceLine Line;
  SmallVector<Instruction *, 8> Instructions;
};

/// Groups BB's instructions by line. An instruction without a location
/// (a spill, a phi's copy, code a pass made) belongs to the line before it,
/// or to the block's first line when none comes before it, so that the
/// groups' costs still sum to the block's.
SmallVector<LineGroup, 4> groupByLine(BasicBlock &BB, const Instruction *NotCounted) {
  SmallVector<LineGroup, 4> Groups;
  SmallVector<Instruction *, 4> BeforeFirstLine;
  LineGroup *Current = nullptr;
  for (Instruction &I : BB) {
    if (&I == NotCounted)
      continue;
    if (std::optional<SourceLine> Line = writtenAt(I)) {
      auto Known = find_if(Groups, [&](const LineGroup &G) { return G.Line == *Line; });
      Current = Known != Groups.end() ? &*Known : &Groups.emplace_back(LineGroup{*Line, {}});
    }
    if (Current)
      Current->Instructions.push_back(&I);
    else
      BeforeFirstLine.push_back(&I);
  }
  if (!Groups.empty())
    Groups.front().Instructions.append(BeforeFirstLine);
  return Groups;
}

/// The function a call site is written in, named as its region would be.
std::string functionOf(const DILocation &Site) {
  const DISubprogram *SP = Site.getScope()->getSubprogram();
  if (!SP)
    return "";
  StringRef Linkage = SP->getLinkageName();
  return Linkage.empty() ? SP->getName().str() : demangle(Linkage);
}

/// The table's index of call site Site, its outer sites added first.
uint32_t inlineSiteIndex(RegionTable &Table, const DILocation *Site) {
  if (!Site)
    return ENERGY_NO_SITE;
  uint32_t Caller = inlineSiteIndex(Table, Site->getInlinedAt());
  return Table.addInlineSite(pathOf(*Site), Site->getLine(), functionOf(*Site), Caller);
}

} // namespace

void addBlockLines(RegionTable &Table, uint32_t Block, BasicBlock &BB, const CostContext &Context,
                   const Instruction *NotCounted) {
  for (const LineGroup &G : groupByLine(BB, NotCounted))
    Table.addLine(Block, G.Line.File, G.Line.Line, inlineSiteIndex(Table, G.Line.InlinedAt),
                  computeCostOf(BB, G.Instructions, Context).Static);
}

} // namespace energy
