//===- energy/report/metrics.h - Figures derived from a region's counts ---===//
//
// Everything here is computed from self counts and self time, so a region's
// figures describe its own code, not its callees'.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_METRICS_H
#define ENERGY_REPORT_METRICS_H

#include "energy/report/report.h"

#include <optional>

namespace energy::report {

struct RegionMetrics {
  /// Self FLOPs per self second; none when the region took no measurable time.
  std::optional<double> flopsPerSecond;
  /// Self FLOPs per byte loaded or stored (roofline's I); none without bytes.
  std::optional<double> flopsPerByte;
  /// Fraction (0..1) of the report's total modelled energy.
  double energyShare = 0.0;
};

/// Sum of the regions' modelled (self) energies: the denominator of shares.
double totalModelledJoules(const Report &R);

RegionMetrics computeMetrics(const Region &Region, double TotalJoules);

} // namespace energy::report

#endif
