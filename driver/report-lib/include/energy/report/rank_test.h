//===- energy/report/rank_test.h - One-sided Mann-Whitney U test ----------===//
//
// The statistics behind `energy-report diff`'s gates on measured metrics:
// whether the new runs are stochastically larger than the base runs, judged
// from the runs' own spread rather than from an assumed distribution. A rank
// test needs no normality, is unmoved by one wild run, and is exact for the
// handful of runs a CI job can afford.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_RANK_TEST_H
#define ENERGY_REPORT_RANK_TEST_H

#include <cstddef>
#include <vector>

namespace energy::report {

struct RankTestResult {
  /// Mann-Whitney U of the new sample: the pairs (base, new) with new > base,
  /// ties counting one half.
  double u = 0.0;
  /// P(U >= u) when both samples come from one distribution.
  double pValue = 1.0;
  /// From U's exact null distribution (no ties, small samples); otherwise
  /// from the normal approximation with tie and continuity corrections.
  bool exact = false;
};

/// One-sided test of "New tends to be larger than Base". Both non-empty.
RankTestResult mannWhitneyGreater(const std::vector<double> &Base, const std::vector<double> &New);

/// The smallest p-value any outcome can reach with these sample sizes
/// (1 / C(m + n, m), all new runs above all base runs): a significance level
/// below it can never be met.
double smallestPValue(size_t BaseRuns, size_t NewRuns);

} // namespace energy::report

#endif
