//===- energy/report/sort.h - Orders in which regions are listed ----------===//
#ifndef ENERGY_REPORT_SORT_H
#define ENERGY_REPORT_SORT_H

#include "energy/report/report.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace energy::report {

/// Largest first for every key but Name (alphabetical). Time is self time and
/// Bytes is bytes loaded plus stored, matching the self energy column.
enum class SortKey { Energy, Time, Flops, Bytes, Calls, Name };

std::optional<SortKey> parseSortKey(std::string_view Name);
std::string_view sortKeyName(SortKey Key);
/// All key names, in the order --help lists them.
std::vector<std::string> sortKeyNames();

/// The regions in the requested order; ties are broken by demangled name and
/// then id, so listings are stable from run to run.
std::vector<const Region *> sortRegions(const Report &R, SortKey Key);

} // namespace energy::report

#endif
