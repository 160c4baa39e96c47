//===- ThreadState.cpp - Rare paths of the per-thread region stack --------===//
#include "ThreadState.h"

#include "ModuleRecord.h"
#include "PageMemory.h"
#include "RegionSampling.h"
#include "Runtime.h"

#include <cstring>
#include <new>
#include <unistd.h>
#include <unordered_set>

namespace energy::rt {

ThreadState::~ThreadState() {
  size_t Stride = counterStride();
  for (uint32_t I = 0; I < NumSlots; ++I) {
    freePages(Slots[I].Stats, Slots[I].NumRegions * sizeof(RegionStats));
    freePages(Slots[I].CounterStats, Slots[I].NumRegions * Stride * sizeof(double));
  }
  freePages(Slots, SlotCapacity * sizeof(ModuleSlot));
  freePages(Frames, Capacity * sizeof(Frame));
  freePages(CounterFrames, Capacity * Stride * sizeof(double));
  delete Counters;
  freeSampledSlots(*this);
  for (unsigned I = 0; I < NumRetired; ++I)
    freePages(Retired[I].Memory, Retired[I].Bytes);
  Paths.release();
}

ThreadState *ThreadState::create(pid_t Tid, uint32_t InitialFrames, uint32_t MaxPaths) {
  void *Memory = allocatePages(sizeof(ThreadState));
  auto *Frames = static_cast<Frame *>(allocatePages(InitialFrames * sizeof(Frame)));
  if (!Memory || !Frames) {
    freePages(Memory, sizeof(ThreadState));
    freePages(Frames, InitialFrames * sizeof(Frame));
    return nullptr;
  }
  auto *T = new (Memory) ThreadState(Tid, Frames, InitialFrames);
  // Without memory for paths the thread is still timed, outside the tree.
  T->Paths.allocate(MaxPaths);
  return T;
}

void ThreadState::destroy(ThreadState *T) {
  T->~ThreadState();
  freePages(T, sizeof(ThreadState));
}

void *ThreadState::growArray(void *Old, size_t OldBytes, size_t NewBytes) {
  if (NumRetired == MaxRetired)
    return nullptr;
  void *New = allocatePages(NewBytes);
  if (!New)
    return nullptr;
  if (OldBytes)
    std::memcpy(New, Old, OldBytes);
  if (Old)
    Retired[NumRetired++] = {Old, OldBytes};
  return New;
}

template <bool Counted>
void ThreadState::closeStaleBeforeEnter(uintptr_t Sp, const ModuleRecord &Rec, uint32_t Region,
                                        uint64_t Now) {
  bool OwnsFrame = Rec.isFunctionRegion(Region);
  bool Closed = false;
  while (Depth) {
    uintptr_t TopSp = Frames[Depth - 1].Sp;
    if (!(TopSp < Sp || (OwnsFrame && TopSp == Sp)))
      break;
    pop<Counted>(Now);
    ++Diag.UnwoundFrames;
    Closed = true;
  }
  // Entries beyond the stack bound were deeper than the last recorded frame.
  if (Closed)
    Overflow = 0;
}

bool ThreadState::leaveOverflow(uintptr_t Sp) {
  if (Depth && Sp < Frames[Depth - 1].Sp) {
    --Overflow;
    return true;
  }
  Overflow = 0;
  return false;
}

template <bool Counted> void ThreadState::exitSlow(RegionStats *S, uintptr_t Sp, uint64_t Now) {
  // Frames below the caller are gone. One of them may be the exiting region
  // itself when its exit call was made from a frame that has already been
  // torn down (a tail call): then that one is this exit, not an unwinding.
  uint64_t Closed = 0;
  bool ClosedSelf = false;
  while (Depth && Frames[Depth - 1].Sp < Sp) {
    ClosedSelf |= Frames[Depth - 1].Stats == S;
    pop<Counted>(Now);
    ++Closed;
  }
  if (Depth && Frames[Depth - 1].Stats == S) {
    Diag.UnwoundFrames += Closed;
    pop<Counted>(Now);
    return;
  }
  if (ClosedSelf) {
    Diag.UnwoundFrames += Closed - 1;
    return;
  }
  Diag.UnwoundFrames += Closed;
  // Regions of the same frame whose exits were skipped (a longjmp within one
  // function, a loop left without its exit marker): close up to the match.
  for (uint32_t I = Depth; I-- > 0;) {
    if (Frames[I].Stats != S)
      continue;
    while (Depth > I + 1) {
      pop<Counted>(Now);
      ++Diag.UnwoundFrames;
    }
    pop<Counted>(Now);
    return;
  }
  ++Diag.UnmatchedExits;
}

template void ThreadState::closeStaleBeforeEnter<false>(uintptr_t, const ModuleRecord &, uint32_t,
                                                        uint64_t);
template void ThreadState::closeStaleBeforeEnter<true>(uintptr_t, const ModuleRecord &, uint32_t,
                                                       uint64_t);
template void ThreadState::exitSlow<false>(RegionStats *, uintptr_t, uint64_t);
template void ThreadState::exitSlow<true>(RegionStats *, uintptr_t, uint64_t);

// Enter reads the counters after the clock and exit before it, so that each
// region's counts cover no more than its time does.
void ThreadState::enterCounted(RegionStats *S, uintptr_t Sp, uint64_t Now, const ModuleRecord &Rec,
                               uint32_t Region, uint32_t ReportId) {
  Counters->sample();
  push<true>(S, Sp, Now, Rec, Region, ReportId);
}

void ThreadState::exitCounted(RegionStats *S, uintptr_t Sp, uint64_t Now) {
  Counters->sample();
  leave<true>(S, Sp, Now);
}

bool ThreadState::makeRoom() { return Runtime::get().growFrames(*this); }

void ThreadState::restartAfterFork(uint64_t Now) {
  Tid = gettid();
  if (Counters)
    Counters->reopenAfterFork();
  for (uint32_t I = 0; I < Depth; ++I) {
    Frames[I].StartTicks = Now;
    Frames[I].ChildrenTicks = 0;
    if (Counters)
      Counters->openFrame(counterFrame(I));
  }
  Paths.zeroFigures();
  Diag = Diagnostics{};
}

std::vector<ThreadState::OpenFrameShare> ThreadState::openFrameShares(uint64_t Now) const {
  std::vector<bool> Outermost(Depth);
  std::unordered_set<const RegionStats *> Seen;
  for (uint32_t I = 0; I < Depth; ++I)
    Outermost[I] = Seen.insert(Frames[I].Stats).second;
  std::vector<OpenFrameShare> Shares;
  Shares.reserve(Depth);
  uint64_t CalleeElapsed = 0;
  for (uint32_t I = Depth; I-- > 0;) {
    const Frame &F = Frames[I];
    uint64_t Elapsed = Now - F.StartTicks;
    Shares.push_back(
        {F.Stats, Elapsed - F.ChildrenTicks - CalleeElapsed, Outermost[I] ? Elapsed : 0, F.Path});
    CalleeElapsed = Elapsed;
  }
  return Shares;
}

std::vector<double> ThreadState::openFrameCounterShares(const double *Now) const {
  if (!Counters)
    return {};
  unsigned N = Counters->size(), Stride = Counters->stride();
  std::vector<bool> Outermost(Depth);
  std::unordered_set<const RegionStats *> Seen;
  for (uint32_t I = 0; I < Depth; ++I)
    Outermost[I] = Seen.insert(Frames[I].Stats).second;
  std::vector<double> Shares;
  Shares.reserve(size_t(Depth) * Stride);
  double CalleeElapsed[MaxRegionEvents] = {};
  for (uint32_t I = Depth; I-- > 0;) {
    const double *F = counterFrame(I);
    size_t At = Shares.size();
    Shares.resize(At + Stride);
    for (unsigned E = 0; E < N; ++E) {
      double Elapsed = Now[E] - F[E];
      Shares[At + E] = Elapsed - F[N + E] - CalleeElapsed[E];
      Shares[At + N + E] = Outermost[I] ? Elapsed : 0.0;
      CalleeElapsed[E] = Elapsed;
    }
  }
  return Shares;
}

} // namespace energy::rt
