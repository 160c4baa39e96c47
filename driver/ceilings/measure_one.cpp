//===- measure_one.cpp - One ceiling, on demand ---------------------------===//
#include "measure_one.h"

#include "kernels.h"
#include "measure_bandwidth.h"
#include "measure_peaks.h"
#include "thread_team.h"

namespace energy::ceilings {

static std::optional<StreamKernelId> streamKernelNamed(const std::string &Name) {
  for (const auto &Id : streamKernelIds())
    if (Name == std::string(Id.Kernel) + (Id.NonTemporal ? "-nt" : ""))
      return Id;
  return std::nullopt;
}

static std::optional<FlopKernel> flopKernelNamed(const std::string &Name) {
  for (const auto &K : availableFlopKernels())
    if (Name == std::string("peak-") + K.Precision + "-" + K.Isa + (K.Fma ? "-fma" : ""))
      return K;
  return std::nullopt;
}

std::optional<OneMeasurement> measureOne(const std::string &Name, std::uint64_t WorkingSetBytes,
                                         int Threads, double Seconds) {
  ThreadTeam Team(Threads, allowedCpus());
  ProgressBar Silent(1, false);
  if (auto Id = streamKernelNamed(Name))
    return OneMeasurement{
        measureOneBandwidth(Team, bestStreamKernels(), *Id, WorkingSetBytes, Seconds), "GB/s"};
  if (auto K = flopKernelNamed(Name)) {
    TimeBudget Budget(Seconds, 1);
    return OneMeasurement{measurePeaks(Team, {*K}, Budget, Silent).front().Gflops, "GFLOP/s"};
  }
  return std::nullopt;
}

} // namespace energy::ceilings
