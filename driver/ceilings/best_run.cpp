//===- best_run.cpp - The fastest run of a kernel within a wall-clock budget ===//
#include "best_run.h"

#include <algorithm>
#include <chrono>

namespace energy::ceilings {

using Clock = std::chrono::steady_clock;

constexpr double RunSeconds = 0.0005;
constexpr double ChunkSeconds = 0.01; // runs per call to the team, so wake-ups stay rare
constexpr int CalibrationRuns = 3;
// Even when the budget is spent, this much more timing (at least 2 runs):
// a single run on a busy machine is as likely preempted as not.
constexpr double MinimumTimedSeconds = 0.02;

TimeBudget::TimeBudget(double Seconds, int Measurements)
    : Deadline(Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(Seconds))),
      Remaining(std::max(1, Measurements)) {}

double TimeBudget::nextSlice() {
  double Left = std::chrono::duration<double>(Deadline - Clock::now()).count();
  double Slice = std::max(0.001, Left / Remaining);
  Remaining = std::max(1, Remaining - 1);
  return Slice;
}

BestRun fastestRun(ThreadTeam &Team, const std::function<void(int, std::uint64_t)> &Work,
                   std::uint64_t FirstCount, double BudgetSeconds) {
  auto Deadline = Clock::now() + std::chrono::duration<double>(BudgetSeconds);
  auto Timed = [&](std::uint64_t Count, int Runs) {
    return Team.fastest([&](int Thread) { Work(Thread, Count); }, Runs);
  };
  // Sizing ignores start skew: a thread scheduled late must not make a tiny
  // run look long enough.
  auto Sized = [&](std::uint64_t Count, int Runs) {
    return Team.fastestIgnoringSkew([&](int Thread) { Work(Thread, Count); }, Runs);
  };
  std::uint64_t Count = std::max<std::uint64_t>(1, FirstCount);
  double Seconds = Sized(Count, 1);
  if (Seconds < RunSeconds * 4) // short: take a less noisy look before sizing
    Seconds = std::min(Seconds, Sized(Count, CalibrationRuns));
  while (Seconds < RunSeconds / 4) {
    Count *= 4;
    Seconds = Sized(Count, CalibrationRuns);
  }
  double PerUnit = Seconds / static_cast<double>(Count);
  std::uint64_t Final =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(RunSeconds / PerUnit));
  double RunLength = PerUnit * static_cast<double>(Final);
  int Chunk = std::clamp(static_cast<int>(ChunkSeconds / RunLength), 1, 50);
  int MinimumRuns = std::max(2, static_cast<int>(MinimumTimedSeconds / RunLength));
  BestRun Best{Final, Timed(Final, Chunk)};
  for (int Runs = Chunk; Runs < MinimumRuns || Clock::now() < Deadline; Runs += Chunk)
    Best.Seconds = std::min(Best.Seconds, Timed(Final, Chunk));
  return Best;
}

} // namespace energy::ceilings
