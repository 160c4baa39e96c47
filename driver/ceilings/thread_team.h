//===- thread_team.h - Pinned worker threads that start together ----------===//
//
// Ceilings for "all cores" are only meaningful when every core runs the
// kernel at the same moment and no thread migrates: the team pins thread i to
// the i-th CPU this process may run on and releases all of them through one
// barrier. Work is a plain function of the thread index.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <vector>

namespace energy::ceilings {

/// CPUs this process may run on (sched_getaffinity), ascending.
std::vector<int> allowedCpus();

class ThreadTeam {
public:
  ThreadTeam(int Threads, const std::vector<int> &Cpus);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam &) = delete;
  ThreadTeam &operator=(const ThreadTeam &) = delete;

  int size() const;
  /// Whether every thread could be pinned to its CPU.
  bool pinned() const;
  /// Runs Work(i) on every thread i at once, Repetitions times in a row (the
  /// threads line up before each); returns, per repetition, the seconds from
  /// the earliest start to the latest finish. Repeating inside the workers
  /// keeps wake-ups out of the timings, which matters on a busy machine.
  std::vector<double> run(const std::function<void(int)> &Work, int Repetitions = 1);
  /// The fastest of Repetitions runs.
  double fastest(const std::function<void(int)> &Work, int Repetitions);
  /// The fastest of Repetitions runs, each counted as its slowest thread's own
  /// duration: skew between the threads' starts (a thread not yet scheduled)
  /// left out. For sizing runs; ceilings are timed with fastest().
  double fastestIgnoringSkew(const std::function<void(int)> &Work, int Repetitions);

private:
  std::vector<double> spans(const std::function<void(int)> &Work, int Repetitions, bool WithSkew);
  struct State;
  std::unique_ptr<State> S;
};

} // namespace energy::ceilings
