// GpgpuSimTrace: per-thread block counts from GPGPU-Sim's "[thd=N] : (file:line - inst)" log.
#include "energy/gpu/GpgpuSimTrace.h"

#include "energy/gpu/BehaviourGrouper.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"
#include "energy/gpu/PtxCfg.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <unordered_map>

namespace energy::gpu {
namespace {

constexpr uint32_t NoBlock = UINT32_MAX;

struct ThreadState {
  uint32_t Entry = 0;
  uint32_t Block = NoBlock;
  uint32_t Instruction = 0;
  SparseVector Counts; // block -> executions, in first-seen order
};

struct LogLine {
  uint64_t Uid = 0;
  std::string_view File, Text;
  uint32_t Line = 0;
};

bool parseLogLine(std::string_view S, LogLine &Out) {
  constexpr std::string_view Head = "[thd=";
  if (S.substr(0, Head.size()) != Head)
    return false;
  S.remove_prefix(Head.size());
  auto [Ptr, Ec] = std::from_chars(S.data(), S.data() + S.size(), Out.Uid);
  if (Ec != std::errc())
    return false;
  S = S.substr(Ptr - S.data());
  constexpr std::string_view Mid = "] : (";
  if (S.substr(0, Mid.size()) != Mid || S.empty() || S.back() != ')')
    return false;
  S = S.substr(Mid.size(), S.size() - Mid.size() - 1);
  size_t Dash = S.find(" - ");
  if (Dash == std::string_view::npos)
    return false;
  std::string_view Where = S.substr(0, Dash);
  Out.Text = S.substr(Dash + 3);
  size_t Colon = Where.rfind(':');
  if (Colon == std::string_view::npos)
    return false;
  Out.File = Where.substr(0, Colon);
  std::string_view Num = Where.substr(Colon + 1);
  auto [P2, E2] = std::from_chars(Num.data(), Num.data() + Num.size(), Out.Line);
  return E2 == std::errc() && P2 == Num.data() + Num.size();
}

std::string firstWordBase(std::string_view Text) {
  size_t B = Text.find_first_not_of(" \t");
  if (B == std::string_view::npos)
    return "";
  Text = Text.substr(B);
  if (Text.front() == '@') {
    size_t Space = Text.find_first_of(" \t");
    if (Space == std::string_view::npos)
      return "";
    Text = Text.substr(Text.find_first_not_of(" \t", Space) == std::string_view::npos
                           ? Text.size()
                           : Text.find_first_not_of(" \t", Space));
  }
  std::string_view Op = Text.substr(0, Text.find_first_of(" \t;"));
  return std::string(Op.substr(0, Op.find('.')));
}

class LogReader {
public:
  LogReader(const std::string &Path, const GpgpuSimOptions &O) : R(Path), Options(O) {
    if (O.PtxFiles.empty())
      failAt(Path, 0, "a GPGPU-Sim log needs the PTX it ran: add --ptx FILE.ptx");
    for (const std::string &P : O.PtxFiles)
      Modules.push_back(readPtx(P));
  }

  std::vector<Kernel> read() {
    std::string_view Text;
    while (R.next(Text)) {
      if (Text.find_first_not_of(" \t") == std::string_view::npos)
        continue;
      LogLine L;
      if (!parseLogLine(Text, L))
        fail("expected '[thd=N] : (FILE:LINE - INSTRUCTION)' (GPGPU-Sim's "
             "-gpgpu_ptx_inst_debug_to_file output)");
      step(L);
    }
    if (Threads.empty())
      failAt(R.path(), R.lineNumber(),
             "no executed instruction in the log; was "
             "-gpgpu_ptx_inst_debug_to_file 1 set?");
    return kernels();
  }

private:
  [[noreturn]] void fail(const std::string &What) { failAt(R.path(), R.lineNumber(), What); }

  const PtxModule &moduleFor(std::string_view File) {
    std::string Base = std::filesystem::path(std::string(File)).filename().string();
    for (const PtxModule &M : Modules)
      if (std::filesystem::path(M.Path).filename().string() == Base)
        return M;
    if (Modules.size() == 1)
      return Modules.front();
    fail("the log names PTX file '" + Base + "', which is not among the --ptx files");
  }

  void step(const LogLine &L) {
    const PtxModule &M = moduleFor(L.File);
    auto It = M.ByLine.find(L.Line);
    if (It == M.ByLine.end())
      fail("line " + std::to_string(L.Line) + " of " + M.Path +
           " holds no instruction; pass the PTX file the simulator ran");
    const PtxEntry &E = M.Entries[It->second.first];
    const PtxInstruction &I = E.Instructions[It->second.second];
    if (std::string Op = firstWordBase(L.Text); Op != I.Mnemonic)
      fail("the log runs '" + Op + "' at line " + std::to_string(L.Line) + " where " + M.Path +
           " has '" + I.Mnemonic + "'; pass the PTX file the simulator ran");
    uint32_t EntryKey = entryKey(M, It->second.first);
    auto [TIt, New] = Threads.try_emplace(L.Uid);
    ThreadState &T = TIt->second;
    if (New)
      T.Entry = EntryKey;
    else if (T.Entry != EntryKey)
      fail("thread " + std::to_string(L.Uid) + " runs in two kernels; the log is corrupt");
    bool NewInstance = I.IsLeader || I.Block != T.Block || It->second.second <= T.Instruction;
    T.Instruction = It->second.second;
    if (!NewInstance)
      return;
    if (T.Block != NoBlock)
      ++EntryEdges[EntryKey][{T.Block, I.Block}];
    T.Block = I.Block;
    auto C = std::find_if(T.Counts.begin(), T.Counts.end(),
                          [&](const auto &P) { return P.first == I.Block; });
    if (C == T.Counts.end())
      T.Counts.emplace_back(I.Block, 1);
    else
      ++C->second;
  }

  uint32_t entryKey(const PtxModule &M, uint32_t Entry) {
    auto Key = std::make_pair(&M, Entry);
    auto [It, New] = EntryIndex.try_emplace(Key, uint32_t(EntryOrder.size()));
    if (New)
      EntryOrder.push_back(Key);
    return It->second;
  }

  Kernel kernelFor(uint32_t Key, std::vector<std::pair<uint64_t, ThreadState *>> &Members) {
    const PtxEntry &E = EntryOrder[Key].first->Entries[EntryOrder[Key].second];
    Kernel K;
    K.Name = E.Name;
    K.Launch = Key + 1;
    K.Source = SourceKind::GpgpuSim;
    K.SourcePath = R.path();
    uint64_t N = Members.size();
    uint32_t Size = Options.BlockSize ? Options.BlockSize : uint32_t(N);
    K.Block.X = Size;
    K.Grid.X = uint32_t((N + Size - 1) / Size);
    for (const PtxBlock &PB : E.Blocks) {
      BasicBlock B;
      B.Id = uint32_t(K.Blocks.size());
      B.Label = PB.Label;
      B.Address = E.Instructions[PB.FirstInstruction].Line;
      B.Instructions = PB.Instructions;
      for (uint32_t I = PB.FirstInstruction; I < PB.FirstInstruction + PB.Instructions; ++I)
        ++B.OpcodeMix[E.Instructions[I].Mnemonic];
      B.Terminator = E.Instructions[PB.FirstInstruction + PB.Instructions - 1].Mnemonic;
      B.EndsInExit = B.Terminator == "ret" || B.Terminator == "exit";
      K.Blocks.push_back(std::move(B));
    }
    std::sort(Members.begin(), Members.end());
    BehaviourGrouper G(K.threads());
    for (uint64_t Rank = 0; Rank < N; ++Rank) {
      SparseVector &V = Members[Rank].second->Counts;
      std::sort(V.begin(), V.end());
      G.add(Rank, V);
    }
    size_t Blocks = K.Blocks.size();
    G.finish(K, [&](const SparseVector &V) {
      std::vector<uint64_t> Dense(Blocks, 0);
      for (const auto &[B, C] : V)
        Dense[B] = C;
      return Dense;
    });
    for (const auto &[Edge, Count] : EntryEdges[Key])
      K.Edges[Edge] = Count;
    K.linkBlocksFromEdges();
    return K;
  }

  std::vector<Kernel> kernels() {
    std::vector<std::vector<std::pair<uint64_t, ThreadState *>>> Members(EntryOrder.size());
    for (auto &[Uid, T] : Threads)
      Members[T.Entry].emplace_back(Uid, &T);
    std::vector<Kernel> Out;
    for (uint32_t Key = 0; Key < EntryOrder.size(); ++Key)
      Out.push_back(kernelFor(Key, Members[Key]));
    return Out;
  }

  LineReader R;
  GpgpuSimOptions Options;
  std::vector<PtxModule> Modules;
  std::unordered_map<uint64_t, ThreadState> Threads;
  std::map<std::pair<const PtxModule *, uint32_t>, uint32_t> EntryIndex;
  std::vector<std::pair<const PtxModule *, uint32_t>> EntryOrder;
  std::map<uint32_t, std::map<std::pair<uint32_t, uint32_t>, uint64_t>> EntryEdges;
};

} // namespace

std::vector<Kernel> readGpgpuSimLog(const std::string &Path, const GpgpuSimOptions &Options) {
  return LogReader(Path, Options).read();
}

} // namespace energy::gpu
