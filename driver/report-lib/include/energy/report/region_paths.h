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

#include "energy/report/report.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

/// Region Id and the regions enclosing it by `parent` links, root first.
/// Throws ReportError when the links form a cycle or name a missing region.
std::vector<uint64_t> nestingPath(const Report &R, uint64_t Id);

/// The regions along call-tree node Node's path, root first.
std::vector<uint64_t> callPath(const std::vector<CallTreeNode> &Tree, size_t Node);

/// No region: what indexOfId() and functionOf() give when there is none.
inline constexpr size_t NoRegion = std::numeric_limits<size_t>::max();

/// Index of R's region with id Id, or NoRegion (ids are indices, but a
/// hand-written report may break that).
size_t indexOfId(const Report &R, std::optional<uint64_t> Id);

/// The function region that holds region I (I itself for a function), or
/// NoRegion. Bounded: a malformed parent cycle ends the walk.
size_t functionOf(const Report &R, size_t I);

/// The region's demangled name (its symbol when it has none).
std::string displayName(const Region &R);

} // namespace energy::report

#endif
