// PtxCfg: a line-oriented PTX reader that finds .entry bodies, their instructions and blocks.
#include "energy/gpu/PtxCfg.h"

#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"

namespace energy::gpu {
namespace {

bool endsBlock(const std::string &Mnemonic) {
  return Mnemonic == "bra" || Mnemonic == "brx" || Mnemonic == "ret" || Mnemonic == "exit";
}

// "@!%p1 bra.uni $L__BB0_2" -> "bra".
std::string mnemonicOf(std::string_view Instruction) {
  Instruction = trim(Instruction);
  if (!Instruction.empty() && Instruction.front() == '@') {
    size_t Space = Instruction.find_first_of(" \t");
    Instruction =
        Space == std::string_view::npos ? std::string_view() : trim(Instruction.substr(Space));
  }
  std::string_view Op = Instruction.substr(0, Instruction.find_first_of(" \t;"));
  return std::string(Op.substr(0, Op.find('.')));
}

class PtxReader {
public:
  explicit PtxReader(const std::string &Path) : R(Path) { M.Path = Path; }

  PtxModule read() {
    std::string_view Line;
    while (R.next(Line)) {
      std::string_view Code = trim(Line.substr(0, Line.find("//")));
      if (Code.empty())
        continue;
      if (Depth == 0)
        outside(Code);
      else
        inside(Code);
    }
    if (Depth != 0)
      failAt(R.path(), R.lineNumber(),
             "truncated PTX: the body of ." + M.Entries.back().Name + " has no closing '}'");
    return std::move(M);
  }

private:
  void outside(std::string_view Code) {
    size_t Entry = Code.find(".entry");
    if (Entry != std::string_view::npos) {
      std::string_view Rest = trim(Code.substr(Entry + 6));
      std::string Name(Rest.substr(0, Rest.find_first_of(" \t(")));
      if (Name.empty())
        failAt(R.path(), R.lineNumber(), ".entry without a kernel name");
      M.Entries.push_back(PtxEntry{Name, {}, {}});
      AwaitingBody = true;
    }
    if (AwaitingBody && Code.find('{') != std::string_view::npos) {
      AwaitingBody = false;
      Depth = 1;
      PendingLabel.clear();
      LeaderNext = true;
    }
  }

  void inside(std::string_view Code) {
    if (Code == "{") {
      ++Depth;
      return;
    }
    if (Code.front() == '}') {
      --Depth;
      return;
    }
    size_t Colon = Code.find(':');
    if (Colon != std::string_view::npos && Code.find_first_of(" \t") > Colon) {
      PendingLabel = std::string(Code.substr(0, Colon));
      LeaderNext = true;
      Code = trim(Code.substr(Colon + 1));
      if (Code.empty())
        return;
    }
    if (Pending.empty() && Code.front() == '.')
      return; // .reg, .loc, .pragma and other directives
    // An instruction may span lines (nvcc splits long calls); it ends at ';' and GPGPU-Sim
    // names it by its first line.
    if (Pending.empty())
      PendingLine = uint32_t(R.lineNumber());
    Pending.append(Code).push_back(' ');
    if (Code.find(';') == std::string_view::npos)
      return;
    instruction(Pending, PendingLine);
    Pending.clear();
  }

  void instruction(std::string_view Code, uint32_t Line) {
    PtxEntry &E = M.Entries.back();
    PtxInstruction I;
    I.Line = Line;
    I.Mnemonic = mnemonicOf(Code);
    I.IsLeader = LeaderNext || E.Instructions.empty();
    if (I.IsLeader) {
      std::string Label = PendingLabel.empty() ? "line " + std::to_string(I.Line) : PendingLabel;
      E.Blocks.push_back(PtxBlock{Label, uint32_t(E.Instructions.size()), 0});
    }
    I.Block = uint32_t(E.Blocks.size() - 1);
    ++E.Blocks.back().Instructions;
    LeaderNext = endsBlock(I.Mnemonic);
    PendingLabel.clear();
    M.ByLine[I.Line] = {uint32_t(M.Entries.size() - 1), uint32_t(E.Instructions.size())};
    E.Instructions.push_back(std::move(I));
  }

  LineReader R;
  PtxModule M;
  int Depth = 0;
  bool AwaitingBody = false, LeaderNext = true;
  std::string PendingLabel, Pending;
  uint32_t PendingLine = 0;
};

} // namespace

PtxModule readPtx(const std::string &Path) {
  PtxModule M = PtxReader(Path).read();
  if (M.Entries.empty())
    failAt(Path, 0, "no .entry in this PTX file; pass the PTX the simulator ran (--ptx)");
  return M;
}

} // namespace energy::gpu
