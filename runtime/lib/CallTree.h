//===- CallTree.h - The call tree of the whole process --------------------===//
//
// Every thread's CallPaths merged by path at thread exit and process exit
// (docs/formats/report.md, `call_tree`). Off the hot path, under the
// Runtime's lock; it allocates freely.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CALLTREE_H
#define ENERGY_RT_CALLTREE_H

#include "CallPaths.h"
#include "JsonText.h"

#include <unordered_map>
#include <vector>

namespace energy::rt {

/// A region the report does not write (ReportIds in write()).
constexpr uint32_t NotWritten = 0xffffffffu;

class CallTree {
public:
  /// Adds a thread's paths; returns, per thread node, the tree's node.
  /// Throws std::bad_alloc.
  std::vector<uint32_t> merge(const CallPaths &Thread);
  /// Self time of a frame still open at exit (Node from merge()'s result).
  void addSelf(uint32_t Node, uint64_t Ticks) { Nodes[Node].SelfTicks += Ticks; }
  void clear();

  /// Writes the report's `call_tree` array; times are ticks of
  /// SecondsPerTick each, samples when Sampled (whose paths record no
  /// calls). A node's inclusive time is its self time plus its written
  /// children's inclusive times, so that the nodes' self times partition
  /// the tree's time in both timing modes. Throws std::bad_alloc.
  /// Regions are numbered as ReportIds says (a path through a region that
  /// is not written, which never happens for a region that ran, is left
  /// out with its subtree). Written straight into the report's text: as a
  /// document of a map per node it cost SQLite's report 1.2 M instructions.
  void write(JsonText &W, double SecondsPerTick, bool Sampled,
             const std::vector<uint32_t> &ReportIds) const;

private:
  uint32_t node(uint32_t Parent, uint32_t Region);
  /// Per node, the self ticks of its written subtree.
  std::vector<uint64_t> subtreeTicks(const std::vector<uint32_t> &Written) const;

  std::vector<CallPathNode> Nodes;
  std::unordered_map<uint64_t, uint32_t> Index; /// (parent, region) -> node
};

} // namespace energy::rt

#endif
