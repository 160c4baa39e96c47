//===- measure_machine.cpp - The whole measurement behind energy-ceilings -===//
#include "measure_machine.h"

#include "kernels.h"
#include "measure_bandwidth.h"
#include "measure_peaks.h"
#include "progress_bar.h"
#include "thread_team.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <unistd.h>

namespace energy::ceilings {

constexpr std::uint64_t MiB = 1u << 20;
constexpr std::uint64_t SmallestWorkingSet = 16u << 10;
constexpr double PeakShareOfBudget = 0.2;

static std::uint64_t freeMemory() {
  long Pages = sysconf(_SC_AVPHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  return Pages > 0 && PageSize > 0 ? static_cast<std::uint64_t>(Pages) * PageSize : 1024 * MiB;
}

static std::uint64_t floorPowerOfTwo(std::uint64_t Value) {
  std::uint64_t Power = 1;
  while (Power * 2 <= Value)
    Power *= 2;
  return Power;
}

std::uint64_t largestWorkingSet(const roofline::MachineIdentity &Machine, int Threads, bool Quick) {
  std::uint64_t LastLevel = Machine.Caches.empty() ? 32 * MiB : Machine.Caches.back().SizeBytes;
  std::uint64_t Total = std::clamp<std::uint64_t>(4 * LastLevel, 64 * MiB, 1024 * MiB);
  Total = std::min(Total, freeMemory() / 4);
  if (Quick)
    Total = std::min<std::uint64_t>(Total, 64 * MiB);
  return std::max(SmallestWorkingSet, floorPowerOfTwo(Total / Threads));
}

// Quick mode keeps one size per level (L1, L2-ish, beyond) instead of the full sweep.
static std::vector<std::uint64_t> plannedSizes(const roofline::MachineIdentity &Machine,
                                               int Threads, bool Quick) {
  std::uint64_t Largest = largestWorkingSet(Machine, Threads, Quick);
  if (!Quick)
    return sweepSizes(SmallestWorkingSet, Largest);
  std::vector<std::uint64_t> Sizes = {SmallestWorkingSet, 256u << 10, 4 * MiB, Largest};
  Sizes.erase(std::remove_if(Sizes.begin(), Sizes.end(), [&](auto S) { return S > Largest; }),
              Sizes.end());
  std::sort(Sizes.begin(), Sizes.end());
  Sizes.erase(std::unique(Sizes.begin(), Sizes.end()), Sizes.end());
  return Sizes;
}

static std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  char Text[32];
  std::strftime(Text, sizeof Text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  return Text;
}

roofline::MachineProfile measureMachine(const MeasureSettings &Settings) {
  auto Start = std::chrono::steady_clock::now();
  roofline::MachineProfile Profile;
  Profile.Machine = roofline::detectMachine();
  std::vector<int> Cpus = allowedCpus();
  std::vector<int> ThreadCounts = {1};
  if (Cpus.size() > 1)
    ThreadCounts.push_back(static_cast<int>(Cpus.size()));

  std::vector<FlopKernel> FlopKernels = availableFlopKernels();
  StreamKernels Streams = bestStreamKernels();
  std::size_t PeakRuns = FlopKernels.size() * ThreadCounts.size(), SweepRuns = 0;
  for (int Threads : ThreadCounts)
    SweepRuns +=
        plannedSizes(Profile.Machine, Threads, Settings.Quick).size() * streamKernelIds().size();
  // Each thread count gets its share, so a slow first one cannot starve the second.
  double PerThreadCount = Settings.BudgetSeconds / ThreadCounts.size();
  std::size_t PeakRunsEach = FlopKernels.size();

  ProgressBar Progress(static_cast<int>(PeakRuns + SweepRuns), Settings.ShowProgress);
  bool Pinned = true;
  for (int Threads : ThreadCounts) {
    ThreadTeam Team(Threads, Cpus);
    Pinned = Pinned && Team.pinned();
    auto Sizes = plannedSizes(Profile.Machine, Threads, Settings.Quick);
    TimeBudget PeakBudget(PerThreadCount * PeakShareOfBudget, static_cast<int>(PeakRunsEach));
    for (auto &Peak : measurePeaks(Team, FlopKernels, PeakBudget, Progress))
      Profile.Peaks.push_back(Peak);
    TimeBudget SweepBudget(PerThreadCount * (1 - PeakShareOfBudget),
                           static_cast<int>(Sizes.size() * streamKernelIds().size()));
    auto Sweeps = measureSweeps(Team, Streams, Sizes, SweepBudget, Progress);
    for (auto &Level : levelBandwidths(Sweeps, Profile.Machine.Caches, Threads))
      Profile.Bandwidths.push_back(Level);
    for (auto &Sweep : Sweeps)
      Profile.Sweeps.push_back(std::move(Sweep));
  }
  Progress.finish();

  Profile.How = {"energy-ceilings",
                 Settings.ToolVersion,
                 utcNow(),
                 Settings.Quick,
                 Pinned,
                 Settings.BudgetSeconds,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count(),
                 ThreadCounts};
  return Profile;
}

} // namespace energy::ceilings
