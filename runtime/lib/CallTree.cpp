//===- CallTree.cpp - Merging threads' call paths, the call_tree JSON -----===//
#include "CallTree.h"

#include "support/ReportKeys.h"

namespace energy::rt {

uint32_t CallTree::node(uint32_t Parent, uint32_t Region) {
  uint64_t Key = (uint64_t(Parent) << 32) | Region;
  auto [It, New] = Index.try_emplace(Key, uint32_t(Nodes.size()));
  if (New)
    Nodes.push_back(CallPathNode{Parent, Region, 0, 0});
  return It->second;
}

std::vector<uint32_t> CallTree::merge(const CallPaths &Thread) {
  std::vector<uint32_t> Map(Thread.Count);
  // Parents precede children in a thread's table, so Map[Parent] is known.
  for (uint32_t I = 0; I < Thread.Count; ++I) {
    const CallPathNode &N = Thread.Nodes[I];
    uint32_t Parent = N.Parent == RootPath ? RootPath : Map[N.Parent];
    uint32_t Mine = node(Parent, N.Region);
    Nodes[Mine].Calls += N.Calls;
    Nodes[Mine].SelfTicks += N.SelfTicks;
    Map[I] = Mine;
  }
  return Map;
}

std::vector<uint64_t> CallTree::subtreeTicks(const std::vector<uint32_t> &Written) const {
  std::vector<uint64_t> Ticks(Nodes.size(), 0);
  // Children follow their parents: one backward pass sums every subtree.
  for (uint32_t I = uint32_t(Nodes.size()); I-- > 0;) {
    if (Written[I] == NotWritten)
      continue;
    Ticks[I] += Nodes[I].SelfTicks;
    if (Nodes[I].Parent != RootPath)
      Ticks[Nodes[I].Parent] += Ticks[I];
  }
  return Ticks;
}

void CallTree::clear() {
  Nodes.clear();
  Index.clear();
}

void CallTree::write(JsonText &W, double SecondsPerTick, bool Sampled,
                     const std::vector<uint32_t> &ReportIds) const {
  // Node ids of the written tree: parents come first, so one pass decides.
  std::vector<uint32_t> Written(Nodes.size(), NotWritten);
  uint32_t Next = 0;
  for (uint32_t I = 0; I < Nodes.size(); ++I) {
    const CallPathNode &N = Nodes[I];
    bool Known = N.Region < ReportIds.size() && ReportIds[N.Region] != NotWritten;
    bool UnderWritten = N.Parent == RootPath || Written[N.Parent] != NotWritten;
    if (Known && UnderWritten)
      Written[I] = Next++;
  }
  std::vector<uint64_t> Inclusive = subtreeTicks(Written);
  namespace Key = report_key::call_tree;
  W.beginArray();
  for (uint32_t I = 0; I < Nodes.size(); ++I) {
    const CallPathNode &N = Nodes[I];
    if (Written[I] == NotWritten)
      continue;
    // Members in the order nlohmann::json wrote them (by name), so that the
    // text is as before.
    W.beginObject();
    W.key(Key::Calls);
    if (Sampled)
      W.null();
    else
      W.value(N.Calls);
    W.member(Key::Id, Written[I]);
    W.key(Key::Parent);
    if (N.Parent == RootPath)
      W.null();
    else
      W.value(Written[N.Parent]);
    W.member(Key::Region, ReportIds[N.Region]);
    W.key(Key::Time);
    W.beginObject();
    W.member(report_key::time_s::Inclusive, double(Inclusive[I]) * SecondsPerTick);
    W.member(report_key::time_s::Self, double(N.SelfTicks) * SecondsPerTick);
    W.endObject();
    W.endObject();
  }
  W.endArray();
}

} // namespace energy::rt
