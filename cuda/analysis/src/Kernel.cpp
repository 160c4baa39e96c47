// Kernel: derived figures of the per-launch model shared by all readers.
#include "energy/gpu/Kernel.h"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <set>

namespace energy::gpu {

const char *sourceKindName(SourceKind Kind) {
  switch (Kind) {
  case SourceKind::AccelSimTrace:
    return "accelsim-trace";
  case SourceKind::GpgpuSim:
    return "gpgpusim-log";
  case SourceKind::GpuProfile:
    return "gpu-profile";
  }
  return "unknown";
}

void DependencyDistances::add(uint64_t Distance) {
  size_t Bucket = 0;
  for (uint64_t Limit = 1; Bucket + 1 < Buckets && Distance > Limit; Limit *= 2)
    ++Bucket;
  ++Histogram[Bucket];
  ++Reads;
  Sum += double(Distance);
}

const char *DependencyDistances::bucketName(size_t Bucket) {
  static const char *Names[Buckets] = {"1", "2", "3-4", "5-8", "9-16", "17-32", "33-64", ">64"};
  return Names[Bucket];
}

std::vector<uint64_t> Kernel::blockExecutions() const {
  std::vector<uint64_t> Total(Blocks.size(), 0);
  for (const Behaviour &B : Behaviours)
    for (size_t I = 0; I < B.BlockCounts.size() && I < Total.size(); ++I)
      Total[I] += B.BlockCounts[I] * B.Threads;
  return Total;
}

uint64_t Kernel::instructionsOf(const Behaviour &B) const {
  uint64_t Sum = 0;
  for (size_t I = 0; I < B.BlockCounts.size() && I < Blocks.size(); ++I)
    Sum += B.BlockCounts[I] * Blocks[I].Instructions;
  return Sum;
}

double Kernel::predicatedOnInstructionsOf(const Behaviour &B) const {
  if (!DivergenceMeasured)
    return -1;
  double Off = B.Threads ? double(B.PredicatedOffInstructions) / double(B.Threads) : 0.0;
  return double(instructionsOf(B)) - Off;
}

void Kernel::linkBlocksFromEdges() {
  std::vector<std::set<uint32_t>> Pred(Blocks.size()), Succ(Blocks.size());
  for (const auto &[Edge, Count] : Edges) {
    if (Count == 0 || Edge.first >= Blocks.size() || Edge.second >= Blocks.size())
      continue;
    Succ[Edge.first].insert(Edge.second);
    Pred[Edge.second].insert(Edge.first);
  }
  for (size_t I = 0; I < Blocks.size(); ++I) {
    Blocks[I].Predecessors.assign(Pred[I].begin(), Pred[I].end());
    Blocks[I].Successors.assign(Succ[I].begin(), Succ[I].end());
  }
}

std::string demangle(const std::string &Name) {
  int Status = 0;
  std::unique_ptr<char, void (*)(void *)> Out(
      abi::__cxa_demangle(Name.c_str(), nullptr, nullptr, &Status), std::free);
  return Status == 0 && Out ? std::string(Out.get()) : Name;
}

} // namespace energy::gpu
