// Kernel: what every reader produces for one kernel launch, whatever the input format: the
// control-flow graph with static block facts, thread-level block and edge counts, the distinct
// basic-block vectors (behaviours) with the behaviour of every thread, and warp-level divergence
// counts. The analyses read only this, so each input format is one reader and nothing else.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace energy::gpu {

struct Dim3 {
  uint32_t X = 1, Y = 1, Z = 1;
  uint64_t count() const { return uint64_t(X) * Y * Z; }
};

struct BasicBlock {
  uint32_t Id = 0;
  std::string Label;    // "0x0058" for SASS, the PTX label or "line N" for PTX
  uint64_t Address = 0; // PC of the first instruction (SASS) or its PTX line
  uint32_t Instructions = 0;
  std::map<std::string, uint32_t> OpcodeMix; // mnemonic (before the first '.') -> count
  std::string Terminator;                    // mnemonic of the last instruction
  bool EndsInExit = false; // the last instruction can end the thread (EXIT, RET, exit, ret)
  std::vector<uint32_t> Predecessors, Successors;
};

// One distinct basic-block vector and how many threads have it.
struct Behaviour {
  std::vector<uint64_t> BlockCounts; // indexed by block id
  uint64_t Threads = 0;
  uint64_t FirstThread = 0;
  // Over all its threads: instructions a thread was present for but predicated off. Known
  // only where the input has masks (Kernel::DivergenceMeasured); 0 otherwise.
  uint64_t PredicatedOffInstructions = 0;
};

// Warp-level counts. Measured from active masks for traces; estimated from per-thread counts
// for inputs without masks (see Divergence.h).
struct WarpCounts {
  uint64_t Branches = 0, DivergentBranches = 0;
  uint64_t WarpInstructions = 0, ActiveThreadInstructions = 0, PredicatedOnThreadInstructions = 0;
};

// Register dependency distances: dynamic instructions between a source register's read and the
// instruction that last wrote it, within one warp's stream (patent step 2). Buckets are 1, 2,
// 3-4, 5-8, 9-16, 17-32, 33-64 and more than 64.
struct DependencyDistances {
  static constexpr size_t Buckets = 8;
  std::array<uint64_t, Buckets> Histogram{};
  uint64_t Reads = 0;
  double Sum = 0;
  void add(uint64_t Distance);
  static const char *bucketName(size_t Bucket);
};

enum class SourceKind { AccelSimTrace, GpgpuSim, GpuProfile };
const char *sourceKindName(SourceKind Kind);

struct Kernel {
  std::string Name;    // as the input spells it (often mangled)
  uint32_t Launch = 0; // launch / kernel id from the input
  SourceKind Source = SourceKind::AccelSimTrace;
  std::string SourcePath;
  Dim3 Grid, Block;
  uint32_t WarpSize = 32;
  std::vector<BasicBlock> Blocks;
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Edges; // thread-level transition counts
  std::vector<Behaviour> Behaviours;
  std::vector<uint32_t> ThreadBehaviour; // global linear thread id -> behaviour index
  bool DivergenceMeasured = false;       // WarpStats came from active masks
  std::vector<WarpCounts> WarpStats;     // global warp index -> counts
  bool HasDependencyDistances = false;
  DependencyDistances Dependencies;

  uint64_t threads() const { return Grid.count() * Block.count(); }
  uint32_t warpsPerBlock() const { return uint32_t((Block.count() + WarpSize - 1) / WarpSize); }
  uint64_t warps() const { return Grid.count() * warpsPerBlock(); }
  // Thread-level executions of each block (sum over behaviours of count x threads).
  std::vector<uint64_t> blockExecutions() const;
  // Instructions one thread of B issues (block counts weighted by block sizes), predicated-off
  // ones included: the thread is present for them and occupies its lane.
  uint64_t instructionsOf(const Behaviour &B) const;
  // Of those, the ones whose predicate was true, per thread (mean over B's threads; equal for
  // all of them unless their predicates differ within a block); negative without masks.
  double predicatedOnInstructionsOf(const Behaviour &B) const;
  // Fills each block's predecessors and successors from Edges.
  void linkBlocksFromEdges();
};

std::string demangle(const std::string &Name);

} // namespace energy::gpu
