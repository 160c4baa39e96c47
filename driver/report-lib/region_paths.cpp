//===- region_paths.cpp - Call paths and nesting paths of regions ---------===//
#include "energy/report/region_paths.h"

#include "energy/report/report_error.h"

#include <algorithm>
#include <optional>

namespace energy::report {

std::vector<uint64_t> nestingPath(const Report &R, uint64_t Id) {
  std::vector<uint64_t> Path;
  for (std::optional<uint64_t> Current = Id; Current; Current = R.regions[*Current].parent) {
    if (*Current >= R.regions.size())
      throw ReportError(R.origin + ": region " + std::to_string(Id) +
                        " has a parent that is not a region; the report is "
                        "damaged, re-run the program");
    if (Path.size() > R.regions.size())
      throw ReportError(R.origin + ": the parent links of region " + std::to_string(Id) +
                        " form a cycle; the report is damaged, re-run the "
                        "program");
    Path.push_back(*Current);
  }
  std::reverse(Path.begin(), Path.end());
  return Path;
}

std::vector<uint64_t> callPath(const std::vector<CallTreeNode> &Tree, size_t Node) {
  std::vector<uint64_t> Path;
  // Parents have smaller ids (checked when read), so this ends.
  for (std::optional<uint64_t> N = Node; N; N = Tree[*N].parent)
    Path.push_back(Tree[*N].region);
  std::reverse(Path.begin(), Path.end());
  return Path;
}

size_t indexOfId(const Report &R, std::optional<uint64_t> Id) {
  if (!Id || *Id >= R.regions.size() || R.regions[*Id].id != *Id)
    return NoRegion;
  return *Id;
}

size_t functionOf(const Report &R, size_t I) {
  size_t At = I;
  for (size_t Steps = 0; At != NoRegion && Steps <= R.regions.size(); ++Steps) {
    if (R.regions[At].kind == "function")
      return At;
    At = indexOfId(R, R.regions[At].parent);
  }
  return NoRegion;
}

std::string displayName(const Region &R) { return R.demangled.empty() ? R.name : R.demangled; }

} // namespace energy::report
