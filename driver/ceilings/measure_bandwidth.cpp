//===- measure_bandwidth.cpp - Bandwidth ceilings from a working-set sweep ===//
#include "measure_bandwidth.h"

#include "best_run.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace energy::ceilings {

// Arrays of one kernel are staggered by a few cache lines so that streams
// never alias in the same cache sets.
constexpr std::size_t StaggerBytes = 320;
constexpr std::size_t HugePage = 2u << 20;

const std::vector<StreamKernelId> &streamKernelIds() {
  static const std::vector<StreamKernelId> Ids = {{"load", false, 1},
                                                  {"copy", false, 2},
                                                  {"copy", true, 2},
                                                  {"triad", false, 4},
                                                  {"triad", true, 4}};
  return Ids;
}

std::vector<std::uint64_t> sweepSizes(std::uint64_t Smallest, std::uint64_t Largest) {
  std::vector<std::uint64_t> Sizes;
  for (std::uint64_t Size = Smallest; Size <= Largest; Size *= 2)
    Sizes.push_back(Size);
  return Sizes;
}

std::uint64_t cacheShare(const roofline::CacheLevel &Cache, int Threads) {
  return Cache.SizeBytes /
         static_cast<std::uint64_t>(std::max(1, std::min(Threads, Cache.SharedCpus)));
}

namespace {

// One thread's arrays for one working-set size, touched first by that thread
// so that they live in its NUMA node.
class ThreadArrays {
public:
  explicit ThreadArrays(std::uint64_t Bytes) : Capacity(Bytes + 4 * StaggerBytes) {
    std::size_t Align = Capacity >= 4 * HugePage ? HugePage : 64;
    Capacity = (Capacity + Align - 1) / Align * Align;
    Memory = static_cast<char *>(std::aligned_alloc(Align, Capacity));
    if (!Memory)
      throw std::bad_alloc();
    if (Align == HugePage)
      madvise(Memory, Capacity, MADV_HUGEPAGE); // fewer TLB misses; a hint only
    double *Values = reinterpret_cast<double *>(Memory);
    for (std::size_t I = 0; I < Capacity / sizeof(double); ++I)
      Values[I] = 1.0;
  }
  ~ThreadArrays() { std::free(Memory); }
  ThreadArrays(const ThreadArrays &) = delete;
  ThreadArrays &operator=(const ThreadArrays &) = delete;

  /// Doubles per array when the working set is split into Streams arrays.
  std::size_t length(std::uint64_t Bytes, int Streams) const {
    return Bytes / sizeof(double) / Streams / StreamBlock * StreamBlock;
  }
  double *array(std::uint64_t Bytes, int Streams, int Index) const {
    std::size_t Stride = length(Bytes, Streams) * sizeof(double) + StaggerBytes;
    return reinterpret_cast<double *>(Memory + Index * Stride);
  }

private:
  std::size_t Capacity;
  char *Memory = nullptr;
};

void runKernel(const StreamKernels &K, const StreamKernelId &Id, const ThreadArrays &Arrays,
               std::uint64_t Bytes) {
  std::size_t N = Arrays.length(Bytes, Id.Streams);
  auto A = [&](int I) { return Arrays.array(Bytes, Id.Streams, I); };
  if (std::strcmp(Id.Kernel, "load") == 0)
    K.Load(A(0), N);
  else if (std::strcmp(Id.Kernel, "copy") == 0)
    (Id.NonTemporal ? K.CopyNonTemporal : K.Copy)(A(1), A(0), N);
  else
    (Id.NonTemporal ? K.TriadNonTemporal : K.Triad)(A(0), A(1), A(2), A(3), N);
}

double bandwidthAt(ThreadTeam &Team, const StreamKernels &K, const StreamKernelId &Id,
                   const std::vector<std::unique_ptr<ThreadArrays>> &Arrays, std::uint64_t Bytes,
                   double SecondsEach) {
  BestRun Best = fastestRun(
      Team,
      [&](int Thread, std::uint64_t Passes) {
        for (std::uint64_t P = 0; P < Passes; ++P)
          runKernel(K, Id, *Arrays[Thread], Bytes);
      },
      1, SecondsEach);
  double BytesPerPass = static_cast<double>(Arrays[0]->length(Bytes, Id.Streams)) * sizeof(double) *
                        Id.Streams * Team.size();
  return BytesPerPass * static_cast<double>(Best.Count) / Best.Seconds / 1e9;
}

} // namespace

std::vector<roofline::BandwidthSweep> measureSweeps(ThreadTeam &Team, const StreamKernels &Kernels,
                                                    const std::vector<std::uint64_t> &Sizes,
                                                    TimeBudget &Budget, ProgressBar &Progress) {
  std::vector<roofline::BandwidthSweep> Sweeps;
  for (const auto &Id : streamKernelIds())
    Sweeps.push_back({Id.Kernel, Id.NonTemporal, Team.size(), Kernels.Isa, {}});
  for (std::uint64_t Bytes : Sizes) {
    std::vector<std::unique_ptr<ThreadArrays>> Arrays(Team.size());
    Team.run([&](int Thread) { Arrays[Thread] = std::make_unique<ThreadArrays>(Bytes); }, 1);
    for (std::size_t K = 0; K < streamKernelIds().size(); ++K) {
      const StreamKernelId &Id = streamKernelIds()[K];
      Progress.step(std::string("bandwidth ") + Id.Kernel + (Id.NonTemporal ? " nt " : " ") +
                    std::to_string(Bytes >> 10) + " KiB/thread, " + std::to_string(Team.size()) +
                    " thread(s)");
      std::uint64_t Moved = Arrays[0]->length(Bytes, Id.Streams) * sizeof(double) * Id.Streams;
      Sweeps[K].Points.push_back(
          {Moved, bandwidthAt(Team, Kernels, Id, Arrays, Bytes, Budget.nextSlice())});
    }
    Team.run([&](int Thread) { Arrays[Thread].reset(); });
  }
  return Sweeps;
}

double measureOneBandwidth(ThreadTeam &Team, const StreamKernels &Kernels, const StreamKernelId &Id,
                           std::uint64_t Bytes, double Seconds) {
  std::vector<std::unique_ptr<ThreadArrays>> Arrays(Team.size());
  Team.run([&](int Thread) { Arrays[Thread] = std::make_unique<ThreadArrays>(Bytes); }, 1);
  double Gbs = bandwidthAt(Team, Kernels, Id, Arrays, Bytes, Seconds);
  Team.run([&](int Thread) { Arrays[Thread].reset(); }, 1);
  return Gbs;
}

static const roofline::SweepPoint *bestInWindow(const roofline::BandwidthSweep &Sweep, double Low,
                                                double High) {
  const roofline::SweepPoint *Best = nullptr;
  for (const auto &Point : Sweep.Points)
    if (Point.WorkingSetBytes > Low && Point.WorkingSetBytes <= High &&
        (!Best || Point.GBytesPerSecond > Best->GBytesPerSecond))
      Best = &Point;
  return Best;
}

std::vector<roofline::Bandwidth>
levelBandwidths(const std::vector<roofline::BandwidthSweep> &Sweeps,
                const std::vector<roofline::CacheLevel> &Caches, int Threads) {
  struct Window {
    std::string Level;
    double Low, High;
  };
  std::vector<Window> Windows;
  double Previous = 0;
  for (const auto &Cache : Caches) {
    double Share = static_cast<double>(cacheShare(Cache, Threads));
    Windows.push_back({"L" + std::to_string(Cache.Level), Previous * 1.5, Share * 0.75});
    Previous = Share;
  }
  Windows.push_back({"DRAM", Previous * 2, 1e300});

  std::vector<roofline::Bandwidth> Levels;
  for (const auto &W : Windows)
    for (const auto &Sweep : Sweeps)
      if (Sweep.Threads == Threads)
        if (const auto *Point = bestInWindow(Sweep, W.Low, W.High))
          Levels.push_back({W.Level, Sweep.Kernel, Sweep.NonTemporal, Threads,
                            Point->WorkingSetBytes, Point->GBytesPerSecond});
  return Levels;
}

} // namespace energy::ceilings
