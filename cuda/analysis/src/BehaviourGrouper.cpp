// BehaviourGrouper: hashing of sparse basic-block vectors and the final dense behaviour table.
#include "energy/gpu/BehaviourGrouper.h"

#include <algorithm>
#include <limits>
#include <map>

namespace energy::gpu {
namespace {
constexpr uint32_t Unassigned = std::numeric_limits<uint32_t>::max();
}

size_t BehaviourGrouper::Hash::operator()(const SparseVector &V) const {
  uint64_t H = 0x9E3779B97F4A7C15ull ^ V.size();
  for (const auto &[Key, Count] : V) {
    H ^= Key + 0x9E3779B97F4A7C15ull + (H << 6) + (H >> 2);
    H ^= Count * 0xBF58476D1CE4E5B9ull + (H << 6) + (H >> 2);
  }
  return size_t(H);
}

BehaviourGrouper::BehaviourGrouper(uint64_t Threads) : ThreadOf(Threads, Unassigned) {}

uint32_t BehaviourGrouper::intern(const SparseVector &V, uint64_t Thread, uint64_t Count) {
  auto [It, Inserted] = Index.try_emplace(V, uint32_t(Vectors.size()));
  if (Inserted) {
    Vectors.push_back(V);
    Counts.push_back(0);
    First.push_back(Thread);
    PredicatedOff.push_back(0);
  }
  Counts[It->second] += Count;
  if (Thread < First[It->second])
    First[It->second] = Thread;
  return It->second;
}

uint32_t BehaviourGrouper::add(uint64_t Thread, const SparseVector &V) {
  uint32_t Id = intern(V, Thread, 1);
  if (Thread < ThreadOf.size())
    ThreadOf[Thread] = Id;
  return Id;
}

void BehaviourGrouper::addRange(uint64_t FirstThread, uint64_t Count, const SparseVector &V) {
  uint32_t Id = intern(V, FirstThread, Count);
  for (uint64_t T = FirstThread; T < FirstThread + Count && T < ThreadOf.size(); ++T)
    ThreadOf[T] = Id;
}

void BehaviourGrouper::store(Kernel &K, std::vector<std::vector<uint64_t>> Dense) {
  // Threads the input never mentions ran no block: they share the all-zero behaviour.
  uint64_t Silent = 0, FirstSilent = 0;
  for (uint64_t T = ThreadOf.size(); T-- > 0;)
    if (ThreadOf[T] == Unassigned) {
      ++Silent;
      FirstSilent = T;
    }
  size_t Blocks = K.Blocks.size();
  if (Silent) {
    Dense.emplace_back(Blocks, 0);
    Counts.push_back(0);
    First.push_back(FirstSilent);
    PredicatedOff.push_back(0);
    for (uint32_t &B : ThreadOf)
      if (B == Unassigned)
        B = uint32_t(Dense.size() - 1);
  }
  std::map<std::vector<uint64_t>, uint32_t> Merged;
  std::vector<uint32_t> Remap(Dense.size());
  K.Behaviours.clear();
  for (size_t I = 0; I < Dense.size(); ++I) {
    Dense[I].resize(Blocks, 0);
    auto [It, Inserted] = Merged.try_emplace(Dense[I], uint32_t(K.Behaviours.size()));
    if (Inserted)
      K.Behaviours.push_back(Behaviour{Dense[I], 0, First[I]});
    Behaviour &B = K.Behaviours[It->second];
    B.Threads += (Silent && I == Dense.size() - 1) ? Silent : Counts[I];
    B.FirstThread = std::min(B.FirstThread, First[I]);
    B.PredicatedOffInstructions += PredicatedOff[I];
    Remap[I] = It->second;
  }
  for (uint32_t &B : ThreadOf)
    B = Remap[B];
  K.ThreadBehaviour = std::move(ThreadOf);
}

} // namespace energy::gpu
