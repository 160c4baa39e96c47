//===- call_tree.cpp - Reading a report's calling context tree ------------===//
#include "energy/report/call_tree.h"

#include "report_view.h"

#include "support/ReportKeys.h"

namespace energy::report {

std::vector<CallTreeNode> parseCallTree(const nlohmann::json &Json, const Report &R) {
  namespace Key = report_key::call_tree;
  View Tree(Json, R.origin, ReportWording, report_key::document::CallTree);
  std::vector<CallTreeNode> Nodes;
  for (size_t I = 0, N = Tree.arraySize(); I < N; ++I) {
    View Node = Tree.element(I);
    if (Node[Key::Id].unsignedInteger() != I)
      Node[Key::Id].reject("is not the node's index " + std::to_string(I));
    CallTreeNode C;
    C.region = Node[Key::Region].unsignedInteger();
    if (C.region >= R.regions.size())
      Node[Key::Region].reject("names region " + std::to_string(C.region) +
                               ", which does not exist");
    if (auto Parent = Node.nullable(Key::Parent)) {
      C.parent = Parent->unsignedInteger();
      if (*C.parent >= I)
        Parent->reject("is not an earlier node");
    }
    // Null in a sampled report: samples see paths, not entries.
    if (auto Calls = Node.nullable(Key::Calls))
      C.calls = Calls->unsignedInteger();
    C.inclusiveSeconds = Node[Key::Time][report_key::time_s::Inclusive].nonNegative();
    C.selfSeconds = Node[Key::Time][report_key::time_s::Self].nonNegative();
    Nodes.push_back(C);
  }
  return Nodes;
}

} // namespace energy::report
