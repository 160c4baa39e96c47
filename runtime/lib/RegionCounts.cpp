//===- RegionCounts.cpp - Block counts times cost vectors ------------------===//
#include "RegionCounts.h"

#include <algorithm>

namespace energy::rt {

namespace {

bool addDynamic(model::Activity &A, const energy_dynamic_counter &D, uint64_t Amount) {
  switch (D.kind) {
  case ENERGY_DYNAMIC_BYTES_LOADED:
    A.bytesLoaded += Amount;
    return true;
  case ENERGY_DYNAMIC_BYTES_STORED:
    A.bytesStored += Amount;
    return true;
  case ENERGY_DYNAMIC_FLOPS:
    if (D.precision >= ENERGY_NUM_PRECISIONS || D.flop_kind >= ENERGY_NUM_FLOP_KINDS ||
        D.width >= ENERGY_NUM_WIDTHS)
      return false;
    A.flops[D.precision][D.flop_kind] += Amount * D.scale;
    A.flopsByWidth[D.width] += Amount * D.scale;
    return true;
  default:
    return false;
  }
}

/// The index of the first term of block B or of a later block, searching
/// from From: terms are in block order (energy_count_term).
uint32_t firstTermOf(const ModuleRecord &M, uint32_t B, uint32_t From = 0) {
  const energy_count_term *First = M.Terms + From, *Last = M.Terms + M.NumTerms;
  return uint32_t(
      std::partition_point(First, Last, [B](const energy_count_term &T) { return T.block < B; }) -
      M.Terms);
}

/// Per region, whether the function that holds it was never entered: the
/// count of the function's entry block is zero. Such a function ran none
/// of its blocks, so their terms need not be summed: most of a large
/// program's functions, which a short run (Lua's `return 0`) pays for at
/// every exit otherwise. A region whose table names no such function is
/// summed, and so is every region of a fork() child, whose counts began
/// after the entries of the functions that called fork().
std::vector<uint8_t> inFunctionNeverEntered(const ModuleRecord &M) {
  std::vector<uint8_t> NeverEntered(M.NumRegions, false);
  if (!M.Regions || !M.NumTerms || M.CountsBeganMidCall)
    return NeverEntered;
  std::vector<uint8_t> FunctionNeverEntered(M.NumRegions, false);
  for (uint32_t R = 0; R < M.NumRegions; ++R) {
    const energy_region &Info = M.Regions[R];
    if (Info.kind != ENERGY_REGION_FUNCTION || Info.entry_block >= M.NumBlocks)
      continue;
    uint32_t Term = firstTermOf(M, Info.entry_block);
    FunctionNeverEntered[R] = M.blockCount(Info.entry_block, Term) == 0;
  }
  for (uint32_t R = 0; R < M.NumRegions; ++R)
    NeverEntered[R] = FunctionNeverEntered[M.functionOf(R)];
  return NeverEntered;
}

/// Whether block B's count need not be summed (see inFunctionNeverEntered).
bool skippable(const ModuleRecord &M, const std::vector<uint8_t> &NeverEntered, uint32_t B) {
  uint32_t Region = M.Blocks[B].region;
  return Region < M.NumRegions && NeverEntered[Region];
}

} // namespace

void addExecutions(model::Activity &A, const energy_cost &C, uint64_t N) noexcept {
  if (!(C.flags & ENERGY_BLOCK_ADDED))
    A.blocks += N;
  // The widths split the same FLOPs: none by width, none at all, as for
  // most blocks of most programs (SQLite's 70 thousand blocks and lines at
  // report time).
  uint32_t AnyWidth = 0;
  for (int W = 0; W < ENERGY_NUM_WIDTHS; ++W)
    AnyWidth |= C.flops_by_width[W];
  if (AnyWidth) {
    for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
      for (int K = 0; K < ENERGY_NUM_FLOP_KINDS; ++K)
        A.flops[P][K] += N * C.flops[P][K];
    for (int W = 0; W < ENERGY_NUM_WIDTHS; ++W)
      A.flopsByWidth[W] += N * C.flops_by_width[W];
  }
  A.bytesLoaded += N * C.bytes_loaded;
  A.bytesStored += N * C.bytes_stored;
  A.instructions += N * C.instructions;
  A.branches += N * C.branches;
  A.calls += N * C.calls;
}

RegionCountsResult regionCounts(const ModuleRecord &M) {
  RegionCountsResult Result;
  // Copies of one zero Activity: resize() constructed each of them member
  // by member, a fifth of the cost of a short run's counts (Lua's 1,082
  // regions).
  Result.Regions.assign(M.NumRegions, model::Activity{});
  Result.Entries.assign(M.NumRegions, -1);
  if (!M.Blocks)
    return Result;
  std::vector<uint8_t> NeverEntered = inFunctionNeverEntered(M);
  uint32_t NextTerm = 0;
  Result.Blocks.resize(M.NumBlocks);
  for (uint32_t B = 0; B < M.NumBlocks; ++B) {
    if (skippable(M, NeverEntered, B)) {
      uint32_t End = B + 1;
      while (End < M.NumBlocks && skippable(M, NeverEntered, End))
        ++End;
      NextTerm = firstTermOf(M, End, NextTerm);
      B = End - 1;
      continue;
    }
    uint64_t N = Result.Blocks[B] = M.blockCount(B, NextTerm, &Result.InvalidEntries);
    if (!N)
      continue;
    const energy_block &Block = M.Blocks[B];
    if (Block.region >= M.NumRegions) {
      ++Result.InvalidEntries;
      continue;
    }
    addExecutions(Result.Regions[Block.region], Block.cost, N);
  }
  // Terms the walk never reached name a block that does not exist or stand
  // out of block order: a damaged table, whose terms from there on are
  // reported rather than summed into the wrong blocks.
  Result.InvalidEntries += M.NumTerms - NextTerm;
  for (uint32_t R = 0; M.Regions && R < M.NumRegions; ++R)
    if (M.Regions[R].entry_block < M.NumBlocks)
      Result.Entries[R] = int64_t(Result.Blocks[M.Regions[R].entry_block]);
  for (uint32_t I = 0; I < M.NumDynamic; ++I) {
    uint64_t Amount = M.Counts[size_t(M.NumCounters) + I];
    if (!Amount)
      continue;
    const energy_dynamic_counter &D = M.Dynamic[I];
    if (D.block >= M.NumBlocks || M.Blocks[D.block].region >= M.NumRegions ||
        !addDynamic(Result.Regions[M.Blocks[D.block].region], D, Amount))
      ++Result.InvalidEntries;
  }
  return Result;
}

model::Activity moduleActivity(const ModuleRecord &M, const uint64_t *Counters) noexcept {
  model::Activity A;
  if (!M.Blocks || !Counters)
    return A;
  uint32_t NextTerm = 0;
  for (uint32_t B = 0; B < M.NumBlocks; ++B)
    if (uint64_t N = M.blockCount(Counters, B, NextTerm))
      addExecutions(A, M.Blocks[B].cost, N);
  for (uint32_t I = 0; I < M.NumDynamic; ++I)
    if (uint64_t Amount = Counters[size_t(M.NumCounters) + I])
      addDynamic(A, M.Dynamic[I], Amount);
  return A;
}

} // namespace energy::rt
