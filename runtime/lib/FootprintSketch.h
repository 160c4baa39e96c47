//===- FootprintSketch.h - Distinct cache lines in bounded memory ---------===//
//
// How many distinct keys (sampled cache lines) a region touched, in a fixed
// 4 KiB: an exact hash set while it holds few keys, which turns into a
// HyperLogLog of 2^12 one-byte registers (standard error 1.6%) when it fills.
// The HyperLogLog is read with Ertl's improved raw estimator ("New cardinality
// estimation algorithms for HyperLogLog sketches", 2017), unbiased from empty
// to 2^64 without bias tables or a switch to linear counting.
//
// Plain data, zero-initialised is empty: it can live in mmap'd pages. Insert
// allocates nothing and stays memory-safe whatever state a signal handler
// that interrupted it left behind (a torn state only skews the estimate).
// Not thread-safe: one thread inserts, merging happens when it is quiet.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_FOOTPRINTSKETCH_H
#define ENERGY_RT_FOOTPRINTSKETCH_H

#include <cstddef>
#include <cstdint>

namespace energy::rt {

class FootprintSketch {
public:
  static constexpr unsigned Precision = 12;
  static constexpr size_t NumRegisters = size_t(1) << Precision;
  static constexpr size_t NumSlots = NumRegisters / sizeof(uint64_t);
  /// Keys the exact set holds before it becomes a HyperLogLog (75% load).
  static constexpr size_t MaxExact = NumSlots * 3 / 4;

  /// Adds a key; keys below UINT64_MAX only.
  void insert(uint64_t Key);
  /// Adds every key Other holds (this becomes a HyperLogLog if either is).
  void merge(const FootprintSketch &Other);
  /// Distinct keys inserted: exact while isExact(), else estimated.
  double estimate() const;
  bool isExact() const { return !Hll; }
  /// Zeroes it: empty and exact again.
  void clear();

private:
  void insertExact(uint64_t Key);
  void insertHll(uint64_t Hash);
  void convertToHll();

  uint32_t Count; /// keys in the exact set
  uint32_t Hll;   /// non-zero once Registers are in use
  union {
    uint64_t Slots[NumSlots]; /// exact set: key + 1, 0 for empty
    uint8_t Registers[NumRegisters];
  };
};

/// The 64-bit mixer both representations hash keys with (splitmix64's
/// finaliser): independent of the multiplicative hash that chose the sample.
inline uint64_t mixFootprintKey(uint64_t Key) {
  Key ^= Key >> 30;
  Key *= 0xbf58476d1ce4e5b9ull;
  Key ^= Key >> 27;
  Key *= 0x94d049bb133111ebull;
  return Key ^ (Key >> 31);
}

} // namespace energy::rt

#endif
