//===- FootprintSketch.cpp - Distinct cache lines in bounded memory -------===//
#include "FootprintSketch.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace energy::rt {
namespace {

constexpr unsigned HashBits = 64 - FootprintSketch::Precision; // Ertl's q

/// Register value of a hash: 1 + leading zeros of the bits below the index.
uint8_t rankOf(uint64_t Hash) {
  uint64_t Rest = Hash << FootprintSketch::Precision;
  return Rest ? uint8_t(__builtin_clzll(Rest) + 1) : uint8_t(HashBits + 1);
}

// Ertl's sigma and tau series (Algorithm 6); both converge in a few dozen steps.
double sigma(double X) {
  if (X == 1)
    return std::numeric_limits<double>::infinity();
  double Y = 1, Z = X, Previous;
  do {
    X *= X;
    Previous = Z;
    Z += X * Y;
    Y += Y;
  } while (Z != Previous);
  return Z;
}

double tau(double X) {
  if (X == 0 || X == 1)
    return 0;
  double Y = 1, Z = 1 - X, Previous;
  do {
    X = std::sqrt(X);
    Previous = Z;
    Y *= 0.5;
    Z -= (1 - X) * (1 - X) * Y;
  } while (Z != Previous);
  return Z / 3;
}

} // namespace

void FootprintSketch::insert(uint64_t Key) {
  if (Hll)
    insertHll(mixFootprintKey(Key));
  else
    insertExact(Key);
}

void FootprintSketch::insertExact(uint64_t Key) {
  uint64_t Stored = Key + 1;
  size_t Slot = mixFootprintKey(Key) & (NumSlots - 1);
  // Bounded probing: a torn Count can never make it loop forever.
  for (size_t Probe = 0; Probe < NumSlots; ++Probe) {
    if (Slots[Slot] == Stored)
      return;
    if (Slots[Slot] == 0) {
      Slots[Slot] = Stored;
      if (++Count > MaxExact)
        convertToHll();
      return;
    }
    Slot = (Slot + 1) & (NumSlots - 1);
  }
  convertToHll();
  insertHll(mixFootprintKey(Key));
}

void FootprintSketch::insertHll(uint64_t Hash) {
  uint8_t &Register = Registers[Hash >> HashBits];
  uint8_t Rank = rankOf(Hash);
  if (Rank > Register)
    Register = Rank;
}

void FootprintSketch::convertToHll() {
  uint64_t Keys[NumSlots];
  std::memcpy(Keys, Slots, sizeof Keys);
  std::memset(Registers, 0, sizeof Registers);
  Hll = 1;
  for (uint64_t Stored : Keys)
    if (Stored)
      insertHll(mixFootprintKey(Stored - 1));
}

void FootprintSketch::merge(const FootprintSketch &Other) {
  if (!Other.Hll) {
    for (uint64_t Stored : Other.Slots)
      if (Stored)
        insert(Stored - 1);
    return;
  }
  if (!Hll)
    convertToHll();
  for (size_t I = 0; I < NumRegisters; ++I)
    if (Other.Registers[I] > Registers[I])
      Registers[I] = Other.Registers[I];
}

double FootprintSketch::estimate() const {
  if (!Hll) {
    double Keys = 0;
    for (uint64_t Stored : Slots)
      Keys += Stored != 0;
    return Keys;
  }
  // Histogram of register values; values a torn insert could leave beyond
  // the largest rank count as the largest.
  double Histogram[HashBits + 2] = {};
  for (uint8_t Register : Registers)
    Histogram[Register > HashBits + 1 ? HashBits + 1 : Register] += 1;
  const double M = NumRegisters;
  double Z = M * tau(1 - Histogram[HashBits + 1] / M);
  for (unsigned K = HashBits; K >= 1; --K)
    Z = 0.5 * (Z + Histogram[K]);
  Z += M * sigma(Histogram[0] / M);
  return (0.5 / std::log(2.0)) * M * M / Z;
}

void FootprintSketch::clear() { std::memset(this, 0, sizeof *this); }

} // namespace energy::rt
