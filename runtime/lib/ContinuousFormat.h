//===- ContinuousFormat.h - The continuous counts file, written and read --===//
//
// A process whose modules were built with -energy-continuous keeps its
// counter arrays in a file mapping (ContinuousCounts.h); the file also holds
// what a report needs to name and cost them: the process's identity and a
// copy of each module's tables. This is its format (docs/formats/
// continuous.md): the records the runtime appends, and the reader that
// turns a file a killed process left into modules with their summed counts,
// refusing a damaged one with one line that names the problem. Pure: no
// system call, so that both the runtime and its tests use it as is.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_RT_CONTINUOUSFORMAT_H
#define ENERGY_RT_CONTINUOUSFORMAT_H

#include "energy/abi.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace energy::rt::continuous {

constexpr char Magic[8] = {'E', 'N', 'R', 'G', 'C', 'O', 'N', 'T'};
constexpr uint32_t FormatVersion = 1;
/// The oldest ENERGY_ABI_VERSION whose tables are this one's: version 8
/// changed only how sampled timing pushes regions, not the tables a file
/// copies, so a file a version-7 program left is read too.
constexpr uint32_t OldestTablesAbi = 7;
constexpr uint32_t HeaderBytes = 64;
/// Offset of the header's used_bytes: records end there.
constexpr uint64_t UsedBytesOffset = 24;

enum RecordKind : uint32_t { ProcessRecord = 1, ModuleRecordKind = 2, ChunkRecord = 3 };
enum ChunkState : uint32_t { ChunkLive = 1, ChunkEnded = 2 };
/// Bytes of a chunk record before its page-aligned counter data, and the
/// offset of its state within the record.
constexpr uint32_t ChunkHeaderBytes = 48;
constexpr uint32_t ChunkStateOffset = 20;

/// A module's tables, as the runtime holds them (ModuleRecord's fields).
struct ModuleTables {
  uint32_t Ordinal;
  uint32_t NumRegions, NumBlocks, NumDynamic, NumCounters, NumTerms;
  uint32_t Timing;
  uint32_t Flags; /// ENERGY_MODULE_*
  uint64_t Hash;
  const char *Source;
  const energy_region *Regions;
  const energy_block *Blocks;
  const energy_dynamic_counter *Dynamic;
  const energy_count_term *Terms; /// null when NumTerms is 0
};

/// What the file says of the process.
struct ProcessIdentity {
  uint64_t Pid = 0;
  uint64_t StartRealtimeNs = 0;
  std::string ExePath;
  std::string ProgramName;
  std::vector<std::string> Argv;
  uint64_t ArgumentsOmitted = 0;
};

// Writing: each function returns the bytes to append at `At` (a multiple of
// 8). Throw std::bad_alloc.
std::string headerBytes(uint32_t PageSize);
std::string processRecord(const ProcessIdentity &Process);
std::string moduleRecord(const ModuleTables &Module);
/// The header of a chunk of `DataBytes` bytes of counters for module
/// `Ordinal` owned by thread `Owner`, appended at `At`; its data begins at
/// chunkDataOffset(At, PageSize) and the record ends with it.
std::string chunkRecordHeader(uint64_t At, uint32_t PageSize, uint32_t Ordinal, uint64_t Owner,
                              uint64_t DataBytes);
uint64_t chunkDataOffset(uint64_t At, uint32_t PageSize);

/// A module read back: its tables, owned, as an energy_module descriptor
/// pointing into them, and its counters summed over every chunk.
struct RecoveredModule {
  energy_module Desc{};
  std::vector<energy_region> Regions;
  std::vector<energy_block> Blocks;
  std::vector<energy_dynamic_counter> Dynamic;
  std::vector<energy_count_term> Terms;
  std::deque<std::string> Strings;
  /// NumCounters + NumDynamic, or empty when no chunk of the module was
  /// written (no thread counted into it yet).
  std::vector<uint64_t> Counts;
};

struct RecoveredRun {
  uint32_t AbiVersion = 0;
  ProcessIdentity Process;
  std::vector<std::unique_ptr<RecoveredModule>> Modules;
  /// Threads (by kernel id) whose chunks were live at the end, and those
  /// whose chunks had ended: a thread has a chunk per continuous module.
  uint64_t LiveThreads = 0;
  uint64_t EndedThreads = 0;
  /// The threads of either kind: one whose module a dlclose ended while
  /// another of its chunks was live is both.
  uint64_t Threads = 0;
  /// Of those, the threads with a counter that is not zero in one of their
  /// chunks: the threads that ran instrumented code.
  uint64_t CountingThreads = 0;
};

/// Bounds on what a reader accepts, so that a damaged file costs bounded
/// time and memory: a file larger than this is refused unread.
constexpr uint64_t MaxFileBytes = uint64_t(1) << 32;

/// Reads a whole file's bytes. False with `Error` (one line naming the
/// problem and where) for a file that is not one, is damaged or truncated.
/// Throws std::bad_alloc.
bool readContinuousFile(std::string_view Bytes, RecoveredRun &Run, std::string &Error);

} // namespace energy::rt::continuous

#endif
