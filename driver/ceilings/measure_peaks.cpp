//===- measure_peaks.cpp - In-core ceilings: peak FLOP/s per kernel -------===//
#include "measure_peaks.h"

#include <algorithm>

namespace energy::ceilings {

// Many short repetitions, best one kept: on a shared machine some are
// preempted, and the fastest is the one that had the core to itself.
constexpr double RepetitionSeconds = 0.0005;
constexpr int MinRepetitions = 10;

static double peakGflops(ThreadTeam &Team, const FlopKernel &Kernel, double SecondsEach) {
  std::uint64_t Iterations = 1024;
  double FlopsPerThread = 0;
  auto Work = [&](std::uint64_t N) {
    return [&, N](int Thread) {
      double Flops = Kernel.Run(N);
      if (Thread == 0) // every thread runs the same count
        FlopsPerThread = Flops;
    };
  };
  // Calibrate (and let the clock ramp up) until a run lasts a repetition.
  double RepetitionTarget = std::min(RepetitionSeconds, SecondsEach / MinRepetitions);
  double Seconds = Team.fastest(Work(Iterations), 5);
  while (Seconds < RepetitionTarget / 4) {
    Iterations *= 4;
    Seconds = Team.fastest(Work(Iterations), 5);
  }
  Iterations = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(Iterations * RepetitionTarget / Seconds));
  int Repetitions = std::max(MinRepetitions, static_cast<int>(SecondsEach / RepetitionTarget));
  Seconds = Team.fastest(Work(Iterations), Repetitions);
  return FlopsPerThread * Team.size() / Seconds / 1e9;
}

std::vector<roofline::PeakFlops> measurePeaks(ThreadTeam &Team,
                                              const std::vector<FlopKernel> &Kernels,
                                              double SecondsEach, ProgressBar &Progress) {
  std::vector<roofline::PeakFlops> Peaks;
  for (const auto &Kernel : Kernels) {
    Progress.step(std::string("peak ") + Kernel.Precision + " " + Kernel.Isa +
                  (Kernel.Fma ? " fma, " : ", ") + std::to_string(Team.size()) + " thread(s)");
    Peaks.push_back({Kernel.Precision, Kernel.Isa, Kernel.Fma, Team.size(),
                     peakGflops(Team, Kernel, SecondsEach)});
  }
  return Peaks;
}

} // namespace energy::ceilings
