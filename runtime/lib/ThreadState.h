//===- ThreadState.h - One thread's region stack and region statistics ----===//
//
// Everything the hot path touches lives here and belongs to one thread: the
// stack of open regions and, per module the thread has used, the thread's
// counter array (for merging from other threads) and its per-region calls and
// times. Enter and exit only read the clock, write the top frame and bump a
// few fields: no lock, no allocation. Growing the stack or adopting a newly
// registered module is the rare path and goes through the Runtime.
//
// Frames carry the stack pointer of the instrumented function at its call into
// the runtime (the entry point's canonical frame address). Stacks grow down,
// so a frame recorded below the stack pointer of the function now calling the
// runtime belongs to a function that is gone: an exception or longjmp skipped
// its exit. Such frames are closed at the current time when they are found.
// Loop and user regions share their function's frame, hence its stack
// pointer; a function region is always entered strictly below its caller, so
// an open frame at or below a function being entered is stale as well.
//
// Per-region counters (RegionCounters.h) follow the same frames: when the
// thread has them, enter and exit take a path instantiated with Counted =
// true that reads the group first and keeps a counter frame beside each
// frame. Without them the hot path pays one well-predicted branch.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_THREADSTATE_H
#define ENERGY_RT_THREADSTATE_H

#include "CallPaths.h"
#include "RegionCounters.h"
#include "SampleTrigger.h"

#include "energy/abi.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <sys/types.h>
#include <vector>

#define ENERGY_LIKELY(X) __builtin_expect(!!(X), 1)
#define ENERGY_UNLIKELY(X) __builtin_expect(!!(X), 0)
#define ENERGY_ALWAYS_INLINE __attribute__((always_inline))

namespace energy::rt {

class ModuleRecord;

/// One region's figures in one thread.
struct RegionStats {
  uint64_t Calls;
  uint64_t InclusiveTicks; /// counted once per outermost instance (recursion)
  uint64_t SelfTicks;
  uint64_t Active;   /// instances of the region now on the thread's stack
  uint32_t OpenPath; /// the call path of its outermost open instance
  /// Sampled timing: the last sample that found the region on the stack, so
  /// that recursion counts once per sample.
  uint64_t SampleStamp;
  /// Sampled timing: the sums of the squared weights (periods) of the
  /// samples in SelfTicks and InclusiveTicks, for their uncertainty.
  uint64_t SelfSquares;
  uint64_t InclusiveSquares;
  /// Per-region counters: self counts then inclusive counts per event
  /// (ThreadCounters::stride() doubles); null when not counted.
  double *Counters;
};

/// A module as one thread sees it.
struct ModuleSlot {
  uint64_t *Counters; /// this thread's counter array; null once merged away
  RegionStats *Stats; /// NumRegions entries; null until adopted
  uint64_t NumRegions;
  double *CounterStats; /// NumRegions x stride doubles, or null
};

struct Frame {
  RegionStats *Stats;
  uint64_t StartTicks;
  uint64_t ChildrenTicks; /// inclusive time of the frames it called
  uintptr_t Sp;
  uint32_t Region; /// the region's report id, for the sampler
  uint32_t Path;   /// its node in the thread's CallPaths, or NoPath
};

/// The value of ThreadState::TopRegion when no region is open (the meters'
/// kNoRegion).
constexpr uint32_t NoRegionOnTop = 0xffffffffu;

/// Anomalies, so that a report says when its times are approximate.
struct Diagnostics {
  uint64_t UnwoundFrames = 0;  /// closed because exceptions/longjmp skipped them
  uint64_t DepthOverflows = 0; /// entries beyond the stack bound (not timed)
  uint64_t UnmatchedExits = 0; /// exits with no open region to close
  uint64_t DroppedEnters = 0;  /// entries lost for lack of memory
  uint64_t MaxDepth = 0;
  uint64_t UntrackedCallPaths = 0; /// entries left out of the full path table
  /// energy/regions.h markers that ran un-lowered (built without the pass)
  uint64_t UnloweredUserMarkers = 0;
  /// Sampled timing, in sample periods (a sample weighs one period plus its
  /// timer's overruns): all of them, those that found no region open, those
  /// whose stack was deeper than its bound (credited to the frames within
  /// it); and stack slots that named no region of a registered module.
  uint64_t Samples = 0;
  uint64_t OutsideSamples = 0;
  uint64_t DeepSamples = 0;
  uint64_t UnknownSampleFrames = 0;
  /// CPU time the sampled threads ran while their timers ran (their CPU
  /// clocks read when the timers started and stopped), in nanoseconds.
  uint64_t SampledCpuNs = 0;

  void add(const Diagnostics &O) {
    SampledCpuNs += O.SampledCpuNs;
    Samples += O.Samples;
    OutsideSamples += O.OutsideSamples;
    DeepSamples += O.DeepSamples;
    UnknownSampleFrames += O.UnknownSampleFrames;
    UntrackedCallPaths += O.UntrackedCallPaths;
    UnloweredUserMarkers += O.UnloweredUserMarkers;
    UnwoundFrames += O.UnwoundFrames;
    DepthOverflows += O.DepthOverflows;
    UnmatchedExits += O.UnmatchedExits;
    DroppedEnters += O.DroppedEnters;
    if (O.MaxDepth > MaxDepth)
      MaxDepth = O.MaxDepth;
  }
};

class ThreadState {
public:
  ThreadState(const ThreadState &) = delete;
  ThreadState &operator=(const ThreadState &) = delete;

  ModuleSlot *slot(uint32_t Ordinal) {
    if (ENERGY_LIKELY(Ordinal < NumSlots && Slots[Ordinal].Stats))
      return &Slots[Ordinal];
    return nullptr;
  }

  ENERGY_ALWAYS_INLINE void enter(RegionStats *S, uintptr_t Sp, uint64_t Now,
                                  const ModuleRecord &Rec, uint32_t Region, uint32_t ReportId) {
    if (ENERGY_UNLIKELY(Counters)) {
      enterCounted(S, Sp, Now, Rec, Region, ReportId);
      return;
    }
    push<false>(S, Sp, Now, Rec, Region, ReportId);
  }

  ENERGY_ALWAYS_INLINE void exit(RegionStats *S, uintptr_t Sp, uint64_t Now) {
    if (ENERGY_UNLIKELY(Counters)) {
      exitCounted(S, Sp, Now);
      return;
    }
    leave<false>(S, Sp, Now);
  }

private:
  // Enter and exit, instantiated without and with per-region counters.
  template <bool Counted>
  ENERGY_ALWAYS_INLINE void push(RegionStats *S, uintptr_t Sp, uint64_t Now,
                                 const ModuleRecord &Rec, uint32_t Region, uint32_t ReportId) {
    ++S->Calls;
    if (ENERGY_UNLIKELY(Depth && Frames[Depth - 1].Sp <= Sp))
      closeStaleBeforeEnter<Counted>(Sp, Rec, Region, Now);
    if (ENERGY_UNLIKELY(Overflow || Depth == Capacity)) {
      if (Overflow || !makeRoom()) {
        ++Overflow;
        ++Diag.DepthOverflows;
        return;
      }
    }
    // A signal handler may enter regions between any two instructions here:
    // the frame is complete before Depth counts it (compiler barriers only).
    // Recursion is collapsed onto the outermost open instance's path.
    uint32_t Path =
        S->Active ? S->OpenPath : Paths.find(Depth ? Frames[Depth - 1].Path : RootPath, ReportId);
    if (ENERGY_LIKELY(Path != NoPath))
      ++Paths.Nodes[Path].Calls;
    else
      ++Diag.UntrackedCallPaths;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    Frames[Depth] = Frame{S, Now, 0, Sp, ReportId, Path};
    if constexpr (Counted)
      Counters->openFrame(counterFrame(Depth));
    std::atomic_signal_fence(std::memory_order_seq_cst);
    ++Depth;
    TopRegion.store(ReportId, std::memory_order_relaxed);
    if (S->Active++ == 0)
      S->OpenPath = Path;
    if (ENERGY_UNLIKELY(Depth > Diag.MaxDepth))
      Diag.MaxDepth = Depth;
  }

  template <bool Counted>
  ENERGY_ALWAYS_INLINE void leave(RegionStats *S, uintptr_t Sp, uint64_t Now) {
    if (ENERGY_UNLIKELY(Overflow) && leaveOverflow(Sp))
      return;
    if (ENERGY_LIKELY(Depth && Frames[Depth - 1].Stats == S && Frames[Depth - 1].Sp >= Sp)) {
      pop<Counted>(Now);
      return;
    }
    exitSlow<Counted>(S, Sp, Now);
  }

public:
  /// What one open frame has accumulated until a given time.
  struct OpenFrameShare {
    RegionStats *Stats;
    uint64_t SelfTicks;
    uint64_t InclusiveTicks; /// zero unless it is the region's outermost instance
    uint32_t Path;
  };
  /// The open frames' shares until `Now`, computed without changing the
  /// stack: other threads' stacks are read this way at process exit while
  /// those threads still run. Throws std::bad_alloc.
  std::vector<OpenFrameShare> openFrameShares(uint64_t Now) const;
  /// The open frames' counter shares at cumulative counts `Now`, in the
  /// order of openFrameShares: per frame, self then inclusive counts
  /// (stride() doubles). Empty without counters. Throws std::bad_alloc.
  std::vector<double> openFrameCounterShares(const double *Now) const;

  /// Fork child: keep the open frames but restart them now, and zero every
  /// figure gathered before the fork; the thread id becomes the child's.
  void restartAfterFork(uint64_t Now);

  /// Creates the state of the calling thread, in memory from mmap (see
  /// PageMemory.h); null when out of memory.
  static ThreadState *create(pid_t Tid, uint32_t InitialFrames, uint32_t MaxPaths);
  /// Frees a state made by create().
  static void destroy(ThreadState *T);

  /// Copies an array the thread may be reading right now into a larger one
  /// (zero-filled beyond OldBytes). A signal handler can run instrumented
  /// code, and grow the array, in the middle of an enter or exit; so the old
  /// copy stays allocated until the thread ends. Null when out of memory.
  void *growArray(void *Old, size_t OldBytes, size_t NewBytes);

  // Rare-path state, changed only under the Runtime's lock.
  ThreadState *Prev = nullptr, *Next = nullptr;
  /// The thread's id; a fork() child's thread takes its own (restartAfterFork).
  pid_t Tid;
  /// Its CPU time when the latest copy of the process was made: the copy,
  /// another process, cannot read the thread's clock.
  uint64_t CpuNsAtCopy = 0;
  ModuleSlot *Slots = nullptr;
  uint32_t NumSlots = 0;
  uint32_t SlotCapacity = 0;
  Frame *Frames;
  uint32_t Capacity;
  uint32_t Depth = 0;
  uint32_t Overflow = 0; /// entries not pushed since the stack is full
  Diagnostics Diag;
  /// The report id of the innermost open region: the sampler reads it from
  /// its own thread to attribute each interval (one relaxed store per entry
  /// and exit).
  std::atomic<uint32_t> TopRegion{NoRegionOnTop};
  /// The call paths this thread went through (its part of `call_tree`).
  CallPaths Paths;
  /// The thread's own counters (a meters::CounterSet) and its sampler slot,
  /// when the process is sampled; owned by the Measurement.
  void *MeterCounters = nullptr;
  int SamplerSlot = -1;
  /// Sampled timing: the thread's own region-stack slots (mapped), its
  /// sample trigger, and the number of the last sample it took.
  const energy_region **OpenRegions = nullptr;
  /// Sampled timing: the thread's own energy_region_stack (thread-local),
  /// so that the meters' sampler thread can read the region on top while
  /// the thread sleeps and takes no samples; null once detached.
  const energy_region_stack *RegionStack = nullptr;
  SampleTrigger Trigger;
  bool HasSampleTimer = false;
  uint64_t SampleStamp = 0;
  uint64_t TimerStartCpuNs = 0; /// the thread's CPU clock when it started
  /// Per-region counters, when ENERGY_REGION_EVENTS asks for them; set
  /// before the thread's first region entry, owned by the state.
  ThreadCounters *Counters = nullptr;
  /// Capacity counter frames of Counters->stride() doubles, beside Frames.
  double *CounterFrames = nullptr;
  unsigned counterStride() const { return Counters ? Counters->stride() : 0; }

private:
  ThreadState(pid_t Tid, Frame *Frames, uint32_t Capacity)
      : Tid(Tid), Frames(Frames), Capacity(Capacity) {}
  ~ThreadState();

  static constexpr unsigned MaxRetired = 48; // doublings of frames and slots
  struct RetiredArray {
    void *Memory;
    size_t Bytes;
  } Retired[MaxRetired];
  unsigned NumRetired = 0;

  double *counterFrame(uint32_t Index) const {
    return CounterFrames + size_t(Index) * Counters->stride();
  }

  template <bool Counted> ENERGY_ALWAYS_INLINE void pop(uint64_t Now) {
    // Read the frame before Depth stops counting it: from then on a signal
    // handler's entry may reuse its slot.
    Frame F = Frames[Depth - 1];
    [[maybe_unused]] double Saved[Counted ? 2 * MaxRegionEvents : 1];
    if constexpr (Counted)
      __builtin_memcpy(Saved, counterFrame(Depth - 1), Counters->stride() * sizeof(double));
    std::atomic_signal_fence(std::memory_order_seq_cst);
    --Depth;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    uint64_t Elapsed = Now - F.StartTicks;
    F.Stats->SelfTicks += Elapsed - F.ChildrenTicks;
    if (F.Path != NoPath)
      Paths.Nodes[F.Path].SelfTicks += Elapsed - F.ChildrenTicks;
    bool Outermost = --F.Stats->Active == 0;
    if (Outermost)
      F.Stats->InclusiveTicks += Elapsed;
    if (Depth)
      Frames[Depth - 1].ChildrenTicks += Elapsed;
    if constexpr (Counted)
      Counters->closeFrame(Saved, Depth ? counterFrame(Depth - 1) : nullptr, F.Stats->Counters,
                           Outermost);
    TopRegion.store(Depth ? Frames[Depth - 1].Region : NoRegionOnTop, std::memory_order_relaxed);
  }
  template <bool Counted>
  void closeStaleBeforeEnter(uintptr_t Sp, const ModuleRecord &Rec, uint32_t Region, uint64_t Now);
  bool leaveOverflow(uintptr_t Sp);
  template <bool Counted> void exitSlow(RegionStats *S, uintptr_t Sp, uint64_t Now);
  void enterCounted(RegionStats *S, uintptr_t Sp, uint64_t Now, const ModuleRecord &Rec,
                    uint32_t Region, uint32_t ReportId);
  void exitCounted(RegionStats *S, uintptr_t Sp, uint64_t Now);
  bool makeRoom();
};

} // namespace energy::rt

#endif
