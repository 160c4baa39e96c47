//===- UserRegions.h - ENERGY_REGION_BEGIN/END markers become regions -----===//
//
// energy/regions.h turns ENERGY_REGION_BEGIN("name"), ENERGY_REGION_END
// ("name") and energy::ScopedRegion into calls of marker functions. This
// lowers them: each distinct name in a function becomes a region of kind
// ENERGY_REGION_USER, entered where its BEGIN was and left where its END
// was, nested in the innermost function, loop or user region open at the
// BEGIN; the markers themselves are removed.
//
// Lowering happens in two steps around the pass's other CFG changes:
//   1. splitAfterMarkers() ends a block after every marker, so that each
//      block lies wholly inside or outside a user region (blocks are the unit
//      of counting), before unwind cleanups and loop preheaders are added;
//   2. UserRegions walks the final CFG with the stack of user regions open at
//      each block, checks that the markers nest (the same stack on every path
//      into a block, END matching the innermost BEGIN, nothing open at a
//      return, regions and loops nested one in the other), and records where
//      regions are entered and left. Markers that break a rule get a warning
//      (DiagnosticInfo) and the function keeps no user region.
// Either way the marker calls are erased: no call is left for the linker.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGYPASS_USERREGIONS_H
#define ENERGYPASS_USERREGIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"

#include <string>

namespace llvm {
class BasicBlock;
class CallBase;
class Function;
class Instruction;
class Loop;
class Module;
} // namespace llvm

namespace energy {

/// The kind of marker a call is, if it is one.
enum class MarkerKind { None, Begin, End, EndScope };
MarkerKind markerKind(const llvm::CallBase &Call);

/// Whether F calls a marker.
bool hasUserMarkers(const llvm::Function &F);

/// Step 1: splits F's blocks right after each marker and returns the
/// branches this added (the pass's own code: not counted).
llvm::SmallPtrSet<const llvm::Instruction *, 4> splitAfterMarkers(llvm::Function &F);

/// Erases F's marker calls (F is not timed: its markers lower to nothing).
void eraseUserMarkers(llvm::Function &F);
/// Erases every marker call of M that is still there (functions the pass
/// does not instrument).
void eraseUserMarkers(llvm::Module &M);

/// Where a user region is entered or left: just before Before, where its
/// marker was.
struct UserMarker {
  llvm::Instruction *Before;
  unsigned Region; // index into UserRegions::regions()
  bool Enter;
};

/// Step 2 for one function (see the file comment).
class UserRegions {
public:
  /// The innermost loop region that contains a block, or null.
  using LoopOfFn = llvm::function_ref<const llvm::Loop *(const llvm::BasicBlock *)>;
  /// Whether a block is one of the pass's unwind cleanups, whose region
  /// exits the runtime handles by stack address.
  using IsCleanupFn = llvm::function_ref<bool(const llvm::BasicBlock *)>;

  struct Region {
    std::string Name;
    llvm::DebugLoc Loc;     // of its first BEGIN
    const llvm::Loop *Loop; // innermost loop region at its BEGINs
    int Outer;              // enclosing user region, or -1
  };

  /// Analyses F and erases its markers; warns and keeps no region when they
  /// do not nest.
  UserRegions(llvm::Function &F, LoopOfFn LoopOf, IsCleanupFn IsCleanup);

  llvm::ArrayRef<Region> regions() const { return Regions; }
  llvm::ArrayRef<UserMarker> markers() const { return Markers; }
  /// The innermost user region open in BB that BB's loop region does not
  /// enclose (BB's self counts go there), or -1.
  int ownerOf(const llvm::BasicBlock *BB) const;
  /// The user region that the loop region with this header nests in, given
  /// the loop region around that loop (null for none), or -1.
  int enclosingLoop(const llvm::BasicBlock *Header, const llvm::Loop *EnclosingLoop) const;

private:
  using Stack = llvm::SmallVector<unsigned, 4>;

  bool analyse(llvm::Function &F, IsCleanupFn IsCleanup);
  bool apply(llvm::CallBase &Marker, Stack &Open);
  bool checkLoops(const llvm::BasicBlock &BB, const Stack &Open);
  bool warn(const llvm::Instruction &At, const llvm::Twine &Message);
  int regionFor(llvm::StringRef Name, const Stack &Open, const llvm::Instruction &Begin);

  LoopOfFn LoopOf;
  llvm::SmallVector<Region, 2> Regions;
  llvm::SmallVector<UserMarker, 4> Markers;
  llvm::DenseMap<const llvm::BasicBlock *, Stack> OpenAt;
};

} // namespace energy

#endif // ENERGYPASS_USERREGIONS_H
