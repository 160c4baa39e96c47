//===- flame.cpp - Folded stacks from a report's region tree --------------===//
//
// Energy uses the measured figure when a meter was present, as `show` does,
// and the modelled one otherwise. Frame names are demangled names with the
// characters that the folded format reserves replaced: ';' separates frames
// and the last space separates the weight.
//
//===----------------------------------------------------------------------===//
#include "energy/report/flame.h"

#include "energy/report/region_paths.h"

#include <algorithm>
#include <cmath>

namespace energy::report {

namespace {

double weightOf(const Region &R, FlameWeight W, bool Measured) {
  switch (W) {
  case FlameWeight::Energy:
    return 1e9 * (Measured ? R.energy.measuredJoules.value_or(0.0)
                           : R.energy.modelledJoules);
  case FlameWeight::Time:
    return 1e9 * R.selfSeconds;
  case FlameWeight::Flops:
    return static_cast<double>(R.flops);
  case FlameWeight::Bytes:
    return static_cast<double>(R.bytesMoved());
  }
  return 0.0;
}

std::string frameName(const Region &R) {
  std::string Name = displayName(R);
  std::replace(Name.begin(), Name.end(), ';', ':');
  std::replace(Name.begin(), Name.end(), '\n', ' ');
  return Name;
}

std::vector<std::string> frameNames(const Report &R,
                                    const std::vector<uint64_t> &Path) {
  std::vector<std::string> Frames;
  for (uint64_t Id : Path)
    Frames.push_back(frameName(R.regions[Id]));
  return Frames;
}

} // namespace

std::optional<FlameWeight> parseFlameWeight(const std::string &Name) {
  if (Name == "energy")
    return FlameWeight::Energy;
  if (Name == "time")
    return FlameWeight::Time;
  if (Name == "flops")
    return FlameWeight::Flops;
  if (Name == "bytes")
    return FlameWeight::Bytes;
  return std::nullopt;
}

std::vector<std::string> flameWeightNames() {
  return {"energy", "time", "flops", "bytes"};
}

std::vector<FoldedStack> foldedStacks(const Report &R, FlameWeight Weight) {
  bool Measured = R.hasMeasuredEnergy();
  std::vector<FoldedStack> Stacks;
  for (size_t I = 0; I < R.regions.size(); ++I) {
    auto W = std::llround(weightOf(R.regions[I], Weight, Measured));
    if (W <= 0)
      continue;
    Stacks.push_back({frameNames(R, nestingPath(R, I)),
                      static_cast<unsigned long long>(W)});
  }
  return Stacks;
}

namespace {

/// Each node's share of its region's self figures: by self time, else by
/// calls, else equal.
std::vector<double> pathShares(const Report &R,
                               const std::vector<CallTreeNode> &Tree) {
  std::vector<double> Seconds(R.regions.size()), Calls(R.regions.size()),
      Paths(R.regions.size());
  for (const CallTreeNode &N : Tree) {
    Seconds[N.region] += N.selfSeconds;
    Calls[N.region] += static_cast<double>(N.calls);
    Paths[N.region] += 1.0;
  }
  std::vector<double> Shares;
  for (const CallTreeNode &N : Tree) {
    if (Seconds[N.region] > 0.0)
      Shares.push_back(N.selfSeconds / Seconds[N.region]);
    else if (Calls[N.region] > 0.0)
      Shares.push_back(static_cast<double>(N.calls) / Calls[N.region]);
    else
      Shares.push_back(1.0 / Paths[N.region]);
  }
  return Shares;
}

} // namespace

std::vector<FoldedStack> foldedStacks(const Report &R,
                                      const std::vector<CallTreeNode> &Tree,
                                      FlameWeight Weight) {
  bool Measured = R.hasMeasuredEnergy();
  std::vector<double> Shares = pathShares(R, Tree);
  std::vector<FoldedStack> Stacks;
  for (size_t I = 0; I < Tree.size(); ++I) {
    const CallTreeNode &N = Tree[I];
    double W = Weight == FlameWeight::Time
                   ? 1e9 * N.selfSeconds
                   : Shares[I] * weightOf(R.regions[N.region], Weight, Measured);
    auto Rounded = std::llround(W);
    if (Rounded <= 0)
      continue;
    Stacks.push_back({frameNames(R, callPath(Tree, I)),
                      static_cast<unsigned long long>(Rounded)});
  }
  return Stacks;
}

std::vector<FoldedStack> foldedStacks(const ReportDocument &Doc,
                                      FlameWeight Weight) {
  auto Tree = Doc.document.find("call_tree");
  if (Tree == Doc.document.end())
    return foldedStacks(Doc.report, Weight);
  return foldedStacks(Doc.report, parseCallTree(*Tree, Doc.report), Weight);
}

void printFolded(const std::vector<FoldedStack> &Stacks, std::ostream &OS) {
  for (const FoldedStack &S : Stacks) {
    for (size_t I = 0; I < S.frames.size(); ++I)
      OS << (I ? ";" : "") << S.frames[I];
    OS << ' ' << S.weight << '\n';
  }
}

} // namespace energy::report
