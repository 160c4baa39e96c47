//===- Footprint.cpp - Per-region footprint of distinct cache lines -------===//
//
// See Footprint.h. The two exported entry points of abi.h for footprint
// sampling live here, with their per-thread state. Hot path: a thread-local
// load, the top region, an index into the thread's sketch table, an insert.
// Rare paths (a region's first line in a thread, a thread's first line, a
// sample rate not seen before) run with the thread marked busy, so that a
// signal handler interrupting them drops its line instead of re-entering.
//
//===----------------------------------------------------------------------===//
#include "Footprint.h"

#include "FootprintSketch.h"
#include "PageMemory.h"
#include "RegionSampling.h"
#include "Runtime.h"
#include "ThreadState.h"

#include "energy/abi.h"
#include "support/ReportKeys.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>
#include <pthread.h>

#define ENERGY_EXPORT extern "C" __attribute__((visibility("default")))

namespace energy::rt {
namespace {

/// Bump allocation from mmap'd chunks, all freed at once. Fresh chunks are
/// zero-filled, which is what an empty sketch and an empty table are.
class PageArena {
public:
  void *allocate(size_t Bytes) noexcept {
    Bytes = (Bytes + 63) & ~size_t(63);
    if (!Current || Current->Used + Bytes > Current->Size) {
      size_t Size =
          Bytes + sizeof(Chunk) + 63 > ChunkBytes ? Bytes + sizeof(Chunk) + 63 : ChunkBytes;
      auto *New = static_cast<Chunk *>(allocatePages(Size));
      if (!New)
        return nullptr;
      *New = Chunk{Current, Size, (sizeof(Chunk) + 63) & ~size_t(63)};
      Current = New;
    }
    void *P = reinterpret_cast<char *>(Current) + Current->Used;
    Current->Used += Bytes;
    return P;
  }

  void release() noexcept {
    while (Current) {
      Chunk *Next = Current->Next;
      freePages(Current, Current->Size);
      Current = Next;
    }
  }

private:
  static constexpr size_t ChunkBytes = size_t(1) << 20;
  struct Chunk {
    Chunk *Next;
    size_t Size;
    size_t Used;
  };
  Chunk *Current = nullptr;
};

/// Sketches indexed by report id, grown by doubling. Old tables stay in the
/// arena: a signal handler may have interrupted a reader of one.
struct SketchTable {
  FootprintSketch **ByRegion = nullptr;
  uint32_t Capacity = 0;
  PageArena Memory;

  FootprintSketch *find(uint32_t Region) const {
    return Region < Capacity ? ByRegion[Region] : nullptr;
  }

  /// The region's sketch, created empty; null when out of memory.
  FootprintSketch *findOrCreate(uint32_t Region) noexcept {
    if (FootprintSketch *S = find(Region))
      return S;
    if (Region >= Capacity && !grow(Region))
      return nullptr;
    auto *S = static_cast<FootprintSketch *>(Memory.allocate(sizeof(FootprintSketch)));
    if (S)
      ByRegion[Region] = S;
    return S;
  }

  void mergeInto(SketchTable &Into) noexcept {
    for (uint32_t R = 0; R < Capacity; ++R)
      if (ByRegion[R])
        if (FootprintSketch *Target = Into.findOrCreate(R))
          Target->merge(*ByRegion[R]);
  }

  void clearAll() noexcept {
    for (uint32_t R = 0; R < Capacity; ++R)
      if (ByRegion[R])
        ByRegion[R]->clear();
  }

private:
  bool grow(uint32_t Region) noexcept {
    uint32_t NewCapacity = Capacity ? Capacity : 64;
    while (NewCapacity <= Region)
      NewCapacity *= 2;
    auto *New =
        static_cast<FootprintSketch **>(Memory.allocate(sizeof(FootprintSketch *) * NewCapacity));
    if (!New)
      return false;
    if (Capacity)
      std::memcpy(New, ByRegion, sizeof(FootprintSketch *) * Capacity);
    // Readers check the index against Capacity, then read ByRegion: the
    // larger table goes first.
    ByRegion = New;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    Capacity = NewCapacity;
    return true;
  }
};

struct ThreadFootprint {
  SketchTable Table;
  ThreadFootprint *Prev = nullptr, *Next = nullptr;
};

constinit thread_local ThreadFootprint *CurrentFootprint
    __attribute__((tls_model("initial-exec"))) = nullptr;
/// Set while the thread is in a rare path or holds FootprintLock.
constinit thread_local bool Busy __attribute__((tls_model("initial-exec"))) = false;

/// The largest sample rate any module asked for; 0 until a line is sampled.
constinit std::atomic<uint64_t> SampleOneIn{0};

// Process-wide, under FootprintLock: live threads, and what exited threads
// (and, at the report, live ones) merged.
constinit std::mutex FootprintLock;
ThreadFootprint *LiveThreads = nullptr;
SketchTable Merged;
bool LiveThreadsMerged = false;
pthread_key_t ThreadExitKey;
std::once_flag Setup;

void unlinkThread(ThreadFootprint &F) {
  (F.Prev ? F.Prev->Next : LiveThreads) = F.Next;
  if (F.Next)
    F.Next->Prev = F.Prev;
}

/// Thread-exit destructor: the thread's sketches join the process's.
void mergeExitingThread(void *State) {
  auto *F = static_cast<ThreadFootprint *>(State);
  Busy = true;
  {
    std::lock_guard<std::mutex> Guard(FootprintLock);
    if (!LiveThreadsMerged)
      F->Table.mergeInto(Merged);
    unlinkThread(*F);
  }
  CurrentFootprint = nullptr;
  F->Table.Memory.release();
  freePages(F, sizeof(ThreadFootprint));
  Busy = false;
}

void lockForFork() { FootprintLock.lock(); }
void unlockAfterFork() { FootprintLock.unlock(); }

/// Fork child: only the forking thread lives on, and nothing sampled before
/// the fork is the child's (as the runtime zeroes its other figures).
void resetInChild() {
  FootprintLock.unlock();
  LiveThreads = CurrentFootprint;
  if (CurrentFootprint) {
    CurrentFootprint->Prev = CurrentFootprint->Next = nullptr;
    CurrentFootprint->Table.clearAll();
  }
  Merged.clearAll();
  LiveThreadsMerged = false;
}

void setUpOnce() {
  pthread_key_create(&ThreadExitKey, mergeExitingThread);
  pthread_atfork(lockForFork, unlockAfterFork, resetInChild);
}

ThreadFootprint *attachThread() noexcept {
  std::call_once(Setup, setUpOnce);
  auto *F = static_cast<ThreadFootprint *>(allocatePages(sizeof(ThreadFootprint)));
  if (!F)
    return nullptr;
  new (F) ThreadFootprint();
  {
    std::lock_guard<std::mutex> Guard(FootprintLock);
    F->Next = LiveThreads;
    if (LiveThreads)
      LiveThreads->Prev = F;
    LiveThreads = F;
  }
  pthread_setspecific(ThreadExitKey, F);
  CurrentFootprint = F;
  return F;
}

__attribute__((noinline)) void recordSlow(uint64_t Line, uint32_t Region) noexcept {
  if (Busy)
    return;
  Busy = true;
  ThreadFootprint *F = CurrentFootprint ? CurrentFootprint : attachThread();
  if (F)
    if (FootprintSketch *S = F->Table.findOrCreate(Region))
      S->insert(Line);
  Busy = false;
}

inline void record(uint64_t Line) noexcept {
  ThreadState *T = CurrentThread;
  if (ENERGY_UNLIKELY(!T))
    return;
  // Sampled, TopRegion is only as fresh as the last sample.
  uint32_t Region = SampledTiming.load(std::memory_order_relaxed)
                        ? innermostSampledRegion()
                        : T->TopRegion.load(std::memory_order_relaxed);
  if (ThreadFootprint *F = CurrentFootprint; ENERGY_LIKELY(F))
    if (FootprintSketch *S = F->Table.find(Region); ENERGY_LIKELY(S)) {
      S->insert(Line);
      return;
    }
  if (Region != NoRegionOnTop)
    recordSlow(Line, Region);
}

/// Whether Line belongs in the sample when a module asks for 1 in OneIn:
/// the process keeps the sparsest rate any module asked for, whose sample
/// is a subset of the others'.
__attribute__((noinline)) bool acceptRate(uint64_t Line, uint64_t OneIn) noexcept {
  uint64_t Current = SampleOneIn.load(std::memory_order_relaxed);
  while (OneIn > Current &&
         !SampleOneIn.compare_exchange_weak(Current, OneIn, std::memory_order_relaxed))
    ;
  return energy_footprint_sampled(Line, SampleOneIn.load(std::memory_order_relaxed));
}

} // namespace

nlohmann::json footprintJson(uint32_t ReportId) {
  uint64_t OneIn = SampleOneIn.load(std::memory_order_relaxed);
  if (OneIn == 0)
    return nullptr;
  double Lines;
  {
    Busy = true;
    std::lock_guard<std::mutex> Guard(FootprintLock);
    // Threads still running are read as they are: the report is a snapshot.
    if (!LiveThreadsMerged)
      for (ThreadFootprint *F = LiveThreads; F; F = F->Next)
        F->Table.mergeInto(Merged);
    LiveThreadsMerged = true;
    const FootprintSketch *S = Merged.find(ReportId);
    Lines = S ? S->estimate() : 0;
    Busy = false;
  }
  auto Sampled = static_cast<uint64_t>(std::llround(Lines));
  namespace key = report_key::footprint;
  return {{key::Bytes, Sampled * OneIn * (uint64_t(1) << ENERGY_FOOTPRINT_LINE_SHIFT)},
          {key::LinesSampled, Sampled},
          {key::SampleOneIn, OneIn},
          {key::LineBytes, uint64_t(1) << ENERGY_FOOTPRINT_LINE_SHIFT}};
}

} // namespace energy::rt

using namespace energy::rt;

/// A sampled line was accessed (pass/FootprintSampling.h calls this only for
/// lines in its 1-in-OneIn sample). Thread-safe without locks on the hot
/// path; safe in signal handlers, which at worst lose the line.
ENERGY_EXPORT void __energy_footprint_sample(uint64_t Line, uint64_t OneIn) {
  if (ENERGY_UNLIKELY(OneIn != SampleOneIn.load(std::memory_order_relaxed)) &&
      !acceptRate(Line, OneIn))
    return;
  record(Line);
}

/// A memcpy/memmove/memset range was accessed: its sampled lines are
/// recorded. Thread-safety as __energy_footprint_sample.
ENERGY_EXPORT void __energy_footprint_range(const void *Start, uint64_t Bytes, uint64_t OneIn) {
  if (Bytes == 0)
    return;
  uint64_t First = reinterpret_cast<uintptr_t>(Start) >> ENERGY_FOOTPRINT_LINE_SHIFT;
  uint64_t Last = (reinterpret_cast<uintptr_t>(Start) + Bytes - 1) >> ENERGY_FOOTPRINT_LINE_SHIFT;
  if (ENERGY_UNLIKELY(OneIn != SampleOneIn.load(std::memory_order_relaxed)))
    acceptRate(First, OneIn);
  uint64_t Rate = SampleOneIn.load(std::memory_order_relaxed);
  for (uint64_t Line = First; Line <= Last && Line >= First; ++Line)
    if (energy_footprint_sampled(Line, Rate))
      record(Line);
}
