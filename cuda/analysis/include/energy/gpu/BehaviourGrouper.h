// BehaviourGrouper: groups threads with identical basic-block vectors while a reader streams
// through them, so memory grows with the number of distinct behaviours, not with the threads.
#pragma once

#include "energy/gpu/Kernel.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace energy::gpu {

// A sparse basic-block vector: (key, count) pairs sorted by key. Keys are block ids, or any
// other dense id a reader uses before its blocks are final (the Accel-Sim reader uses
// straight-line segments).
using SparseVector = std::vector<std::pair<uint32_t, uint64_t>>;

class BehaviourGrouper {
public:
  explicit BehaviourGrouper(uint64_t Threads);
  // Records that THREAD has vector V (sorted by key); returns the behaviour index.
  uint32_t add(uint64_t Thread, const SparseVector &V);
  // Adds N instructions that a thread of behaviour ID was present for but predicated off.
  void addPredicatedOff(uint32_t Id, uint64_t N) { PredicatedOff[Id] += N; }
  // Adds COUNT threads starting at FIRST, all with vector V.
  void addRange(uint64_t First, uint64_t Count, const SparseVector &V);
  const std::vector<SparseVector> &vectors() const { return Vectors; }

  // Maps the sparse vectors to dense block-space vectors with MAP (a function from a vector to
  // its dense block counts), merges those that become equal, and stores the result in K.
  template <typename MapFn> void finish(Kernel &K, MapFn Map);

private:
  struct Hash {
    size_t operator()(const SparseVector &V) const;
  };
  uint32_t intern(const SparseVector &V, uint64_t Thread, uint64_t Count);
  void store(Kernel &K, std::vector<std::vector<uint64_t>> Dense);

  std::unordered_map<SparseVector, uint32_t, Hash> Index;
  std::vector<SparseVector> Vectors;
  std::vector<uint64_t> Counts, First, PredicatedOff;
  std::vector<uint32_t> ThreadOf;
};

template <typename MapFn> void BehaviourGrouper::finish(Kernel &K, MapFn Map) {
  std::vector<std::vector<uint64_t>> Dense;
  Dense.reserve(Vectors.size());
  for (const SparseVector &V : Vectors)
    Dense.push_back(Map(V));
  store(K, std::move(Dense));
}

} // namespace energy::gpu
