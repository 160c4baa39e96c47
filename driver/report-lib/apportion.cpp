//===- apportion.cpp - Largest-remainder apportionment --------------------===//
#include "energy/report/apportion.h"

#include <algorithm>
#include <numeric>

namespace energy::report {

namespace {

/// Hands the units that the floors left over to the largest remainders.
/// `Less(A, B)` says whether share A's remainder is smaller than B's.
template <typename RemainderLess>
void distributeLeftover(std::vector<uint64_t> &Shares, uint64_t Leftover, RemainderLess Less) {
  std::vector<size_t> Order(Shares.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) { return Less(B, A); });
  for (size_t I = 0; Leftover > 0; I = (I + 1) % Order.size(), --Leftover)
    ++Shares[Order[I]];
}

std::vector<uint64_t> equalShares(uint64_t Total, size_t Count) {
  std::vector<uint64_t> Shares(Count, Total / Count);
  for (size_t I = 0; I < Total % Count; ++I)
    ++Shares[I];
  return Shares;
}

} // namespace

std::vector<uint64_t> apportion(uint64_t Total, std::span<const double> Weights) {
  if (Weights.empty())
    return {};
  // long double keeps 64 bits of mantissa on x86-64, enough for exact floors
  // of shares of any total up to 2^63.
  long double Sum = 0;
  for (double W : Weights)
    Sum += W;
  if (Sum <= 0)
    return equalShares(Total, Weights.size());
  std::vector<uint64_t> Shares;
  std::vector<long double> Remainders;
  uint64_t Given = 0;
  for (double W : Weights) {
    long double Quota = static_cast<long double>(Total) * W / Sum;
    auto Floor = std::min(static_cast<uint64_t>(Quota), Total - Given);
    Shares.push_back(Floor);
    Remainders.push_back(Quota - static_cast<long double>(Floor));
    Given += Floor;
  }
  distributeLeftover(Shares, Total - Given,
                     [&](size_t A, size_t B) { return Remainders[A] < Remainders[B]; });
  return Shares;
}

std::vector<uint64_t> apportion(uint64_t Total, std::span<const uint64_t> Weights) {
  if (Weights.empty())
    return {};
  unsigned __int128 Sum = 0;
  for (uint64_t W : Weights)
    Sum += W;
  if (Sum == 0)
    return equalShares(Total, Weights.size());
  std::vector<uint64_t> Shares;
  std::vector<unsigned __int128> Remainders; // numerators over Sum
  uint64_t Given = 0;
  for (uint64_t W : Weights) {
    unsigned __int128 Product = static_cast<unsigned __int128>(Total) * W;
    auto Floor = static_cast<uint64_t>(Product / Sum);
    Shares.push_back(Floor);
    Remainders.push_back(Product % Sum);
    Given += Floor;
  }
  distributeLeftover(Shares, Total - Given,
                     [&](size_t A, size_t B) { return Remainders[A] < Remainders[B]; });
  return Shares;
}

} // namespace energy::report
