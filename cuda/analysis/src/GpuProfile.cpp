// GpuProfile: reader of the EnergyPass GPU profile, with every field checked against the schema.
#include "energy/gpu/GpuProfile.h"

#include "energy/gpu/BehaviourGrouper.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"

#include "document/Envelope.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace energy::gpu {
namespace {

using document::View;
using nlohmann::json;
constexpr uint64_t MaxThreads = uint64_t(1) << 27;

const document::Wording ProfileWording = {
    .BeforeOrigin = "",
    .Key = "{path}:",
    .Missing = "{path}: missing",
    .WayOut = "",
    .BareTypeNames = false,
    .NumberedElements = true,
    .Raise = document::raise<InputError>,
};

const document::Refusals NotAGpuProfile = {
    .NotThisFormat = "not an EnergyPass GPU profile (\"format\" must be \"{expected}\")",
    .WrongFormat = "not an EnergyPass GPU profile (\"format\" must be \"{expected}\")",
    .UnsupportedVersion = "version: unsupported GPU profile version {found}; this energy-gpu "
                          "reads {versions}, upgrade energy-gpu or re-record the profile",
};

class ProfileReader {
public:
  explicit ProfileReader(const std::string &Path) : Path(Path) {}

  std::vector<Kernel> read() {
    json Doc = parse();
    View Root(Doc, Path, ProfileWording);
    document::checkEnvelope(Root, format::GpuProfile, NotAGpuProfile);
    std::vector<Kernel> Out;
    for (const View &K : Root["kernels"].elements())
      Out.push_back(kernel(K));
    if (Out.empty())
      Root["kernels"].reject("the profile holds no kernel launch");
    return Out;
  }

private:
  json parse() {
    LineReader R(Path);
    std::string Text;
    std::string_view Line;
    while (R.next(Line)) {
      Text.append(Line);
      Text.push_back('\n');
    }
    try {
      return json::parse(Text);
    } catch (const json::parse_error &E) {
      failAt(Path, 0,
             std::string("not valid JSON (") + E.what() + "); the file is truncated or corrupt");
    }
  }

  /// The elements of an array of Size numbers: [x, y, z], [block, count], ...
  static std::vector<uint64_t> tuple(const View &Field, size_t Size, const char *Shape) {
    if (Field.arraySize() != Size)
      Field.reject(std::string("expected ") + Shape);
    std::vector<uint64_t> Values;
    for (const View &E : Field.elements())
      Values.push_back(E.unsignedInteger());
    return Values;
  }

  Dim3 dim(const View &Field) {
    std::vector<uint64_t> Xyz = tuple(Field, 3, "[x, y, z]");
    for (uint64_t V : Xyz)
      if (V == 0 || V > UINT32_MAX)
        Field.reject("dimensions must be 1 to 2^32-1");
    return Dim3{uint32_t(Xyz[0]), uint32_t(Xyz[1]), uint32_t(Xyz[2])};
  }

  void blocks(Kernel &K, const View &Obj) {
    std::vector<View> Blocks = Obj["blocks"].elements();
    for (size_t I = 0; I < Blocks.size(); ++I) {
      const View &B = Blocks[I];
      BasicBlock Out;
      Out.Id = uint32_t(I);
      if (B["id"].unsignedInteger() != I)
        B["id"].reject("block ids must be 0, 1, 2, ... in order");
      Out.Label = B.stringOr("label", "B" + std::to_string(I));
      auto Address = B.optional("address");
      Out.Address = Address ? Address->unsignedInteger() : I;
      Out.Instructions = uint32_t(B["instructions"].unsignedInteger());
      if (auto Opcodes = B.optional("opcodes"))
        for (const std::string &Name : Opcodes->memberNames())
          Out.OpcodeMix[Name] = uint32_t((*Opcodes)[Name].unsignedInteger());
      Out.Terminator = B.stringOr("terminator", "");
      auto Exit = B.optional("exit");
      Out.EndsInExit = Exit && Exit->boolean();
      K.Blocks.push_back(std::move(Out));
    }
  }

  SparseVector blockCounts(const Kernel &K, const View &Group) {
    SparseVector V;
    for (const View &Pair : Group["blocks"].elements()) {
      std::vector<uint64_t> BlockCount = tuple(Pair, 2, "[block, count]");
      uint64_t B = BlockCount[0], C = BlockCount[1];
      if (B >= K.Blocks.size())
        Pair.reject("block " + std::to_string(B) + " is not in the kernel's blocks");
      if (C)
        V.emplace_back(uint32_t(B), C);
    }
    std::sort(V.begin(), V.end());
    for (size_t I = 1; I < V.size(); ++I)
      if (V[I].first == V[I - 1].first)
        Group["blocks"].reject("block " + std::to_string(V[I].first) + " is listed twice");
    return V;
  }

  void group(Kernel &K, BehaviourGrouper &G, std::vector<bool> &Seen, const View &Group) {
    SparseVector V = blockCounts(K, Group);
    uint64_t Members = 0;
    for (const View &Range : Group["ranges"].elements()) {
      std::vector<uint64_t> FirstLast = tuple(Range, 2, "[first, last]");
      uint64_t First = FirstLast[0], Last = FirstLast[1];
      if (First > Last || Last >= K.threads())
        Range.reject("range " + std::to_string(First) + "-" + std::to_string(Last) +
                     " is empty or outside the launch's " + std::to_string(K.threads()) +
                     " threads");
      for (uint64_t T = First; T <= Last; ++T) {
        if (Seen[T])
          Range.reject("thread " + std::to_string(T) + " appears in two groups");
        Seen[T] = true;
      }
      G.addRange(First, Last - First + 1, V);
      Members += Last - First + 1;
    }
    auto Edges = Group.optional("edges");
    if (!Edges)
      return;
    for (const View &Edge : Edges->elements()) {
      std::vector<uint64_t> FromToCount = tuple(Edge, 3, "[from, to, count]");
      uint64_t From = FromToCount[0], To = FromToCount[1], C = FromToCount[2];
      if (From >= K.Blocks.size() || To >= K.Blocks.size())
        Edge.reject("edge between blocks that the kernel does not have");
      K.Edges[{uint32_t(From), uint32_t(To)}] += C * Members;
    }
  }

  Kernel kernel(const View &Obj) {
    Kernel K;
    K.Name = Obj["name"].string();
    K.Launch = uint32_t(Obj["launch"].unsignedInteger());
    K.Grid = dim(Obj["grid"]);
    K.Block = dim(Obj["block"]);
    if (K.threads() > MaxThreads)
      Obj.reject("more than 2^27 threads in one launch; this reader does not hold that many");
    if (auto Warp = Obj.optional("warp_size")) {
      uint64_t W = Warp->unsignedInteger();
      if (W == 0 || W > 32)
        Warp->reject("must be 1 to 32");
      K.WarpSize = uint32_t(W);
    }
    K.Source = SourceKind::GpuProfile;
    K.SourcePath = Path;
    blocks(K, Obj);
    BehaviourGrouper G(K.threads());
    std::vector<bool> Seen(K.threads(), false);
    for (const View &Group : Obj["threads"].elements())
      group(K, G, Seen, Group);
    size_t Blocks = K.Blocks.size();
    G.finish(K, [&](const SparseVector &V) {
      std::vector<uint64_t> Dense(Blocks, 0);
      for (const auto &[B, C] : V)
        Dense[B] = C;
      return Dense;
    });
    K.linkBlocksFromEdges();
    return K;
  }

  std::string Path;
};

} // namespace

std::vector<Kernel> readGpuProfile(const std::string &Path) { return ProfileReader(Path).read(); }

} // namespace energy::gpu
