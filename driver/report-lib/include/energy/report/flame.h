//===- energy/report/flame.h - Folded stacks for flame graphs -------------===//
//
// `energy-report flame` writes one line per region, "root;...;region WEIGHT",
// the folded format that flamegraph.pl and speedscope read. Each line carries
// a self figure, so that a frame's width is its inclusive figure, and the
// lines add up to the report's total of the weight.
// With the report's call tree, there is one line per call path: the region's
// self time, energy, FLOPs or bytes split among the region's paths in
// proportion to their self time (the tree records times per path, not
// counts). What the tree does not hold (regions it has no node for, self time
// beyond its bound) is stacked by region nesting under a first frame
// `[not in call tree]`, and measured energy while no region was on top is a
// frame `[outside any region]`. Without a tree (older reports), the stacks
// come from the regions' `parent` links (a loop inside its function or
// enclosing loop) and functions are roots.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_FLAME_H
#define ENERGY_REPORT_FLAME_H

#include "energy/report/report.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace energy::report {

/// Weights are integers (speedscope reads no fractions): nanojoules,
/// nanoseconds, FLOPs, bytes.
enum class FlameWeight { Energy, Time, Flops, Bytes };

std::optional<FlameWeight> parseFlameWeight(const std::string &Name);
std::vector<std::string> flameWeightNames();
/// "nJ", "ns", "FLOPs", "bytes".
const char *flameWeightUnit(FlameWeight W);

/// The first frame of a stack the call tree did not hold.
inline constexpr const char *NotInCallTreeFrame = "[not in call tree]";
/// The frame of measured energy while no region was on top of any thread.
inline constexpr const char *OutsideRegionsFrame = "[outside any region]";

struct FoldedStack {
  std::vector<std::string> frames; // root first
  unsigned long long weight = 0;
};

/// The stacks with a non-zero weight: one per call-tree node, in node order,
/// when R has a call tree; otherwise one per region, in region order. Throws
/// ReportError when parent links form a cycle or name a missing region.
std::vector<FoldedStack> foldedStacks(const Report &R, FlameWeight Weight);

/// The weight of the stacks under NotInCallTreeFrame, and of all of them.
unsigned long long leftOutOfCallTree(const std::vector<FoldedStack> &Stacks);
unsigned long long totalWeight(const std::vector<FoldedStack> &Stacks);

void printFolded(const std::vector<FoldedStack> &Stacks, std::ostream &OS);

} // namespace energy::report

#endif
