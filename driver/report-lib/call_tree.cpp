//===- call_tree.cpp - Reading a report's calling context tree ------------===//
#include "energy/report/call_tree.h"

#include "report_view.h"

namespace energy::report {

std::vector<CallTreeNode> parseCallTree(const nlohmann::json &Json, const Report &R) {
  View Tree(Json, R.origin, ReportWording, "call_tree");
  std::vector<CallTreeNode> Nodes;
  for (size_t I = 0, N = Tree.arraySize(); I < N; ++I) {
    View Node = Tree.element(I);
    if (Node["id"].unsignedInteger() != I)
      Node["id"].reject("is not the node's index " + std::to_string(I));
    CallTreeNode C;
    C.region = Node["region"].unsignedInteger();
    if (C.region >= R.regions.size())
      Node["region"].reject("names region " + std::to_string(C.region) + ", which does not exist");
    if (auto Parent = Node.nullable("parent")) {
      C.parent = Parent->unsignedInteger();
      if (*C.parent >= I)
        Parent->reject("is not an earlier node");
    }
    // Null in a sampled report: samples see paths, not entries.
    if (auto Calls = Node.nullable("calls"))
      C.calls = Calls->unsignedInteger();
    C.inclusiveSeconds = Node["time_s"]["inclusive"].nonNegative();
    C.selfSeconds = Node["time_s"]["self"].nonNegative();
    Nodes.push_back(C);
  }
  return Nodes;
}

} // namespace energy::report
