//===- Runtime.cpp - Registry, thread merging, fork handling, final report ===//
#include "Runtime.h"

#include "Checkpoint.h"
#include "Clock.h"
#include "PageMemory.h"
#include "RegionSampling.h"
#include "ReportBuilder.h"
#include "ReportLocation.h"
#include "ReportWriter.h"
#include "SignalEndings.h"
#include "support/Settings.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

namespace energy::rt {

constinit thread_local ThreadState *CurrentThread = nullptr;
std::atomic<bool> SampledTiming{false};

namespace {

/// Set while the calling thread holds the runtime's lock (or is inside a
/// locked section): a signal handler that interrupts it and runs instrumented
/// code must not wait for a lock its own thread holds.
thread_local bool InRuntime = false;
/// The thread's exit hook has run: later entries in this thread (from
/// thread_local destructors that run after it) are not timed.
thread_local bool ThreadDetached = false;
/// prepareFork took the lock, so the fork handlers must release it.
thread_local bool ForkHoldsLock = false;

constexpr uint32_t InitialFrames = 64;

/// Takes the runtime's lock unless the thread already is inside the runtime.
/// The flag is raised before locking and lowered after unlocking, so that a
/// signal arriving while the lock is being taken or released backs off too.
class LockedSection {
public:
  explicit LockedSection(std::mutex &M) : M(M) {
    if (InRuntime)
      return;
    InRuntime = Owns = true;
    M.lock();
  }
  ~LockedSection() {
    if (!Owns)
      return;
    M.unlock();
    InRuntime = false;
  }
  bool owns() const { return Owns; }

private:
  std::mutex &M;
  bool Owns = false;
};

/// Thread-specific data destructors run in the exiting thread after its
/// thread_local destructors (which may still run instrumented code) and
/// before its thread_local storage (the modules' counter arrays) goes away.
/// Setting the key needs no allocation, unlike registering a thread_local
/// destructor, so a thread's first region entry can happen in a signal
/// handler.
pthread_key_t ThreadExitKey;

void threadExitHook(void *State) {
  if (State && State == CurrentThread)
    Runtime::get().detachThread(*CurrentThread);
}

bool isMainThread() { return gettid() == getpid(); }

// A stack starts with InitialFrames and never shrinks below it; its bound
// and the call paths' are counted in 32 bits.
static_assert(support::bounds::MaxDepth.Min == InitialFrames &&
              support::bounds::MaxDepth.Max <= UINT32_MAX &&
              support::bounds::CallPaths.Max <= UINT32_MAX);

void finalReportAtExit() { Runtime::get().writeFinalReport(); }

double processCpuSeconds() {
  rusage Usage;
  if (getrusage(RUSAGE_SELF, &Usage) != 0)
    return 0;
  auto Seconds = [](const timeval &T) { return double(T.tv_sec) + double(T.tv_usec) * 1e-6; };
  return Seconds(Usage.ru_utime) + Seconds(Usage.ru_stime);
}
/// Takes the lock for a copy of the process from any context, a signal
/// handler included: waits for another thread that holds it (a thread's
/// start or end, another snapshot) no longer than the copy itself may take.
bool lockForCopy(std::mutex &M) {
  constexpr long PollMs = 1;
  for (long Waited = 0; Waited < long(ReportCopyTimeoutSeconds) * 1000; Waited += PollMs) {
    if (M.try_lock())
      return true;
    timespec Delay{0, PollMs * 1000000};
    nanosleep(&Delay, nullptr);
  }
  return false;
}

void prepareForkHandler() { Runtime::get().prepareFork(); }
void parentForkHandler() { Runtime::get().afterForkInParent(); }
void childForkHandler() { Runtime::get().afterForkInChild(); }

} // namespace

Runtime &Runtime::get() {
  static Runtime *Instance = new Runtime();
  return *Instance;
}

bool Runtime::initialise(const energy_module &First) noexcept {
  if (Initialised)
    return true;
  // Every setting is read now, before any handler that asks for one (a
  // signal's, a thread's start) can run.
  support::settings();
  // The first module decides how the process is timed (adoptTiming).
  if (First.timing == ENERGY_TIMING_SAMPLED) {
    SampledTiming.store(true, std::memory_order_relaxed);
    startRegionSampling();
  }
  try {
    Process = ProcessInfo::capture();
  } catch (...) {
    Process = ProcessInfo{};
  }
  MaxDepth = uint32_t(support::settings().MaxDepth.value());
  MaxCallPaths = uint32_t(support::settings().CallPaths.value());
  chooseClock();
  Origin = ClockOrigin::now();
  Process.Pid = getpid();
  if (std::atexit(finalReportAtExit) != 0) {
    std::fprintf(stderr, "energypass: cannot register the exit handler; no "
                         "report will be written\n");
    return false;
  }
  if (pthread_key_create(&ThreadExitKey, threadExitHook) != 0) {
    std::fprintf(stderr, "energypass: no thread-specific key left; threads "
                         "will not be measured\n");
    return false;
  }
  pthread_atfork(prepareForkHandler, parentForkHandler, childForkHandler);
  installSignalEndings();
  // A process timed exactly has no sampling timers: its threads get timers
  // of their own for checkpoints; one with ENERGY_SAMPLE_HZ=0 asked for no
  // timer at all.
  bool Sampled = SampledTiming.load(std::memory_order_relaxed);
  if (startCheckpoints(!Sampled || samplePeriodNs() != 0) && !Sampled)
    startCheckpointTimers(CheckpointTimerNs);
  Initialised = true;
  Measure.start();
  return true;
}

void Runtime::registerModule(energy_module *Desc) noexcept {
  if (Desc->abi_version != ENERGY_ABI_VERSION) {
    std::fprintf(stderr,
                 "energypass: module %s was instrumented for ABI version %u, "
                 "this runtime reads version %u; rebuild it with this "
                 "EnergyPass (its regions are not measured)\n",
                 Desc->source ? Desc->source : "?", Desc->abi_version, ENERGY_ABI_VERSION);
    return;
  }
  LockedSection L(Lock);
  if (!L.owns() || Desc->runtime || !initialise(*Desc))
    return;
  std::string Problem;
  ModuleRecord *Rec = ModuleRecord::create(Desc, uint32_t(Modules.size()), TotalRegions, Problem);
  if (Rec) {
    try {
      Modules.push_back(Rec);
    } catch (const std::bad_alloc &) {
      delete Rec;
      Rec = nullptr;
      Problem = "out of memory";
    }
  }
  if (!Rec) {
    std::fprintf(stderr, "energypass: module %s not measured: %s\n",
                 Desc->source ? Desc->source : "?", Problem.c_str());
    return;
  }
  TotalRegions += Rec->NumRegions;
  Desc->runtime = Rec;
  keepCountsOnFile(*Rec);
  adoptTiming(*Rec, *Desc);
}

// The first continuous module creates the file (with every module's tables
// so far); the registering thread's array is mapped now, others' when their
// threads adopt the module. The registering thread is attached, so that its
// exit hook takes its arrays off the file before its TLS is reused.
void Runtime::keepCountsOnFile(const ModuleRecord &Rec) noexcept {
  if (Continuous.active())
    Continuous.addModule(Rec);
  else if (Rec.Continuous)
    Continuous.start(Process, Origin.RealtimeNs, Modules);
  if (!Rec.Continuous || !Continuous.active())
    return;
  if (!CurrentThread)
    attachLocked();
  Continuous.mapCallingThread(Rec, Rec.callingThreadCounters());
}

// A sampled process samples every module's regions, exact ones through the
// entry points' pushes; an exact process cannot time a sampled module, whose
// pushes nobody reads. The registering thread is attached now: sampled code
// never calls into the runtime, so this (and pthread_create) is its chance.
void Runtime::adoptTiming(ModuleRecord &Rec, const energy_module &Desc) noexcept {
  if (!SampledTiming.load(std::memory_order_relaxed)) {
    Rec.Timed = Rec.Timing == ENERGY_TIMING_EXACT;
    return;
  }
  Rec.Timed = addSampledModule(Rec, Desc);
  if (!CurrentThread)
    attachLocked();
}

void Runtime::unregisterModule(energy_module *Desc) noexcept {
  auto *Rec = static_cast<ModuleRecord *>(Desc->runtime);
  if (!Rec)
    return;
  LockedSection L(Lock);
  if (!L.owns())
    return;
  removeSampledModule(*Rec);
  Continuous.releaseModule(Rec->Ordinal);
  if (!Finished) {
    for (ThreadState *T = Threads; T; T = T->Next) {
      if (Rec->Ordinal >= T->NumSlots)
        continue;
      ModuleSlot &S = T->Slots[Rec->Ordinal];
      if (T != CurrentThread)
        Rec->addCounters(S.Counters);
      S.Counters = nullptr;
    }
    if (uint64_t *Mine = Rec->callingThreadCounters()) {
      Rec->addCounters(Mine);
      std::memset(Mine, 0, Rec->Counts.size() * sizeof(uint64_t));
    }
  }
  // After the report (module destructors run after the exit handler) the
  // tables are not needed any more: copying them would only slow the exit.
  if (Finished)
    Rec->forget();
  else
    Rec->retire();
  Desc->runtime = nullptr;
}

ThreadState *Runtime::attachThread() noexcept {
  if (ThreadDetached)
    return nullptr;
  LockedSection L(Lock);
  if (!L.owns())
    return nullptr;
  return attachLocked();
}

ThreadState *Runtime::attachLocked() noexcept {
  ThreadState *T = ThreadState::create(gettid(), InitialFrames, MaxCallPaths);
  if (!T)
    return nullptr;
  link(*T);
  CurrentThread = T;
  pthread_setspecific(ThreadExitKey, T);
  if (SampledTiming.load(std::memory_order_relaxed))
    attachSampledThread(*T);
  else
    startThreadTimer(*T); // for checkpoints, when there are
  Measure.attachCallingThread(*T);
  attachRegionCounters(*T);
  // Every module now, so that the thread's counters can be merged from
  // another thread (process exit, dlclose) even for modules it never
  // entered a region of.
  adoptAllModules(*T);
  return T;
}

void Runtime::attachThreadIfMeasuring() noexcept {
  bool Measuring;
  {
    LockedSection L(Lock);
    Measuring = L.owns() && Initialised && !Finished && !Modules.empty();
  }
  if (Measuring && !CurrentThread)
    attachThread();
}

void Runtime::detachThread(ThreadState &T) noexcept {
  // The main thread's figures are merged by the exit handler, which also
  // catches what runs in other exit handlers after this hook.
  if (isMainThread())
    return;
  LockedSection L(Lock);
  if (!L.owns())
    return;
  // The meters' sampler reads the thread's region stack until it is told.
  Measure.detachCallingThread(T);
  detachSampledThread(T);
  // Before the merge zeroes the arrays, and before the C library may reuse
  // or free the thread's TLS: the file keeps what the thread counted.
  Continuous.releaseCallingThread();
  if (!Finished)
    mergeThread(T, clockTicks(), /*OnItsOwnThread=*/true);
  unlink(T);
  // Forget the state before freeing it: a signal handler may enter a region
  // at any point here.
  CurrentThread = nullptr;
  ThreadDetached = true;
  ThreadState::destroy(&T);
}

// Before the thread adopts any module: counter storage comes with the slots.
void Runtime::attachRegionCounters(ThreadState &T) noexcept {
  std::unique_ptr<ThreadCounters> Counters = Measure.regionCounting().openForCallingThread();
  if (!Counters)
    return;
  void *Frames = allocatePages(size_t(T.Capacity) * Counters->stride() * sizeof(double));
  if (!Frames)
    return;
  T.CounterFrames = static_cast<double *>(Frames);
  T.Counters = Counters.release();
}

ModuleSlot *Runtime::adoptModules(ThreadState &T, const ModuleRecord &Rec) noexcept {
  LockedSection L(Lock);
  if (!L.owns())
    return nullptr;
  adoptAllModules(T);
  return T.slot(Rec.Ordinal);
}

void Runtime::adoptAllModules(ThreadState &T) noexcept {
  uint32_t Wanted = uint32_t(Modules.size());
  if (T.SlotCapacity < Wanted) {
    uint32_t Capacity = std::max({Wanted, 2 * T.SlotCapacity, 4u});
    void *Grown =
        T.growArray(T.Slots, T.SlotCapacity * sizeof(ModuleSlot), Capacity * sizeof(ModuleSlot));
    if (!Grown)
      return;
    T.Slots = static_cast<ModuleSlot *>(Grown);
    T.SlotCapacity = Capacity;
  }
  for (ModuleRecord *M : Modules) {
    ModuleSlot &S = T.Slots[M->Ordinal];
    if (S.Stats || M->unloaded())
      continue;
    S.Counters = M->callingThreadCounters();
    Continuous.mapCallingThread(*M, S.Counters);
    S.Stats = static_cast<RegionStats *>(allocatePages(M->NumRegions * sizeof(RegionStats)));
    S.NumRegions = S.Stats ? M->NumRegions : 0;
    if (size_t Stride = T.counterStride(); Stride && S.Stats) {
      // Without this memory the module's regions keep their time, not counts.
      S.CounterStats =
          static_cast<double *>(allocatePages(M->NumRegions * Stride * sizeof(double)));
      for (uint32_t R = 0; S.CounterStats && R < M->NumRegions; ++R)
        S.Stats[R].Counters = S.CounterStats + R * Stride;
    }
  }
  T.NumSlots = Wanted;
}

bool Runtime::growFrames(ThreadState &T) noexcept {
  if (T.Capacity >= MaxDepth)
    return false;
  LockedSection L(Lock);
  if (!L.owns())
    return false;
  uint32_t NewCapacity = T.Capacity * 2 < MaxDepth ? T.Capacity * 2 : MaxDepth;
  if (size_t Stride = T.counterStride()) {
    void *GrownCounters = T.growArray(T.CounterFrames, T.Capacity * Stride * sizeof(double),
                                      NewCapacity * Stride * sizeof(double));
    if (!GrownCounters)
      return false;
    T.CounterFrames = static_cast<double *>(GrownCounters);
  }
  void *Grown = T.growArray(T.Frames, T.Capacity * sizeof(Frame), NewCapacity * sizeof(Frame));
  if (!Grown)
    return false;
  T.Frames = static_cast<Frame *>(Grown);
  T.Capacity = NewCapacity;
  return true;
}

void Runtime::mergeThread(ThreadState &T, uint64_t Now, bool OnItsOwnThread) noexcept {
  bool Alone = ThreadsMerged == 0 && Threads == &T && !T.Next;
  ThreadRecords.add(summariseThread(T, Modules, pid_t(Process.Pid), OnItsOwnThread, Alone));
  for (uint32_t I = 0; I < T.NumSlots; ++I) {
    const RegionStats *Stats = T.Slots[I].Stats;
    if (!Stats)
      continue;
    ModuleRecord &M = *Modules[I];
    for (uint32_t R = 0; R < M.NumRegions; ++R) {
      M.Totals[R].Calls += Stats[R].Calls;
      M.Totals[R].InclusiveTicks += Stats[R].InclusiveTicks;
      M.Totals[R].SelfTicks += Stats[R].SelfTicks;
      M.Totals[R].SelfSquares += Stats[R].SelfSquares;
      M.Totals[R].InclusiveSquares += Stats[R].InclusiveSquares;
    }
    if (!OnItsOwnThread)
      M.addCounters(T.Slots[I].Counters);
  }
  try {
    std::vector<uint32_t> TreeNodes = Tree.merge(T.Paths);
    for (const auto &Share : T.openFrameShares(Now)) {
      if (Share.Path != NoPath)
        Tree.addSelf(TreeNodes[Share.Path], Share.SelfTicks);
      for (uint32_t I = 0; I < T.NumSlots; ++I) {
        const RegionStats *Base = T.Slots[I].Stats;
        ModuleRecord &M = *Modules[I];
        if (!Base || Share.Stats < Base || Share.Stats >= Base + M.NumRegions)
          continue;
        RegionTotals &Tot = M.Totals[Share.Stats - Base];
        Tot.SelfTicks += Share.SelfTicks;
        Tot.InclusiveTicks += Share.InclusiveTicks;
        break;
      }
    }
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr,
                 "energypass: out of memory: the open regions of "
                 "thread %d are left out of the report\n",
                 int(T.Tid));
  }
  if (T.Counters)
    mergeRegionCounters(T, OnItsOwnThread);
  if (OnItsOwnThread)
    mergeCallingThreadCounters();
  Diag.add(T.Diag);
  Diag.SampledCpuNs += runningTimerCpuNs(T);
  ++ThreadsMerged;
}

void Runtime::mergeRegionCounters(ThreadState &T, bool OnItsOwnThread) noexcept {
  unsigned Stride = T.Counters->stride();
  for (uint32_t I = 0; I < T.NumSlots; ++I) {
    const RegionStats *Stats = T.Slots[I].Stats;
    for (uint32_t R = 0; Stats && R < Modules[I]->NumRegions; ++R)
      Modules[I]->addRegionCounters(R, Stats[R].Counters, Stride);
  }
  // Another thread still runs: read its group without touching its state.
  double Now[MaxRegionEvents];
  if (OnItsOwnThread) {
    T.Counters->sample();
    std::copy_n(T.Counters->cumulative(), T.Counters->size(), Now);
  } else {
    T.Counters->peek(Now);
  }
  try {
    std::vector<double> Shares = T.openFrameCounterShares(Now);
    // Innermost first, as openFrameCounterShares lists them.
    for (uint32_t Frame = T.Depth, At = 0; Frame-- > 0; At += Stride) {
      const RegionStats *Open = T.Frames[Frame].Stats;
      for (uint32_t I = 0; I < T.NumSlots; ++I) {
        const RegionStats *Base = T.Slots[I].Stats;
        if (!Base || Open < Base || Open >= Base + Modules[I]->NumRegions)
          continue;
        Modules[I]->addRegionCounters(uint32_t(Open - Base), &Shares[At], Stride);
        break;
      }
    }
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr,
                 "energypass: out of memory: the open regions' counters of "
                 "thread %d are left out of the report\n",
                 int(T.Tid));
  }
  Measure.regionCounting().merge(*T.Counters);
}

// Zeroing what was merged makes later increments in this thread (exit
// handlers that run after the merge) a clean delta, never counted twice.
void Runtime::mergeCallingThreadCounters(bool Zero) noexcept {
  for (ModuleRecord *M : Modules) {
    if (uint64_t *Mine = M->callingThreadCounters()) {
      M->addCounters(Mine);
      if (Zero)
        std::memset(Mine, 0, M->Counts.size() * sizeof(uint64_t));
    }
  }
}

void Runtime::discardCallingThreadCounters() noexcept {
  for (ModuleRecord *M : Modules)
    if (uint64_t *Mine = M->callingThreadCounters())
      std::memset(Mine, 0, M->Counts.size() * sizeof(uint64_t));
}

void Runtime::link(ThreadState &T) noexcept {
  T.Prev = nullptr;
  T.Next = Threads;
  if (Threads)
    Threads->Prev = &T;
  Threads = &T;
}

void Runtime::unlink(ThreadState &T) noexcept {
  (T.Prev ? T.Prev->Next : Threads) = T.Next;
  if (T.Next)
    T.Next->Prev = T.Prev;
  T.Prev = T.Next = nullptr;
}

/// The energy model, loaded before the runtime's lock is taken (it reads a
/// file); the address names the library the default model lies beside.
static ModelChoice defaultModel() noexcept {
  ModelChoice Model;
  try {
    Model = loadDefaultModel(reinterpret_cast<const void *>(&finalReportAtExit));
  } catch (...) {
    Model.Problem = "out of memory while loading the energy model";
  }
  return Model;
}

void Runtime::writeFinalReport() noexcept {
  ModelChoice Model = defaultModel();
  // Join the sampler before taking the runtime lock: a thread's exit hook
  // takes that lock, so joining under it could wait forever.
  Measure.stop();
  LockedSection L(Lock);
  if (!L.owns()) {
    std::fprintf(stderr, "energypass: exit() called from a signal handler "
                         "that interrupted the runtime; no report written\n");
    return;
  }
  if (!Initialised || Finished)
    return;
  endCheckpointCopy();
  // The merge zeroes this thread's arrays: the file keeps them, should the
  // report not be written; once it is, the file is not needed.
  Continuous.releaseCallingThread();
  mergeEverything(/*InCopy=*/false);
  if (writeReport(Model))
    Continuous.remove();
}

// In a copy the calling thread's state is read as another thread's: its
// counters through their slots and its perf group through read(2), since
// rdpmc would read the copy's own counters.
void Runtime::mergeEverything(bool InCopy) noexcept {
  // Its handler must not add to the paths being merged.
  if (CurrentThread && !InCopy)
    stopThreadTimer(*CurrentThread);
  uint64_t Now = clockTicks();
  bool CallerMerged = false;
  for (ThreadState *T = Threads; T; T = T->Next) {
    mergeThread(*T, Now, T == CurrentThread && !InCopy);
    CallerMerged |= T == CurrentThread;
  }
  if (!CallerMerged)
    mergeCallingThreadCounters(/*Zero=*/!InCopy);
  Finished = true;
}

void Runtime::noteWhatTheCopyCannotRead() noexcept {
  CopiedThreadCpuNs = clockNs(CLOCK_THREAD_CPUTIME_ID);
  CopiedOtherTimersCpuNs = 0;
  for (ThreadState *T = Threads; T; T = T->Next) {
    T->CpuNsAtCopy = T == CurrentThread ? CopiedThreadCpuNs : clockNs(threadCpuClock(T->Tid));
    if (T != CurrentThread)
      CopiedOtherTimersCpuNs += timerCpuNsUntil(*T, T->CpuNsAtCopy);
  }
  CopiedProcessCpuSeconds = processCpuSeconds();
}

bool Runtime::writeReportFromCopy(CopyCause Cause, int Signal) noexcept {
  if (InRuntime)
    return false;
  InRuntime = true;
  bool Written = false;
  if (lockForCopy(Lock)) {
    // Holding the lock, no other thread is halfway through a merge, an
    // attach or an unload when the copy is made.
    if (Initialised && !Finished) {
      endCheckpointCopy();
      noteWhatTheCopyCannotRead();
      CopyWhy = Cause;
      CopySignal = Signal;
      Written = runInCopy(reportInCopy, this);
      CopiedProcessCpuSeconds = -1;
    }
    Lock.unlock();
  }
  InRuntime = false;
  return Written;
}

// Called from a sampling handler, which must not wait: a busy lock means
// another sample tries again shortly. Every signal waits meanwhile: an
// ending signal's handler would find the runtime busy and write no report.
bool Runtime::writeCheckpointFromCopy() noexcept {
  if (InRuntime)
    return false;
  sigset_t All, Before;
  sigfillset(&All);
  pthread_sigmask(SIG_SETMASK, &All, &Before);
  InRuntime = true;
  bool Decided = Lock.try_lock();
  if (Decided) {
    if (Initialised && !Finished && !checkpointCopyWriting()) {
      noteWhatTheCopyCannotRead();
      CopyIsCheckpoint = true;
      adoptCheckpointCopy(startCopy(reportInCopy, this));
      CopyIsCheckpoint = false;
      CopiedProcessCpuSeconds = -1;
    }
    Lock.unlock();
  }
  InRuntime = false;
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  return Decided;
}

int Runtime::reportInCopy(void *Self) noexcept {
  return static_cast<Runtime *>(Self)->writeReportAsCopy();
}

// The copy holds the lock (taken before it was made) and is the only thread
// of its process: the sampler and the starter are the original's.
int Runtime::writeReportAsCopy() noexcept {
  // Nothing a checkpoint's copy says (a model that cannot be read, a report
  // that cannot be written) reaches the program's stderr every period: the
  // final report says it once. The copy's descriptors are its own.
  if (CopyIsCheckpoint)
    if (int Null = open("/dev/null", O_WRONLY | O_CLOEXEC); Null >= 0)
      dup2(Null, STDERR_FILENO);
  Measure.abandonAfterFork();
  if (CurrentThread)
    stopThreadTimerInCopy(*CurrentThread, CopiedThreadCpuNs);
  ModelChoice Model = defaultModel();
  mergeEverything(/*InCopy=*/true);
  // The copy cannot read the other threads' CPU clocks (they are another
  // process's now: runningTimerCpuNs gave 0 in mergeThread), so the
  // original read them.
  Diag.SampledCpuNs += CopiedOtherTimersCpuNs;
  if (!writeReport(Model))
    return 1;
  // The original ends by its signal next: its report is this one.
  if (!CopyIsCheckpoint && CopyWhy == CopyCause::SignalEnding)
    Continuous.remove();
  return 0;
}

bool Runtime::writeReport(const ModelChoice &Model) noexcept {
  std::string Path;
  try {
    double CpuSeconds =
        CopiedProcessCpuSeconds >= 0 ? CopiedProcessCpuSeconds : processCpuSeconds();
    RunSummary Run{Modules,
                   Diag,
                   ThreadsMerged,
                   ThreadRecords,
                   Origin.RealtimeNs,
                   double(monotonicNs() - Origin.MonotonicNs) * 1e-9,
                   Origin.secondsPerTick(),
                   SampledTiming.load(std::memory_order_relaxed),
                   double(samplePeriodNs()) * 1e-9,
                   samplingProblem(),
                   CpuSeconds,
                   Process,
                   Measure,
                   Tree,
                   CopyIsCheckpoint ? checkpointSpacingSeconds() : 0.0};
    // Only a copy writes a snapshot or a signal's report: the exit handler's
    // final report and a checkpoint say neither.
    if (CopiedProcessCpuSeconds >= 0 && !CopyIsCheckpoint) {
      std::string By = CopySignal ? signalName(CopySignal) : "energy_dump";
      (CopyWhy == CopyCause::Snapshot ? Run.SnapshotRequestedBy : Run.EndedBySignal) = By;
    }
    JsonText Report = reportText(Run, Model);
    ReportLocation Location =
        ReportLocation::choose(Process, (long long)(Origin.RealtimeNs / 1000000000u));
    std::string Error;
    Path = Location.prepare(Error);
    if (Path.empty()) {
      sayOnStderr("energypass: no report written: " + Error);
      return false;
    }
    std::string_view Text = Report.finishLine();
    bool Written = CopyIsCheckpoint ? writeCheckpointAtomically(Path, Text, Error)
                                    : writeFileAtomically(Path, Text, Error);
    if (!Written) {
      sayOnStderr("energypass: cannot write the report to " + Path + ": " + Error);
      return false;
    }
    // `last` names the newest report a run finished (or a snapshot it asked
    // for): a long run's checkpoints must not take it from the short runs
    // that end meanwhile.
    bool Remembered = CopyIsCheckpoint || Location.remember(Path, Error);
    if (announceReports()) {
      sayOnStderr("energypass: report written to " + Path);
      if (!Remembered)
        sayOnStderr("energypass: " + Error);
    }
  } catch (const std::exception &E) {
    sayOnStderr(std::string("energypass: no report written: ") + E.what());
    return false;
  } catch (...) {
    sayOnStderr("energypass: no report written: unexpected error");
    return false;
  }
  return true;
}

void Runtime::adoptJobFromMpi(const JobInfo &Job) noexcept {
  LockedSection L(Lock);
  if (!L.owns() || Process.Job.inJob())
    return;
  try {
    Process.Job = Job;
  } catch (const std::bad_alloc &) {
    Process.Job = JobInfo{};
  }
}

void Runtime::prepareFork() noexcept {
  // The child must not copy the meters half-probed.
  Measure.awaitStart();
  if (InRuntime)
    return;
  InRuntime = ForkHoldsLock = true;
  Lock.lock();
}

void Runtime::afterForkInParent() noexcept {
  if (!ForkHoldsLock)
    return;
  Lock.unlock();
  ForkHoldsLock = InRuntime = false;
}

void Runtime::afterForkInChild() noexcept {
  if (!ForkHoldsLock)
    return;
  resetAfterFork();
  Lock.unlock();
  ForkHoldsLock = InRuntime = false;
}

void Runtime::resetAfterFork() noexcept {
  uint64_t Now = clockTicks();
  Origin = ClockOrigin::now();
  Process.Pid = getpid();
  // First: the arrays discarded below are, on the continuous counts file,
  // the parent's until the child has a file of its own.
  Continuous.restartAfterFork(Process, Origin.RealtimeNs, Modules);
  for (ThreadState *T = Threads, *Next; T; T = Next) {
    Next = T->Next;
    if (T == CurrentThread)
      continue;
    unlink(*T);
    ThreadState::destroy(T);
  }
  for (ModuleRecord *M : Modules) {
    M->resetTotals();
    M->CountsBeganMidCall = true;
  }
  if (ThreadState *Me = CurrentThread) {
    for (uint32_t I = 0; I < Me->NumSlots; ++I) {
      RegionStats *Stats = Me->Slots[I].Stats;
      for (uint32_t R = 0; Stats && R < Modules[I]->NumRegions; ++R)
        Stats[R] =
            RegionStats{0, 0, 0, Stats[R].Active, Stats[R].OpenPath, 0, 0, 0, Stats[R].Counters};
      if (double *Counts = Me->Slots[I].CounterStats)
        std::fill_n(Counts, size_t(Modules[I]->NumRegions) * Me->counterStride(), 0.0);
    }
    Me->restartAfterFork(Now);
    restartThreadTimerAfterFork(*Me);
  }
  discardCallingThreadCounters();
  Measure.abandonAfterFork();
  Measure.regionCounting().resetFigures();
  Tree.clear();
  Diag = Diagnostics{};
  ThreadsMerged = 0;
  ThreadRecords.clear();
  Finished = false;
  restartCheckpointsAfterFork();
}

} // namespace energy::rt
