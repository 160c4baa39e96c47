//===- energy/report/apportion.h - Integer shares that add up exactly -----===//
//
// Exported profiles hold integers (pprof values are int64, speedscope weights
// are read as counts), yet a region's energy, time and counts are split among
// its call paths in proportion to their self time. Rounding each share on its
// own would make the paths' sum drift from the report's total by a few units
// per path; the largest-remainder method (Hamilton's) gives every share its
// floor and hands the units left over to the largest fractional parts, so the
// shares always add up to the total exactly.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_APPORTION_H
#define ENERGY_REPORT_APPORTION_H

#include <cstdint>
#include <span>
#include <vector>

namespace energy::report {

/// Splits Total into one integer per weight, proportional to the weights and
/// adding up to Total. Weights must be finite and non-negative; when they are
/// all zero, Total is split equally. Ties go to the earlier weight, so the
/// result is deterministic. An empty Weights gets nothing (Total must be 0).
std::vector<uint64_t> apportion(uint64_t Total, std::span<const double> Weights);

/// The same for integer weights, computed exactly: when the weights add up to
/// Total, each share is its weight.
std::vector<uint64_t> apportion(uint64_t Total, std::span<const uint64_t> Weights);

} // namespace energy::report

#endif
