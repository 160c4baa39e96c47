//===- RegionSampling.cpp - The sampling timer and its signal handler -----===//
#include "RegionSampling.h"

#include "Checkpoint.h"
#include "Clock.h"
#include "FunctionExtents.h"
#include "ModuleRecord.h"
#include "PageMemory.h"
#include "Runtime.h"
#include "SampleTrigger.h"
#include "ThreadState.h"

#include "support/Settings.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <ctime>
#include <pthread.h>
#include <ucontext.h>
#include <unistd.h>

namespace {

/// Threads not attached yet (or never: out of memory) push here: slots
/// nobody samples, so instrumented code needs no test for a missing stack.
const energy_region *UnattachedSlots[ENERGY_REGION_STACK_SLOTS + ENERGY_REGION_STACK_SLACK];

} // namespace

extern "C" __attribute__((
    visibility("default"))) constinit thread_local energy_region_stack __energy_region_stack = {
    0, 0, UnattachedSlots};

namespace energy::rt {

namespace {

constexpr uint32_t SlotMask = ENERGY_REGION_STACK_SLOTS - 1;
constexpr size_t SlotBytes =
    (ENERGY_REGION_STACK_SLOTS + ENERGY_REGION_STACK_SLACK) * sizeof(const energy_region *);
/// A sample walks the outermost this many open regions (a bound on the
/// handler's time); deeper ones are credited to the last of them.
constexpr uint32_t MaxWalked = 4096;

/// Its address is the sigev_value of the runtime's timers: how the handler
/// tells their signals from anyone else's.
int TimerTag;

uint64_t PeriodNs = 0;
TriggerChoice Trigger = TriggerChoice::Auto;
const char *Problem = "sampling was not started";
/// The timers only take checkpoints: the process is timed exactly.
bool CheckpointsOnly = false;
struct sigaction ProgramAction;

/// The registered modules' region tables, for the handler: appended under
/// the Runtime's lock, read without it. A slot is never reused; an unloaded
/// module's slot forgets its record.
constexpr uint32_t MaxModules = 4096;
/// An unmarked function's machine code (energy_module.region_functions).
struct SampledFunction {
  uintptr_t Begin;
  uintptr_t End;
  uint32_t Region;
};

struct AddressRange {
  std::atomic<const energy_region *> Begin{nullptr};
  std::atomic<const energy_region *> End{nullptr};
  std::atomic<ModuleRecord *> Module{nullptr};
  /// The module's unmarked functions by address, sorted; never freed (a
  /// handler may be reading them when the module is unloaded).
  const SampledFunction *Functions = nullptr;
  uint32_t NumFunctions = 0;
};
AddressRange Ranges[MaxModules];
std::atomic<uint32_t> RangeCount{0};

struct Located {
  ModuleRecord *Module = nullptr;
  uint32_t Region = 0;
};

/// The unmarked function whose code holds Pc, if any.
Located locateCode(uintptr_t Pc) noexcept {
  uint32_t N = RangeCount.load(std::memory_order_acquire);
  for (uint32_t I = 0; I < N; ++I) {
    const AddressRange &R = Ranges[I];
    const SampledFunction *First = R.Functions;
    const SampledFunction *Last = First + R.NumFunctions;
    if (First == Last || Pc < First->Begin || Pc >= Last[-1].End)
      continue;
    const SampledFunction *After = std::upper_bound(
        First, Last, Pc, [](uintptr_t P, const SampledFunction &F) { return P < F.Begin; });
    if (After == First || Pc >= After[-1].End)
      continue;
    if (ModuleRecord *M = R.Module.load(std::memory_order_acquire))
      return {M, After[-1].Region};
  }
  return {};
}

/// The interrupted program counter in a signal handler's context.
uintptr_t interruptedPc(const void *Context) noexcept {
  const auto *Uc = static_cast<const ucontext_t *>(Context);
#if defined(__x86_64__)
  return uintptr_t(Uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uintptr_t(Uc->uc_mcontext.pc);
#else
  (void)Uc;
  return 0;
#endif
}

/// The unmarked functions of a module in address order, with their extents
/// from the unwind tables: those whose code lies in the object that holds
/// the module's own tables (a function another object interposed is that
/// object's). Null when there are none.
const SampledFunction *sampledFunctions(const energy_module &Desc, uint32_t &Count) noexcept {
  Count = 0;
  if (!Desc.region_functions)
    return nullptr;
  uint32_t Wanted = 0;
  for (uint32_t R = 0; R < Desc.num_regions; ++R)
    Wanted += Desc.region_functions[R] != nullptr;
  UnwindIndex Index = UnwindIndex::ofObjectHolding(&Desc);
  if (!Wanted || Index.empty())
    return nullptr;
  size_t Bytes = Wanted * sizeof(SampledFunction);
  auto *Functions = static_cast<SampledFunction *>(reservePages(Bytes));
  if (!Functions)
    return nullptr;
  for (uint32_t R = 0; R < Desc.num_regions; ++R) {
    const void *Code = Desc.region_functions[R];
    if (!Code)
      continue;
    CodeExtent E = Index.functionAt(reinterpret_cast<uintptr_t>(Code));
    if (E.known())
      Functions[Count++] = {E.Begin, E.End, R};
  }
  auto ByAddress = [](const SampledFunction &A, const SampledFunction &B) {
    return A.Begin < B.Begin;
  };
  // Linkers keep a module's functions in the order it emitted them, mostly.
  if (!std::is_sorted(Functions, Functions + Count, ByAddress))
    std::sort(Functions, Functions + Count, ByAddress);
  return Functions;
}

Located locate(const energy_region *Entry) noexcept {
  uint32_t N = RangeCount.load(std::memory_order_acquire);
  for (uint32_t I = 0; I < N; ++I) {
    const AddressRange &R = Ranges[I];
    if (Entry < R.Begin.load(std::memory_order_relaxed) ||
        Entry >= R.End.load(std::memory_order_relaxed))
      continue;
    // An unloaded module's range: a module loaded again at its address
    // has a range of its own further on.
    ModuleRecord *M = R.Module.load(std::memory_order_acquire);
    if (!M)
      continue;
    return {M, uint32_t(Entry - R.Begin.load(std::memory_order_relaxed))};
  }
  return {};
}

/// The region a slot that begins a frame names (abi.h): an address; none
/// for a zero (a push under way) or a nested region's tag.
Located locateFrame(const energy_region *Slot) noexcept {
  auto Value = reinterpret_cast<uintptr_t>(Slot);
  if (!Value || (Value & 1))
    return {};
  return locate(Slot);
}

/// The nested region a slot above Frame's names, or none: a zero (closed),
/// or a tag longjmp left behind that names another function's region.
Located nestedRegion(const Located &Frame, const energy_region *Slot) noexcept {
  auto Value = reinterpret_cast<uintptr_t>(Slot);
  if (!(Value & 1))
    return {};
  uint64_t Region = Value >> 1;
  if (Region >= Frame.Module->NumRegions || Frame.Module->frameOf(uint32_t(Region)) != Frame.Region)
    return {};
  return {Frame.Module, uint32_t(Region)};
}

/// What the program would have done with a signal that is not ours.
void passOn(int Signal, siginfo_t *Info, void *Context) {
  if (ProgramAction.sa_flags & SA_SIGINFO) {
    if (ProgramAction.sa_sigaction)
      ProgramAction.sa_sigaction(Signal, Info, Context);
    return;
  }
  if (ProgramAction.sa_handler == SIG_IGN)
    return;
  if (ProgramAction.sa_handler != SIG_DFL) {
    ProgramAction.sa_handler(Signal);
    return;
  }
  // The default action (terminate): taken once this handler returns and
  // unblocks the signal, as if the runtime had never been there.
  signal(Signal, SIG_DFL);
  raise(Signal);
}

void onSample(int Signal, siginfo_t *Info, void *Context) {
  ThreadState *T = CurrentThread;
  if (!isTriggerSignal(T ? &T->Trigger : nullptr, Info, &TimerTag)) {
    passOn(Signal, Info, Context);
    return;
  }
  // One queued before the trigger stopped is dropped.
  if (!T || !T->HasSampleTimer)
    return;
  int SavedErrno = errno;
  uint64_t Periods = takeTriggerPeriods(T->Trigger);
  if (!CheckpointsOnly && Periods)
    recordSample(*T, __energy_region_stack, Periods, interruptedPc(Context));
  checkpointIfDue(Context);
  errno = SavedErrno;
}

bool installHandler() noexcept {
  struct sigaction Action = {};
  Action.sa_sigaction = onSample;
  Action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&Action.sa_mask);
  return sigaction(sampleSignal(), &Action, &ProgramAction) == 0;
}

} // namespace

bool startRegionSampling() noexcept {
  unsigned long RateHz = support::settings().SampleHz.value();
  if (RateHz == 0) {
    Problem = "ENERGY_SAMPLE_HZ=0 turned sampling off";
    return false;
  }
  if (!installHandler()) {
    Problem = "the sampling signal's handler could not be installed";
    return false;
  }
  PeriodNs = 1000000000ull / RateHz;
  Trigger = triggerChoiceFromEnvironment();
  Problem = nullptr;
  return true;
}

bool startCheckpointTimers(uint64_t Period) noexcept {
  if (!installHandler())
    return false;
  Trigger = triggerChoiceFromEnvironment();
  CheckpointsOnly = true;
  PeriodNs = Period;
  return true;
}

int sampleSignal() noexcept { return SIGRTMAX - 3; }

uint64_t samplePeriodNs() noexcept { return PeriodNs; }
const char *samplingProblem() noexcept { return Problem; }

bool addSampledModule(ModuleRecord &Rec, const energy_module &Desc) noexcept {
  uint32_t N = RangeCount.load(std::memory_order_relaxed);
  const energy_region *Regions = Desc.regions;
  if (N == MaxModules || !Regions)
    return false;
  Ranges[N].Begin.store(Regions, std::memory_order_relaxed);
  Ranges[N].End.store(Regions + Rec.NumRegions, std::memory_order_relaxed);
  Ranges[N].Functions = sampledFunctions(Desc, Ranges[N].NumFunctions);
  Ranges[N].Module.store(&Rec, std::memory_order_release);
  RangeCount.store(N + 1, std::memory_order_release);
  return true;
}

void removeSampledModule(const ModuleRecord &Rec) noexcept {
  uint32_t N = RangeCount.load(std::memory_order_acquire);
  for (uint32_t I = 0; I < N; ++I)
    if (Ranges[I].Module.load(std::memory_order_relaxed) == &Rec)
      Ranges[I].Module.store(nullptr, std::memory_order_release);
}

bool attachSampledThread(ThreadState &T) noexcept {
  auto *Slots = static_cast<const energy_region **>(reservePages(SlotBytes));
  if (!Slots)
    return false;
  energy_region_stack &Stack = __energy_region_stack;
  // What the thread pushed before it was attached (constructors that run
  // before the runtime's) stays on its stack.
  std::copy_n(Stack.open, std::min(Stack.depth, MaxWalked), Slots);
  T.OpenRegions = Slots;
  T.RegionStack = &Stack;
  Stack.open = Slots;
  return startThreadTimer(T);
}

void detachSampledThread(ThreadState &T) noexcept {
  stopThreadTimer(T);
  energy_region_stack &Stack = __energy_region_stack;
  if (Stack.open == T.OpenRegions)
    Stack.open = UnattachedSlots;
  T.RegionStack = nullptr;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  freeSampledSlots(T);
}

void freeSampledSlots(ThreadState &T) noexcept {
  freePages(T.OpenRegions, SlotBytes);
  T.OpenRegions = nullptr;
}

bool startThreadTimer(ThreadState &T) noexcept {
  if (!PeriodNs)
    return true;
  // Checkpoints need no jitter: only when one is due matters, not where.
  if (!startTrigger(T.Trigger, Trigger, sampleSignal(), &TimerTag, PeriodNs,
                    /*Jitter=*/!CheckpointsOnly))
    return false;
  T.TimerStartCpuNs = clockNs(CLOCK_THREAD_CPUTIME_ID);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  T.HasSampleTimer = true;
  return true;
}

void restartThreadTimerAfterFork(ThreadState &T) noexcept {
  T.HasSampleTimer = false;
  forgetInheritedTrigger(T.Trigger);
  startThreadTimer(T);
}

void stopThreadTimer(ThreadState &T) noexcept {
  if (!T.HasSampleTimer)
    return;
  T.HasSampleTimer = false;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  stopTrigger(T.Trigger);
  T.Diag.SampledCpuNs += clockNs(CLOCK_THREAD_CPUTIME_ID) - T.TimerStartCpuNs;
}

bool stopThreadTimerForExec(ThreadState &T) noexcept {
  if (!T.HasSampleTimer || !triggerIsCallers(T.Trigger))
    return false;
  sigset_t Sample, Before;
  sigemptyset(&Sample);
  sigaddset(&Sample, sampleSignal());
  pthread_sigmask(SIG_BLOCK, &Sample, &Before);
  stopThreadTimer(T);
  takeQueuedTriggerSignals(T.Trigger, sampleSignal(), &TimerTag);
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  return true;
}

void stopThreadTimerInCopy(ThreadState &T, uint64_t CpuNsAtCopy) noexcept {
  T.Diag.SampledCpuNs += timerCpuNsUntil(T, CpuNsAtCopy);
  T.HasSampleTimer = false;
}

uint64_t timerCpuNsUntil(const ThreadState &T, uint64_t CpuNs) noexcept {
  return T.HasSampleTimer && CpuNs > T.TimerStartCpuNs ? CpuNs - T.TimerStartCpuNs : 0;
}

uint64_t runningTimerCpuNs(const ThreadState &T) noexcept {
  return T.HasSampleTimer ? timerCpuNsUntil(T, clockNs(threadCpuClock(T.Tid))) : 0;
}

uint32_t innermostSampledRegion() noexcept { return innermostSampledRegion(__energy_region_stack); }

uint32_t innermostSampledRegion(const energy_region_stack &Stack) noexcept {
  uint32_t Depth = Stack.depth;
  uint32_t Lowest = Depth > MaxWalked ? Depth - MaxWalked : 0;
  auto At = [&](uint32_t I) { return Stack.open[I & SlotMask]; };
  // The highest slot in use is the innermost region: closed nested slots
  // above a frame's open ones are zero (abi.h). A tag's frame is the first
  // address below it.
  for (uint32_t I = Depth; I > Lowest;) {
    const energy_region *Top = At(--I);
    if (!Top)
      continue;
    uint32_t Frame = I;
    while (Frame > Lowest && (reinterpret_cast<uintptr_t>(At(Frame)) & 1))
      --Frame;
    Located F = locateFrame(At(Frame));
    if (!F.Module) {
      I = Frame;
      continue;
    }
    Located Nested = Frame == I ? Located{} : nestedRegion(F, Top);
    if (Nested.Module && I - Frame <= F.Module->innerSlots(F.Region))
      return F.Module->RegionBase + Nested.Region;
    return F.Module->RegionBase + F.Region;
  }
  return NoRegionOnTop;
}

namespace {

/// Per-region counters (ENERGY_REGION_EVENTS), sampled: what the thread
/// counted since its last sample, in Out; false without counters.
bool counterDeltas(ThreadState &T, double *Out) noexcept {
  if (!T.Counters)
    return false;
  unsigned N = T.Counters->size();
  std::copy_n(T.Counters->cumulative(), N, Out);
  T.Counters->sample();
  for (unsigned E = 0; E < N; ++E)
    Out[E] = T.Counters->cumulative()[E] - Out[E];
  return true;
}

/// Adds Deltas to one side (self: 0, inclusive: 1) of a region's counters.
void addCounters(RegionStats &S, const double *Deltas, unsigned N, unsigned Side) {
  if (!S.Counters)
    return;
  for (unsigned E = 0; E < N; ++E)
    S.Counters[Side * N + E] += Deltas[E];
}

} // namespace

void recordSample(ThreadState &T, const energy_region_stack &Stack, uint64_t Weight,
                  uintptr_t Pc) noexcept {
  double Deltas[MaxRegionEvents];
  bool Counted = counterDeltas(T, Deltas);
  unsigned Events = Counted ? T.Counters->size() : 0;
  uint32_t Depth = Stack.depth;
  const energy_region *const *Open = Stack.open;
  uint32_t Known = std::min(Depth, MaxWalked);
  T.Diag.Samples += Weight;
  if (Depth > MaxWalked)
    T.Diag.DeepSamples += Weight;
  uint64_t Stamp = ++T.SampleStamp;
  uint32_t Node = RootPath;
  RegionStats *Innermost = nullptr;
  uint32_t InnermostId = NoRegionOnTop;
  // Credits an open region (or the unmarked function the sample is in) with
  // inclusive time and the call path; false when it is no known region.
  auto creditOpen = [&](Located L) {
    ModuleSlot *Slot = L.Module ? T.slot(L.Module->Ordinal) : nullptr;
    if (L.Module && !Slot)
      Slot = Runtime::get().adoptModules(T, *L.Module);
    if (!Slot || L.Region >= Slot->NumRegions)
      return false;
    RegionStats &S = Slot->Stats[L.Region];
    uint32_t Id = L.Module->RegionBase + L.Region;
    if (S.SampleStamp == Stamp) {
      // Recursion: back on the path of its outermost instance, as exact
      // timing collapses it.
      Node = S.OpenPath;
    } else {
      S.SampleStamp = Stamp;
      S.InclusiveTicks += Weight;
      S.InclusiveSquares += Weight * Weight;
      addCounters(S, Deltas, Events, 1);
      Node = T.Paths.find(Node, Id);
      if (Node == NoPath)
        ++T.Diag.UntrackedCallPaths;
      S.OpenPath = Node;
    }
    Innermost = &S;
    InnermostId = Id;
    return true;
  };
  // Frame by frame: a function's slot, then its open nested regions in the
  // slots it keeps above it (abi.h).
  for (uint32_t I = 0; I < Known;) {
    Located Frame = locateFrame(Open[I]);
    if (!creditOpen(Frame)) {
      ++T.Diag.UnknownSampleFrames;
      ++I;
      continue;
    }
    // An address among the frame's slots begins the next frame after all:
    // the one at I was stale (a push under way, which a handler of the
    // program's may have interrupted), and trusting its K would skip it.
    uint32_t Next = std::min(I + 1 + Frame.Module->innerSlots(Frame.Region), Known);
    bool InPrefix = true;
    for (uint32_t J = I + 1; J < Next; ++J) {
      auto Value = reinterpret_cast<uintptr_t>(Open[J]);
      if (Value && !(Value & 1)) {
        Next = J;
        break;
      }
      Located Nested = InPrefix ? nestedRegion(Frame, Open[J]) : Located{};
      InPrefix = Nested.Module != nullptr;
      if (InPrefix)
        creditOpen(Nested);
    }
    I = Next;
  }
  if (Pc)
    if (Located L = locateCode(Pc); L.Module)
      creditOpen(L);
  T.TopRegion.store(InnermostId, std::memory_order_relaxed);
  if (!Innermost) {
    T.Diag.OutsideSamples += Weight;
    return;
  }
  Innermost->SelfTicks += Weight;
  Innermost->SelfSquares += Weight * Weight;
  addCounters(*Innermost, Deltas, Events, 0);
  if (Node != NoPath)
    T.Paths.Nodes[Node].SelfTicks += Weight;
}

void pushSampledRegion(const energy_region *Entry) noexcept {
  energy_region_stack &Stack = __energy_region_stack;
  uint32_t Depth = Stack.depth;
  Stack.depth = Depth + 1;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  Stack.open[Depth & SlotMask] = Entry;
}

void popSampledRegion(const energy_region *Entry) noexcept {
  energy_region_stack &Stack = __energy_region_stack;
  uint32_t Depth = Stack.depth;
  uint32_t Lowest = Depth > ENERGY_REGION_STACK_SLOTS ? Depth - ENERGY_REGION_STACK_SLOTS : 0;
  // The topmost instance: frames above it were skipped (longjmp).
  for (uint32_t I = Depth; I-- > Lowest;) {
    if (Stack.open[I & SlotMask] == Entry) {
      Stack.depth = I;
      return;
    }
  }
  if (Depth)
    Stack.depth = Depth - 1;
}

} // namespace energy::rt
