//===- source_lines.cpp - Summing a report's lines per source line --------===//
#include "energy/report/source_lines.h"

#include "energy/report/report_error.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace energy::report {

namespace {

bool everyLineHasEnergy(const std::vector<SourceLineCost> &Lines) {
  return std::all_of(Lines.begin(), Lines.end(),
                     [](const SourceLineCost &L) { return L.energyJoules.has_value(); });
}

} // namespace

void LineCounts::add(const RegionLine &L) {
  flops += L.flops;
  counts += L.counts;
  if (energyJoules && L.energyJoules)
    *energyJoules += *L.energyJoules;
  else
    energyJoules.reset();
}

bool hasInliningChains(const Report &R) { return R.version >= 4; }

std::vector<SourceLineCost> costsBySourceLine(const Report &R) {
  if (!R.lines)
    throw ReportError(R.origin + ": the report has no `lines` (the program was not built "
                                 "with debug info, or by a runtime before line tables); "
                                 "rebuild it with energycc -g and run it again");
  std::map<std::pair<std::string, uint64_t>, SourceLineCost> ByLine;
  std::map<std::pair<std::string, uint64_t>, std::map<std::vector<InlineSite>, InlinedPart>>
      InlinedByLine;
  for (const RegionLine &L : *R.lines) {
    auto [At, New] = ByLine.try_emplace({L.file, L.line});
    SourceLineCost &Sum = At->second;
    if (New) {
      Sum.file = L.file;
      Sum.line = L.line;
    }
    Sum.add(L);
    if (!L.inlinedAt.empty()) {
      InlinedPart &Part = InlinedByLine[{L.file, L.line}][L.inlinedAt];
      Part.sites = L.inlinedAt;
      Part.add(L);
    }
  }
  std::vector<SourceLineCost> Lines;
  Lines.reserve(ByLine.size());
  for (auto &[Key, Cost] : ByLine) {
    for (auto &[Chain, Part] : InlinedByLine[Key])
      Cost.inlined.push_back(std::move(Part));
    Lines.push_back(std::move(Cost));
  }
  return Lines;
}

std::vector<size_t> hottestLines(const std::vector<SourceLineCost> &Lines, size_t Count) {
  std::vector<size_t> Order(Lines.size());
  std::iota(Order.begin(), Order.end(), size_t{0});
  bool ByEnergy = everyLineHasEnergy(Lines);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (ByEnergy)
      return *Lines[A].energyJoules > *Lines[B].energyJoules;
    return Lines[A].counts.instructions > Lines[B].counts.instructions;
  });
  Order.resize(std::min(Count, Order.size()));
  return Order;
}

} // namespace energy::report
