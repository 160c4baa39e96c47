//===- energy/report/call_tree.h - A report's calling context tree --------===//
//
// The report's `call_tree` (docs/formats/report.md): one node per distinct
// call path of regions, with calls and times per path. Read and validated
// here for `energy-report flame`.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_CALL_TREE_H
#define ENERGY_REPORT_CALL_TREE_H

#include "energy/report/report.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace energy::report {

struct CallTreeNode {
  uint64_t region = 0;
  std::optional<uint64_t> parent; // always a smaller id
  uint64_t calls = 0;             // 0 in sampled reports, which record none per path
  double inclusiveSeconds = 0.0;
  double selfSeconds = 0.0;
};

/// Validates `call_tree` against R's regions; throws ReportError naming the
/// bad key (a region that does not exist, a parent that is not earlier).
std::vector<CallTreeNode> parseCallTree(const nlohmann::json &Tree, const Report &R);

} // namespace energy::report

#endif
