//===- ContinuousCounts.h - Counter arrays kept in a file mapping ---------===//
//
// A module built with -energy-continuous has its thread_local counter array
// on pages of its own (abi.h, ENERGY_MODULE_CONTINUOUS). For each thread and
// such module the runtime appends a chunk to one file per process, copies
// the array's values into it and maps the chunk over the array's pages
// (MAP_SHARED): from then on every increment the instrumented code makes, an
// add at the same TLS offset as before, lands in the page cache, and stays
// there when the process is killed. The file also holds the process's
// identity and a copy of every module's tables (ContinuousFormat.h), so that
// `energy-report recover` can build the report the process never wrote.
//
// A chunk stays mapped while its thread lives. Before the thread's TLS can
// be reused or freed (its end; a module's unload; a fork, in the child) its
// pages get anonymous memory back, with the same values: the file keeps the
// thread's counts, and a cached stack's TLS re-initialised for a new thread
// never zeroes them. A normal ending writes the report and removes the file.
//
// Everything here runs under the runtime's lock, off the hot path; mapping
// and unmapping happen in the thread that owns the array with its signals
// blocked, so that no increment falls between the copy and the remap.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CONTINUOUSCOUNTS_H
#define ENERGY_RT_CONTINUOUSCOUNTS_H

#include <cstdint>
#include <pthread.h>
#include <string>
#include <vector>

namespace energy::rt {

class ModuleRecord;
struct ProcessInfo;

class ContinuousCounts {
public:
  bool active() const { return Fd >= 0; }
  /// Creates the process's file and writes the process record and the
  /// tables of every module registered so far; says on stderr why not when
  /// it cannot (counts are then kept as without continuous mode).
  void start(const ProcessInfo &Process, uint64_t StartRealNs,
             const std::vector<ModuleRecord *> &Modules) noexcept;
  /// Appends a newly registered module's tables.
  void addModule(const ModuleRecord &Module) noexcept;
  /// Maps the calling thread's counter array of a continuous module onto a
  /// new chunk, unless it is mapped already.
  void mapCallingThread(const ModuleRecord &Module, uint64_t *Counters) noexcept;
  /// Thread end (or the exit handler, before it merges and zeroes the
  /// calling thread's arrays): the calling thread's chunks are marked ended
  /// and its arrays get anonymous memory back.
  void releaseCallingThread() noexcept;
  /// Module unload: every thread's array of the module gets anonymous
  /// memory back (its TLS block may be freed and reused).
  void releaseModule(uint32_t Ordinal) noexcept;
  /// Fork child: a file of its own; the calling thread's arrays are mapped
  /// onto new chunks, zeroed (the child starts from zero), and the other
  /// threads' (they do not exist here) get anonymous memory back.
  void restartAfterFork(const ProcessInfo &Process, uint64_t StartRealNs,
                        const std::vector<ModuleRecord *> &Modules) noexcept;
  /// The report was written: the file is not needed any more.
  void remove() noexcept;

private:
  struct Chunk {
    uintptr_t Address; /// the counter array's first page
    uint64_t Bytes;    /// whole pages
    uint64_t RecordAt; /// the chunk record's offset in the file
    uint32_t Ordinal;
    pthread_t Owner;
    bool Live;
  };

  /// The file with its process and module records; what went wrong, or
  /// empty.
  std::string create(const ProcessInfo &Process, uint64_t StartRealNs,
                     const std::vector<ModuleRecord *> &Modules);
  bool append(const std::string &Bytes);
  bool appendChunk(const ModuleRecord &Module, uint64_t *Counters, bool Zeroed);
  void markEnded(Chunk &C);
  void failed(const std::string &What) noexcept;

  bool Started = false; /// start() was called (once: it says why it failed)
  int Fd = -1;
  std::string Path;
  uint64_t End = 0;
  uint32_t PageSize = 0;
  std::vector<Chunk> Chunks;
};

} // namespace energy::rt

#endif
