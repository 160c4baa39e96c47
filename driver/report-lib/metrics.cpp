//===- metrics.cpp - Figures derived from a region's counts ---------------===//
#include "energy/report/metrics.h"

namespace energy::report {

double totalModelledJoules(const Report &R) {
  double Sum = 0.0;
  for (const Region &Reg : R.regions)
    Sum += Reg.energy.modelledJoules;
  return Sum;
}

RegionMetrics computeMetrics(const Region &Reg, double TotalJoules) {
  RegionMetrics M;
  if (Reg.selfSeconds > 0)
    M.flopsPerSecond = static_cast<double>(Reg.flops) / Reg.selfSeconds;
  if (uint64_t Bytes = Reg.bytesMoved())
    M.flopsPerByte = static_cast<double>(Reg.flops) / static_cast<double>(Bytes);
  if (TotalJoules > 0)
    M.energyShare = Reg.energy.modelledJoules / TotalJoules;
  return M;
}

} // namespace energy::report
