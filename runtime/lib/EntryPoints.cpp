//===- EntryPoints.cpp - The ABI functions instrumented code calls --------===//
//
// The entry points of include/energy/abi.h, the hook of
// energy/regions.h's un-lowered markers, and the MPI layer's report of its
// job: the only symbols the library exports. Enter and exit are the hot path
// of exact timing: a thread-local load, the clock, and a few writes to the
// calling thread's own frame and statistics. In a process timed by sampling
// they push and pop the region stack instead, as sampled code does inline
// (RegionSampling.h).
//
//===----------------------------------------------------------------------===//
#include "Clock.h"
#include "ModuleRecord.h"
#include "RegionSampling.h"
#include "Runtime.h"
#include "ThreadState.h"

#include "energy/abi.h"

#define ENERGY_EXPORT extern "C" __attribute__((visibility("default")))

using namespace energy::rt;

/// Called by each instrumented module's constructor. Thread-safe (takes the
/// runtime's lock); registering the same descriptor twice is harmless.
ENERGY_EXPORT void __energy_register_module(energy_module *Module) {
  if (Module)
    Runtime::get().registerModule(Module);
}

/// Called by each instrumented module's destructor (dlclose, or process exit
/// after the report is written). Thread-safe (takes the runtime's lock):
/// merges the module's counts from every thread and keeps a copy of its
/// tables, since its memory is about to go away.
ENERGY_EXPORT void __energy_unregister_module(energy_module *Module) {
  if (Module)
    Runtime::get().unregisterModule(Module);
}

/// Called at a region's entry. Thread-safe without locks: it only touches the
/// calling thread's state (created on the thread's first entry). Safe to call
/// from a signal handler, which at worst loses that entry.
ENERGY_EXPORT void __energy_region_enter(energy_module *Module, uint32_t Region) {
  auto Sp = reinterpret_cast<uintptr_t>(__builtin_dwarf_cfa());
  auto *Rec = static_cast<ModuleRecord *>(Module->runtime);
  if (ENERGY_UNLIKELY(!Rec || Region >= Rec->NumRegions))
    return;
  if (SampledTiming.load(std::memory_order_relaxed)) {
    pushSampledRegion(Module->regions + Region);
    return;
  }
  ThreadState *T = CurrentThread;
  if (ENERGY_UNLIKELY(!T) && !(T = Runtime::get().attachThread()))
    return;
  ModuleSlot *Slot = T->slot(Rec->Ordinal);
  if (ENERGY_UNLIKELY(!Slot) && !(Slot = Runtime::get().adoptModules(*T, *Rec))) {
    ++T->Diag.DroppedEnters;
    return;
  }
  T->enter(Slot->Stats + Region, Sp, clockTicks(), *Rec, Region, Rec->RegionBase + Region);
}

/// Called at every exit of a region. Thread-safe without locks, like enter.
/// Regions whose exits were skipped (exceptions through code without
/// cleanups, longjmp) are closed here, recognised by their stack address.
ENERGY_EXPORT void __energy_region_exit(energy_module *Module, uint32_t Region) {
  uint64_t Now = clockTicks();
  auto Sp = reinterpret_cast<uintptr_t>(__builtin_dwarf_cfa());
  auto *Rec = static_cast<ModuleRecord *>(Module->runtime);
  if (SampledTiming.load(std::memory_order_relaxed)) {
    if (Rec && Region < Rec->NumRegions)
      popSampledRegion(Module->regions + Region);
    return;
  }
  ThreadState *T = CurrentThread;
  if (ENERGY_UNLIKELY(!Rec || !T || Region >= Rec->NumRegions))
    return;
  ModuleSlot *Slot = T->slot(Rec->Ordinal);
  if (ENERGY_UNLIKELY(!Slot))
    return;
  T->exit(Slot->Stats + Region, Sp, Now);
}

/// Called by the MPI layer (runtime/mpi) once MPI is initialised, with the
/// rank and size of MPI_COMM_WORLD, the rank on this node (-1: unknown) and
/// the processor's name: the process's job (launcher `mpi`) unless its
/// launcher's environment named one. Thread-safe (takes the runtime's lock).
ENERGY_EXPORT void __energy_job_from_mpi(long Rank, long Size, long LocalRank, const char *Node) {
  if (Rank < 0 || Size <= Rank)
    return;
  JobInfo Job;
  try {
    Job.Launcher = "mpi";
    Job.Node = Node && *Node ? Node : hostName();
  } catch (const std::bad_alloc &) {
    return;
  }
  Job.Rank = Rank;
  Job.Size = Size;
  Job.LocalRank = LocalRank;
  Runtime::get().adoptJobFromMpi(Job);
}

/// energy_dump() of energy/regions.h: a complete report of the run so far,
/// written by a copy of the process while this one goes on (SignalEndings.h);
/// 0 once it is written, -1 when it could not be.
ENERGY_EXPORT int __energy_dump() {
  return Runtime::get().writeReportFromCopy(CopyCause::Snapshot, 0) ? 0 : -1;
}

/// Called by an energy/regions.h marker that EnergyPass did not lower (its
/// file was built with -D__ENERGYPASS__ but without the plugin): the region
/// does not exist, and the report says how many markers ran so.
ENERGY_EXPORT void __energy_user_unlowered(const char *) {
  ThreadState *T = CurrentThread;
  if (ENERGY_UNLIKELY(!T) && !(T = Runtime::get().attachThread()))
    return;
  ++T->Diag.UnloweredUserMarkers;
}
