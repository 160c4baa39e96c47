//===- flame.cpp - Folded stacks from a report's region tree --------------===//
//
// The stacks are the samples of the report's call-path profile
// (call_path_profile.h), so that they add up to the report's totals as the
// pprof and speedscope exports do: energy is measured when a meter was
// present, as `show` uses it, modelled otherwise. Frame names are demangled
// names with the characters that the folded format reserves replaced: ';'
// separates frames and the last space separates the weight.
//
//===----------------------------------------------------------------------===//
#include "energy/report/flame.h"

#include "energy/report/call_path_profile.h"
#include "energy/report/region_paths.h"

#include <algorithm>

namespace energy::report {

namespace {

std::string frameName(const Region &R) {
  std::string Name = displayName(R);
  std::replace(Name.begin(), Name.end(), ';', ':');
  std::replace(Name.begin(), Name.end(), '\n', ' ');
  return Name;
}

Metric metricOf(FlameWeight W) {
  switch (W) {
  case FlameWeight::Energy:
    return Metric::Energy;
  case FlameWeight::Time:
    return Metric::Time;
  case FlameWeight::Flops:
    return Metric::Flops;
  case FlameWeight::Bytes:
    return Metric::Bytes;
  }
  return Metric::Energy;
}

/// The frames of one sample: a frame of its own says, on the flame graph's
/// face, what the call tree did not hold (without a tree, every stack is a
/// nesting path and needs no such frame).
std::vector<std::string> frameNames(const Report &R, const PathSample &S) {
  std::vector<std::string> Frames;
  if (S.origin == StackOrigin::OutsideRegions)
    Frames.push_back(OutsideRegionsFrame);
  if (S.origin == StackOrigin::RegionNesting && R.callTree)
    Frames.push_back(NotInCallTreeFrame);
  for (uint64_t Id : S.regions)
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

const char *flameWeightUnit(FlameWeight W) {
  switch (W) {
  case FlameWeight::Energy:
    return "nJ";
  case FlameWeight::Time:
    return "ns";
  case FlameWeight::Flops:
    return "FLOPs";
  case FlameWeight::Bytes:
    return "bytes";
  }
  return "";
}

std::vector<std::string> flameWeightNames() { return {"energy", "time", "flops", "bytes"}; }

std::vector<FoldedStack> foldedStacks(const Report &R, FlameWeight Weight) {
  CallPathProfile Profile = callPathProfile(R);
  auto M = static_cast<size_t>(metricOf(Weight));
  std::vector<FoldedStack> Stacks;
  for (const PathSample &S : Profile.samples)
    if (S.values[M] > 0)
      Stacks.push_back({frameNames(R, S), S.values[M]});
  return Stacks;
}

unsigned long long leftOutOfCallTree(const std::vector<FoldedStack> &Stacks) {
  unsigned long long Sum = 0;
  for (const FoldedStack &S : Stacks)
    if (std::find(S.frames.begin(), S.frames.end(), NotInCallTreeFrame) != S.frames.end())
      Sum += S.weight;
  return Sum;
}

unsigned long long totalWeight(const std::vector<FoldedStack> &Stacks) {
  unsigned long long Sum = 0;
  for (const FoldedStack &S : Stacks)
    Sum += S.weight;
  return Sum;
}

void printFolded(const std::vector<FoldedStack> &Stacks, std::ostream &OS) {
  for (const FoldedStack &S : Stacks) {
    for (size_t I = 0; I < S.frames.size(); ++I)
      OS << (I ? ";" : "") << S.frames[I];
    OS << ' ' << S.weight << '\n';
  }
}

} // namespace energy::report
