//===- energy/report/region_paths.h - Stacks of regions, root first -------===//
//
// Every stack-shaped output (folded stacks, pprof, speedscope, trace slices)
// names a region by the path that leads to it: its call path in the report's
// call tree, or, where the tree has no node for it, its static nesting through
// `parent` links (a loop inside its function). Both are region ids, root first.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REGION_PATHS_H
#define ENERGY_REPORT_REGION_PATHS_H

#include "energy/report/call_tree.h"
#include "energy/report/report.h"

#include <cstdint>
#include <string>
#include <vector>

namespace energy::report {

/// Region Id and the regions enclosing it by `parent` links, root first.
/// Throws ReportError when the links form a cycle or name a missing region.
std::vector<uint64_t> nestingPath(const Report &R, uint64_t Id);

/// The regions along call-tree node Node's path, root first.
std::vector<uint64_t> callPath(const std::vector<CallTreeNode> &Tree, size_t Node);

/// The region's demangled name (its symbol when it has none).
std::string displayName(const Region &R);

} // namespace energy::report

#endif
