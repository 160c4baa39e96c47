//===- energy/report/job_balance.h - How evenly a job's ranks worked -------===//
//
// From a job report's `by_rank` (energy-report merge of a job's rank
// reports): per region, the imbalance over the job's ranks, max over mean,
// of self time and of energy (a rank that never ran the region counts as 0,
// so a region only one of N ranks ran has imbalance N), the slowest rank,
// and the share of the ranks' time spent in MPI (regions of kind mpi).
// Energy is measured where every rank's entry has a measured figure,
// modelled otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_JOB_BALANCE_H
#define ENERGY_REPORT_JOB_BALANCE_H

#include "energy/report/report.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace energy::report {

/// Max over mean of values over `Ranks` ranks (those not among the values
/// count as 0); 1 for a perfect balance, none when all are 0.
std::optional<double> imbalance(const std::vector<double> &Values, size_t Ranks);

struct RegionBalance {
  size_t region = 0; // index into Report::regions; their number for the total
  std::optional<double> timeImbalance;
  std::optional<double> energyImbalance;
  uint64_t slowestRank = 0; // the rank of the largest self time
  double slowestSeconds = 0.0;
};

struct JobBalance {
  size_t ranks = 0; // the ranks merged
  /// Over every rank: the self time of every region, and of the mpi ones.
  double regionSeconds = 0.0;
  double mpiSeconds = 0.0;
  /// The whole job: each rank's self time summed over its regions.
  RegionBalance total;
  /// Regions that some rank spent time in, slowest rank's time first.
  std::vector<RegionBalance> regions;

  /// mpiSeconds over regionSeconds; 0 when no time was measured.
  double mpiShare() const;
};

/// Max over mean of Reg's self time over the ranks of R, a job report; none
/// for a report of no job, or a region no rank spent time in.
std::optional<double> timeImbalance(const Report &R, const Region &Reg);

/// The balance of a job report; none for a report that is no job's merge.
std::optional<JobBalance> jobBalance(const Report &R);

} // namespace energy::report

#endif
