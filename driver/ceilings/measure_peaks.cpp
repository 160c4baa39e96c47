//===- measure_peaks.cpp - In-core ceilings: peak FLOP/s per kernel -------===//
#include "measure_peaks.h"

#include "best_run.h"

namespace energy::ceilings {

static double peakGflops(ThreadTeam &Team, const FlopKernel &Kernel, double SecondsEach) {
  // Every thread runs the same iterations, so each does the same FLOPs.
  double FlopsPerIteration = Kernel.Run(1);
  BestRun Best = fastestRun(
      Team, [&](int, std::uint64_t Iterations) { Kernel.Run(Iterations); }, 1024, SecondsEach);
  return FlopsPerIteration * static_cast<double>(Best.Count) * Team.size() / Best.Seconds / 1e9;
}

std::vector<roofline::PeakFlops> measurePeaks(ThreadTeam &Team,
                                              const std::vector<FlopKernel> &Kernels,
                                              TimeBudget &Budget, ProgressBar &Progress) {
  std::vector<roofline::PeakFlops> Peaks;
  for (const auto &Kernel : Kernels) {
    Progress.step(std::string("peak ") + Kernel.Precision + " " + Kernel.Isa +
                  (Kernel.Fma ? " fma, " : ", ") + std::to_string(Team.size()) + " thread(s)");
    Peaks.push_back({Kernel.Precision, Kernel.Isa, Kernel.Fma, Team.size(),
                     peakGflops(Team, Kernel, Budget.nextSlice())});
  }
  return Peaks;
}

} // namespace energy::ceilings
