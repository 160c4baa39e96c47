//===- CallPaths.h - One thread's table of region call paths --------------===//
//
// The thread's half of the call tree (docs/formats/report.md, `call_tree`):
// every distinct path of open regions gets a node, found by (parent node,
// region) in an open-addressing hash table, so that an entry costs a hash and
// a probe or two and no allocation. Both arrays are mapped once at the
// thread's start with a fixed capacity: a full table leaves further paths
// untracked (NoPath) rather than growing, so deep or varied recursion cannot
// exhaust memory. A parent's node always precedes its children's, which lets
// the merge map nodes in one pass.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CALLPATHS_H
#define ENERGY_RT_CALLPATHS_H

#include <atomic>
#include <cstdint>

namespace energy::rt {

/// A frame whose path is not in the table (full, or below such a frame).
constexpr uint32_t NoPath = 0xffffffffu;
/// The parent of a path's first region.
constexpr uint32_t RootPath = 0xfffffffeu;

struct CallPathNode {
  uint32_t Parent; /// a node index, or RootPath
  uint32_t Region; /// the region's report id
  uint64_t Calls;
  /// The time whose innermost open frame was on this path: exact, each
  /// frame's elapsed time less its callees'; sampled, the samples whose
  /// innermost region was this path's. A node's inclusive time is derived
  /// from these (CallTree::write), never recorded: with recursion collapsed
  /// onto the outermost instance's path, a time recorded per open path would
  /// be counted in two branches of the tree (f -> g -> f -> h puts h's time
  /// under g's frame and under f's node).
  uint64_t SelfTicks;
};

class CallPaths {
public:
  /// Maps room for `MaxNodes` paths; false (and an always-untracked table)
  /// when out of memory.
  bool allocate(uint32_t MaxNodes) noexcept;
  void release() noexcept;
  /// Fork child: keep the paths, forget their figures.
  void zeroFigures() noexcept;

  /// The node of `Region` called from `Parent`, created when new; NoPath
  /// when the parent is untracked or the table is full.
  uint32_t find(uint32_t Parent, uint32_t Region) noexcept {
    // A loop calling one function is the common case: remember the last hit.
    if (Parent == LastParent && Region == LastRegion)
      return LastNode;
    if (__builtin_expect(Parent == NoPath || !Slots, 0))
      return NoPath;
    uint64_t Key = (uint64_t(Parent) << 32) | Region;
    uint32_t Mask = SlotCount - 1;
    for (uint32_t H = hash(Key) & Mask;; H = (H + 1) & Mask) {
      uint32_t Entry = Slots[H];
      if (Entry == 0)
        return insert(H, Parent, Region);
      const CallPathNode &N = Nodes[Entry - 1];
      if (N.Parent == Parent && N.Region == Region)
        return remember(Parent, Region, Entry - 1);
    }
  }

  CallPathNode *Nodes = nullptr;
  uint32_t Count = 0;

private:
  uint32_t remember(uint32_t Parent, uint32_t Region, uint32_t Node) {
    LastParent = Parent;
    LastRegion = Region;
    LastNode = Node;
    return Node;
  }
  static uint32_t hash(uint64_t Key) { return uint32_t((Key * 0x9e3779b97f4a7c15ull) >> 32); }
  uint32_t insert(uint32_t Slot, uint32_t Parent, uint32_t Region) noexcept {
    if (Count == MaxNodes)
      return NoPath;
    Nodes[Count] = CallPathNode{Parent, Region, 0, 0};
    // A signal handler entering regions sees either no slot or a whole node.
    std::atomic_signal_fence(std::memory_order_seq_cst);
    Slots[Slot] = ++Count;
    return Count - 1;
  }

  uint32_t *Slots = nullptr; /// node index + 1; 0 is empty
  uint32_t SlotCount = 0;    /// a power of two, at least twice MaxNodes
  uint32_t MaxNodes = 0;
  uint32_t LastParent = NoPath, LastRegion = 0, LastNode = NoPath;
};

} // namespace energy::rt

#endif
