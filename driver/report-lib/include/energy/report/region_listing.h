//===- energy/report/region_listing.h - The per-region listing of `show` --===//
//
// One row per region (the top N in the chosen order) with its location,
// calls, times, FLOP rate, arithmetic intensity and energy, as an aligned
// table for people or as CSV / JSON (raw SI values) for scripts.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REGION_LISTING_H
#define ENERGY_REPORT_REGION_LISTING_H

#include "energy/report/report.h"
#include "energy/report/sort.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

namespace energy::report {

enum class ListingFormat { Table, Csv, Json };

std::optional<ListingFormat> parseListingFormat(const std::string &Name);

struct ListingOptions {
  SortKey sort = SortKey::Energy;
  size_t top = 20; // 0 lists every region
  /// List the regions that never ran (Region::neverRan).
  bool includeIdle = false;
  size_t nameWidth = 48;
  size_t locationWidth = 32;
};

/// "program ./a.out 100 | wall 1.20 s | 4 threads | energy modelled by
/// <model> | 20 of 31 regions by energy": what ran, for how long, and where
/// the energies come from.
std::string listingHeader(const Report &R, const ListingOptions &Options);

void printListing(const Report &R, const ListingOptions &Options, ListingFormat Format,
                  std::ostream &OS);

} // namespace energy::report

#endif
