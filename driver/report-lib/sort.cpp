//===- sort.cpp - Orders in which regions are listed ----------------------===//
#include "energy/report/sort.h"

#include <algorithm>
#include <array>
#include <utility>

namespace energy::report {

namespace {

constexpr std::array<std::pair<SortKey, std::string_view>, 6> KeyNames = {{
    {SortKey::Energy, "energy"},
    {SortKey::Time, "time"},
    {SortKey::Flops, "flops"},
    {SortKey::Bytes, "bytes"},
    {SortKey::Calls, "calls"},
    {SortKey::Name, "name"},
}};

// The value a key sorts by, largest first; Name is handled apart.
double magnitude(const Region &R, SortKey Key) {
  switch (Key) {
  case SortKey::Energy:
    return R.energy.modelledJoules;
  case SortKey::Time:
    return R.selfSeconds;
  case SortKey::Flops:
    return static_cast<double>(R.flops);
  case SortKey::Bytes:
    return static_cast<double>(R.bytesMoved());
  case SortKey::Calls:
    return static_cast<double>(R.calls);
  case SortKey::Name:
    break;
  }
  return 0.0;
}

bool byName(const Region *A, const Region *B) {
  if (A->demangled != B->demangled)
    return A->demangled < B->demangled;
  return A->id < B->id;
}

} // namespace

std::optional<SortKey> parseSortKey(std::string_view Name) {
  for (const auto &[Key, KeyName] : KeyNames)
    if (KeyName == Name)
      return Key;
  return std::nullopt;
}

std::string_view sortKeyName(SortKey Key) {
  for (const auto &[K, KeyName] : KeyNames)
    if (K == Key)
      return KeyName;
  return "";
}

std::vector<std::string> sortKeyNames() {
  std::vector<std::string> Names;
  for (const auto &Entry : KeyNames)
    Names.emplace_back(Entry.second);
  return Names;
}

std::vector<const Region *> sortRegions(const Report &R, SortKey Key) {
  std::vector<const Region *> Sorted;
  Sorted.reserve(R.regions.size());
  for (const Region &Reg : R.regions)
    Sorted.push_back(&Reg);
  std::sort(Sorted.begin(), Sorted.end(), [Key](const Region *A, const Region *B) {
    if (Key != SortKey::Name) {
      double MA = magnitude(*A, Key), MB = magnitude(*B, Key);
      if (MA != MB)
        return MA > MB;
    }
    return byName(A, B);
  });
  return Sorted;
}

} // namespace energy::report
