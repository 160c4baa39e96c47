//===- thread_team.cpp - Pinned worker threads that start together --------===//
#include "thread_team.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <thread>

namespace energy::ceilings {

using Clock = std::chrono::steady_clock;

std::vector<int> allowedCpus() {
  std::vector<int> Cpus;
  cpu_set_t Set;
  CPU_ZERO(&Set);
  if (sched_getaffinity(0, sizeof Set, &Set) == 0) {
    for (int Cpu = 0; Cpu < CPU_SETSIZE; ++Cpu)
      if (CPU_ISSET(Cpu, &Set))
        Cpus.push_back(Cpu);
  }
  if (Cpus.empty())
    for (unsigned Cpu = 0; Cpu < std::max(1u, std::thread::hardware_concurrency()); ++Cpu)
      Cpus.push_back(static_cast<int>(Cpu));
  return Cpus;
}

// Workers sleep between runs (so a waiting team costs no CPU), then line up
// spinning so that all of them start the kernel at the same moment.
struct ThreadTeam::State {
  explicit State(int Threads) : Threads(Threads) {}
  const int Threads;
  std::mutex Lock;
  std::condition_variable WakeWorkers, WakeCaller;
  std::uint64_t Generation = 0;
  int Finished = 0;
  bool Quit = false;
  std::atomic<int> Arrived{0};
  std::atomic<int> PinFailures{0};
  const std::function<void(int)> *Work = nullptr;
  int Repetitions = 1;
  std::vector<std::pair<Clock::time_point, Clock::time_point>> Times;
  std::vector<std::thread> Workers;

  void workerLoop(int Index) {
    std::uint64_t Seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> Guard(Lock);
        WakeWorkers.wait(Guard, [&] { return Quit || Generation != Seen; });
        if (Quit)
          return;
        Seen = Generation;
      }
      for (int R = 0; R < Repetitions; ++R) {
        Arrived.fetch_add(1, std::memory_order_acq_rel);
        while (Arrived.load(std::memory_order_acquire) < Threads * (R + 1))
          __builtin_ia32_pause();
        auto Begin = Clock::now();
        (*Work)(Index);
        Times[R * Threads + Index] = {Begin, Clock::now()};
      }
      std::lock_guard<std::mutex> Guard(Lock);
      if (++Finished == Threads)
        WakeCaller.notify_one();
    }
  }
};

static bool pinTo(int Cpu) {
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  return pthread_setaffinity_np(pthread_self(), sizeof Set, &Set) == 0;
}

ThreadTeam::ThreadTeam(int Threads, const std::vector<int> &Cpus)
    : S(std::make_unique<State>(Threads)) {
  for (int I = 0; I < Threads; ++I) {
    int Cpu = Cpus[static_cast<std::size_t>(I) % Cpus.size()];
    S->Workers.emplace_back([this, I, Cpu] {
      if (!pinTo(Cpu))
        ++S->PinFailures;
      S->workerLoop(I);
    });
  }
}

ThreadTeam::~ThreadTeam() {
  {
    std::lock_guard<std::mutex> Guard(S->Lock);
    S->Quit = true;
  }
  S->WakeWorkers.notify_all();
  for (auto &Worker : S->Workers)
    Worker.join();
}

int ThreadTeam::size() const { return S->Threads; }

bool ThreadTeam::pinned() const { return S->PinFailures.load() == 0; }

std::vector<double> ThreadTeam::run(const std::function<void(int)> &Work, int Repetitions) {
  return spans(Work, Repetitions, /*WithSkew=*/true);
}

std::vector<double> ThreadTeam::spans(const std::function<void(int)> &Work, int Repetitions,
                                      bool WithSkew) {
  {
    std::lock_guard<std::mutex> Guard(S->Lock);
    S->Work = &Work;
    S->Repetitions = std::max(1, Repetitions);
    S->Times.assign(static_cast<std::size_t>(S->Repetitions) * S->Threads, {});
    S->Finished = 0;
    S->Arrived.store(0);
    ++S->Generation;
  }
  S->WakeWorkers.notify_all();
  {
    std::unique_lock<std::mutex> Guard(S->Lock);
    S->WakeCaller.wait(Guard, [&] { return S->Finished == S->Threads; });
  }
  std::vector<double> Seconds;
  for (int R = 0; R < S->Repetitions; ++R) {
    auto First = S->Times.begin() + static_cast<std::ptrdiff_t>(R) * S->Threads;
    auto Earliest = First->first, Latest = First->second;
    Clock::duration Longest{};
    for (auto It = First; It != First + S->Threads; ++It) {
      Earliest = std::min(Earliest, It->first);
      Latest = std::max(Latest, It->second);
      Longest = std::max(Longest, It->second - It->first);
    }
    Seconds.push_back(
        std::chrono::duration<double>(WithSkew ? Latest - Earliest : Longest).count());
  }
  return Seconds;
}

double ThreadTeam::fastest(const std::function<void(int)> &Work, int Repetitions) {
  std::vector<double> Seconds = spans(Work, Repetitions, true);
  return *std::min_element(Seconds.begin(), Seconds.end());
}

double ThreadTeam::fastestIgnoringSkew(const std::function<void(int)> &Work, int Repetitions) {
  std::vector<double> Seconds = spans(Work, Repetitions, false);
  return *std::min_element(Seconds.begin(), Seconds.end());
}

} // namespace energy::ceilings
