// SassKernelBuilder: segments, presence masks and the final SASS control-flow graph.
#include "SassKernelBuilder.h"

#include "energy/gpu/SassOpcodes.h"

#include <algorithm>
#include <bit>
#include <cstdio>

namespace energy::gpu {
namespace {
constexpr uint32_t NoSegment = UINT32_MAX;
constexpr size_t RegisterKeys = 320;

// Reading the trace's masks. NVBit gives the tracer two masks per executed warp instruction:
// the active mask (__activemask(): the lanes executing it) and the predicate mask (lanes whose
// guard predicate is true). Accel-Sim writes only their AND, so a lane whose bit is clear was
// either absent or present but predicated off. The lanes present in a segment are therefore the
// union of its instructions' masks: a present lane leaves its bit set on every unguarded
// instruction.
//
// A branch diverges when the warp's threads at the branch do not all go the same way. The masks
// show it in two ways: the branch's own mask holds some but not all present lanes (a guarded
// branch taken by some: "@P0 BRA", or "@P0 EXIT"), or the instructions the warp runs next hold
// some but not all of the lanes that reached the branch (the warp continues with one side while
// the others wait), which also catches unguarded indirect branches (BRX, JMX) to several targets.
bool splitAtBranch(uint32_t TakenOrExiting, uint32_t Present) {
  return TakenOrExiting != 0 && TakenOrExiting != Present;
}

bool splitAfterBranch(uint32_t NextPresent, uint32_t AtBranch) {
  uint32_t Went = NextPresent & AtBranch;
  return Went != 0 && Went != AtBranch;
}

std::string hexLabel(uint64_t Pc) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "0x%04llx", static_cast<unsigned long long>(Pc));
  return Buf;
}
} // namespace

SassKernelBuilder::SassKernelBuilder(Kernel Header) : K(std::move(Header)), Grouper(K.threads()) {
  K.WarpStats.assign(K.warps(), WarpCounts());
  WarpSeen.assign(K.warps(), false);
  K.DivergenceMeasured = true;
  K.HasDependencyDistances = true;
}

std::string SassKernelBuilder::record(const TraceInstruction &I, WarpInstruction &Out) {
  // Seen PCs are the common case: no allocation on that path.
  if (auto Known = OpcodeAt.find(I.Pc); Known != OpcodeAt.end()) {
    if (OpcodeNames[Known->second] != I.Opcode)
      return "PC " + hexLabel(I.Pc) + " holds " + std::string(I.Opcode) + " here but " +
             OpcodeNames[Known->second] + " earlier; the trace mixes kernels or is corrupt";
    Out = WarpInstruction{I.Pc, I.Mask, Known->second, I.Dests, I.Sources, I.Dest, I.Source};
    return "";
  }
  auto [It, Inserted] =
      OpcodeIndex.try_emplace(std::string(I.Opcode), uint32_t(OpcodeNames.size()));
  if (Inserted) {
    OpcodeNames.emplace_back(I.Opcode);
    std::string_view M = sassMnemonic(I.Opcode);
    OpcodeFlags.push_back(
        uint8_t((isSassBlockEnd(M) ? 1 : 0) | (isSassBranch(M) ? 2 : 0) | (isSassExit(M) ? 4 : 0)));
  }
  OpcodeAt.emplace(I.Pc, It->second);
  Out = WarpInstruction{I.Pc, I.Mask, It->second, I.Dests, I.Sources, I.Dest, I.Source};
  return "";
}

uint32_t SassKernelBuilder::segmentId(uint64_t StartPc, uint64_t EndPc) {
  auto [It, Inserted] = SegmentIndex.try_emplace({StartPc, EndPc}, uint32_t(Segments.size()));
  if (Inserted) {
    Segments.emplace_back(StartPc, EndPc);
    SegmentRuns.push_back(0);
  }
  return It->second;
}

void SassKernelBuilder::addDependencies(const std::vector<WarpInstruction> &Stream) {
  std::vector<int64_t> LastWrite(RegisterKeys, -1);
  for (size_t J = 0; J < Stream.size(); ++J) {
    const WarpInstruction &I = Stream[J];
    for (uint8_t S = 0; S < std::min<uint8_t>(I.Sources, 4); ++S)
      if (I.Source[S] && LastWrite[I.Source[S]] >= 0)
        K.Dependencies.add(uint64_t(int64_t(J) - LastWrite[I.Source[S]]));
    for (uint8_t D = 0; D < std::min<uint8_t>(I.Dests, 4); ++D)
      if (I.Dest[D])
        LastWrite[I.Dest[D]] = int64_t(J);
  }
}

std::string SassKernelBuilder::addWarp(uint64_t BlockLinear, uint32_t Warp,
                                       const std::vector<WarpInstruction> &Stream) {
  uint64_t GlobalWarp = BlockLinear * K.warpsPerBlock() + Warp;
  if (WarpSeen[GlobalWarp])
    return "warp " + std::to_string(Warp) + " of thread block " + std::to_string(BlockLinear) +
           " appears twice; the trace is corrupt or two traces were concatenated";
  WarpSeen[GlobalWarp] = true;
  uint64_t PerBlock = K.Block.count();
  uint64_t FirstThread = BlockLinear * PerBlock + uint64_t(Warp) * K.WarpSize;
  uint64_t Lanes = std::min<uint64_t>(K.WarpSize, PerBlock - uint64_t(Warp) * K.WarpSize);
  uint32_t LaneMask = Lanes >= 32 ? UINT32_MAX : (1u << Lanes) - 1;
  WarpCounts &W = K.WarpStats[GlobalWarp];

  uint32_t Live = LaneMask, Previous = LaneMask;
  // Lanes that reached a branch not yet known to diverge; 0 when none is waiting for what the
  // warp runs next.
  uint32_t BranchLanes = 0;
  std::array<uint32_t, 32> LastSegment;
  LastSegment.fill(NoSegment);
  std::array<uint64_t, 32> PredicatedOff{};
  std::unordered_map<uint32_t, std::array<uint64_t, 32>> Counts;

  for (size_t Start = 0; Start < Stream.size();) {
    // A segment also ends before an instruction that brings in threads the segment has not had:
    // that is a reconvergence point even when no SYNC/BSYNC marks it.
    size_t End = Start;
    uint32_t Union = Stream[Start].Mask;
    while (End + 1 < Stream.size() && !isBlockEnd(Stream[End].Opcode) &&
           Stream[End + 1].Pc > Stream[End].Pc &&
           !(Union != 0 && (Stream[End + 1].Mask & ~Union) != 0))
      Union |= Stream[++End].Mask;
    uint32_t Present = 0;
    for (size_t J = Start; J <= End; ++J)
      Present |= Stream[J].Mask;
    Present &= LaneMask;
    if (Present == 0)
      Present = Previous & Live;
    if (BranchLanes && splitAfterBranch(Present, BranchLanes))
      ++W.DivergentBranches;
    BranchLanes = 0;
    uint32_t Seg = segmentId(Stream[Start].Pc, Stream[End].Pc);
    for (size_t J = Start; J <= End; ++J) {
      const WarpInstruction &I = Stream[J];
      uint32_t On = I.Mask & Present;
      ++W.WarpInstructions;
      W.ActiveThreadInstructions += std::popcount(Present);
      W.PredicatedOnThreadInstructions += std::popcount(On);
      for (uint32_t Off = Present & ~On; Off; Off &= Off - 1)
        ++PredicatedOff[std::countr_zero(Off)];
      if (isExit(I.Opcode))
        Live &= ~On;
      if (!isBranch(I.Opcode))
        continue;
      ++W.Branches;
      if (splitAtBranch(On, Present))
        ++W.DivergentBranches;
      else if (J == End)
        BranchLanes = Present & Live;
    }
    SegmentRuns[Seg] += std::popcount(Present);
    auto &SegCounts = Counts.try_emplace(Seg).first->second;
    for (uint32_t Bits = Present; Bits; Bits &= Bits - 1) {
      int Lane = std::countr_zero(Bits);
      ++SegCounts[Lane];
      if (LastSegment[Lane] != NoSegment)
        ++SegmentEdges[uint64_t(LastSegment[Lane]) << 32 | Seg];
      LastSegment[Lane] = Seg;
    }
    Previous = Present;
    Start = End + 1;
  }
  addDependencies(Stream);

  SparseVector V;
  for (uint64_t Lane = 0; Lane < Lanes; ++Lane) {
    V.clear();
    for (const auto &[Seg, PerLane] : Counts)
      if (PerLane[Lane])
        V.emplace_back(Seg, PerLane[Lane]);
    std::sort(V.begin(), V.end());
    Grouper.addPredicatedOff(Grouper.add(FirstThread + Lane, V), PredicatedOff[Lane]);
  }
  return "";
}

Kernel SassKernelBuilder::finish() {
  // Leaders: segment starts, and the instruction after every control-flow opcode.
  std::vector<uint64_t> Pcs;
  Pcs.reserve(OpcodeAt.size());
  for (const auto &Entry : OpcodeAt)
    Pcs.push_back(Entry.first);
  std::vector<bool> Leader(Pcs.size(), false);
  auto indexOf = [&](uint64_t Pc) {
    return size_t(std::lower_bound(Pcs.begin(), Pcs.end(), Pc) - Pcs.begin());
  };
  if (!Pcs.empty())
    Leader[0] = true;
  for (const auto &Seg : Segments)
    Leader[indexOf(Seg.first)] = true;
  for (size_t I = 0; I + 1 < Pcs.size(); ++I)
    if (isBlockEnd(OpcodeAt[Pcs[I]]))
      Leader[I + 1] = true;

  std::vector<uint32_t> BlockOfPc(Pcs.size());
  for (size_t I = 0; I < Pcs.size(); ++I) {
    uint32_t Opcode = OpcodeAt[Pcs[I]];
    if (Leader[I]) {
      BasicBlock B;
      B.Id = uint32_t(K.Blocks.size());
      B.Label = hexLabel(Pcs[I]);
      B.Address = Pcs[I];
      K.Blocks.push_back(std::move(B));
    }
    BasicBlock &B = K.Blocks.back();
    std::string Mnemonic(sassMnemonic(OpcodeNames[Opcode]));
    ++B.Instructions;
    ++B.OpcodeMix[Mnemonic];
    B.Terminator = Mnemonic;
    B.EndsInExit = isExit(Opcode);
    BlockOfPc[I] = B.Id;
  }

  std::vector<std::pair<uint32_t, uint32_t>> SegmentBlocks;
  for (const auto &Seg : Segments)
    SegmentBlocks.emplace_back(BlockOfPc[indexOf(Seg.first)], BlockOfPc[indexOf(Seg.second)]);
  size_t Blocks = K.Blocks.size();
  Grouper.finish(K, [&](const SparseVector &V) {
    std::vector<uint64_t> Dense(Blocks, 0);
    for (const auto &[Seg, Count] : V)
      for (uint32_t B = SegmentBlocks[Seg].first; B <= SegmentBlocks[Seg].second; ++B)
        Dense[B] += Count;
    return Dense;
  });
  for (size_t S = 0; S < Segments.size(); ++S)
    for (uint32_t B = SegmentBlocks[S].first; B < SegmentBlocks[S].second; ++B)
      K.Edges[{B, B + 1}] += SegmentRuns[S];
  for (const auto &[Key, Count] : SegmentEdges)
    K.Edges[{SegmentBlocks[Key >> 32].second, SegmentBlocks[Key & UINT32_MAX].first}] += Count;
  K.linkBlocksFromEdges();
  return std::move(K);
}

} // namespace energy::gpu
