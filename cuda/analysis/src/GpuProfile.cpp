// GpuProfile: reader of the EnergyPass GPU profile, with every field checked against the schema.
#include "energy/gpu/GpuProfile.h"

#include "energy/gpu/BehaviourGrouper.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace energy::gpu {
namespace {

using nlohmann::json;
constexpr uint64_t MaxThreads = uint64_t(1) << 27;

class ProfileReader {
public:
  explicit ProfileReader(const std::string &Path) : Path(Path) {}

  std::vector<Kernel> read() {
    json Doc = parse();
    if (!Doc.is_object() || Doc.value("format", "") != GpuProfileFormat)
      fail("", std::string("not an EnergyPass GPU profile (\"format\" must be \"") +
                   GpuProfileFormat + "\")");
    if (!Doc.contains("version") || !Doc["version"].is_number_integer() ||
        Doc["version"].get<int64_t>() != GpuProfileVersion)
      fail("version", "unsupported GPU profile version " +
                          (Doc.contains("version") ? Doc["version"].dump() : "(none)") +
                          "; this energy-gpu reads version " + std::to_string(GpuProfileVersion) +
                          ", upgrade energy-gpu or re-record the profile");
    const json &Kernels = member(Doc, "kernels", "", json::value_t::array);
    std::vector<Kernel> Out;
    for (size_t I = 0; I < Kernels.size(); ++I)
      Out.push_back(kernel(Kernels[I], "kernels[" + std::to_string(I) + "]"));
    if (Out.empty())
      fail("kernels", "the profile holds no kernel launch");
    return Out;
  }

private:
  [[noreturn]] void fail(const std::string &Where, const std::string &What) {
    failAt(Path, 0, (Where.empty() ? "" : Where + ": ") + What);
  }

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
      fail("", std::string("not valid JSON (") + E.what() + "); the file is truncated or corrupt");
    }
  }

  const json &member(const json &Obj, const char *Key, const std::string &Where,
                     json::value_t Type) {
    std::string At = Where.empty() ? Key : Where + "." + Key;
    if (!Obj.is_object() || !Obj.contains(Key))
      fail(At, "missing");
    const json &V = Obj[Key];
    bool Ok =
        V.type() == Type || (Type == json::value_t::number_unsigned &&
                             V.type() == json::value_t::number_integer && V.get<int64_t>() >= 0);
    if (!Ok)
      fail(At, "has the wrong type (" + std::string(V.type_name()) + ")");
    return V;
  }

  uint64_t count(const json &V, const std::string &Where) {
    if (!V.is_number_unsigned() && !(V.is_number_integer() && V.get<int64_t>() >= 0))
      fail(Where, "expected a non-negative integer, found " + V.dump().substr(0, 40));
    return V.get<uint64_t>();
  }

  Dim3 dim(const json &Obj, const char *Key, const std::string &Where) {
    const json &A = member(Obj, Key, Where, json::value_t::array);
    if (A.size() != 3)
      fail(Where + "." + Key, "expected [x, y, z]");
    Dim3 D;
    uint32_t *Out[3] = {&D.X, &D.Y, &D.Z};
    for (int I = 0; I < 3; ++I) {
      uint64_t V = count(A[I], Where + "." + Key);
      if (V == 0 || V > UINT32_MAX)
        fail(Where + "." + Key, "dimensions must be 1 to 2^32-1");
      *Out[I] = uint32_t(V);
    }
    return D;
  }

  void blocks(Kernel &K, const json &Obj, const std::string &Where) {
    const json &Blocks = member(Obj, "blocks", Where, json::value_t::array);
    for (size_t I = 0; I < Blocks.size(); ++I) {
      std::string At = Where + ".blocks[" + std::to_string(I) + "]";
      const json &B = Blocks[I];
      BasicBlock Out;
      Out.Id = uint32_t(I);
      if (count(member(B, "id", At, json::value_t::number_unsigned), At + ".id") != I)
        fail(At + ".id", "block ids must be 0, 1, 2, ... in order");
      Out.Label = B.contains("label") && B["label"].is_string() ? B["label"].get<std::string>()
                                                                : "B" + std::to_string(I);
      Out.Address = B.contains("address") ? count(B["address"], At + ".address") : I;
      Out.Instructions = uint32_t(count(
          member(B, "instructions", At, json::value_t::number_unsigned), At + ".instructions"));
      if (B.contains("opcodes")) {
        if (!B["opcodes"].is_object())
          fail(At + ".opcodes", "expected an object of mnemonic counts");
        for (const auto &[Name, N] : B["opcodes"].items())
          Out.OpcodeMix[Name] = uint32_t(count(N, At + ".opcodes." + Name));
      }
      Out.Terminator = B.contains("terminator") && B["terminator"].is_string()
                           ? B["terminator"].get<std::string>()
                           : "";
      Out.EndsInExit = B.contains("exit") && B["exit"].is_boolean() && B["exit"].get<bool>();
      K.Blocks.push_back(std::move(Out));
    }
  }

  SparseVector blockCounts(const Kernel &K, const json &G, const std::string &Where) {
    SparseVector V;
    const json &Counts = member(G, "blocks", Where, json::value_t::array);
    for (size_t I = 0; I < Counts.size(); ++I) {
      std::string At = Where + ".blocks[" + std::to_string(I) + "]";
      if (!Counts[I].is_array() || Counts[I].size() != 2)
        fail(At, "expected [block, count]");
      uint64_t B = count(Counts[I][0], At), C = count(Counts[I][1], At);
      if (B >= K.Blocks.size())
        fail(At, "block " + std::to_string(B) + " is not in the kernel's blocks");
      if (C)
        V.emplace_back(uint32_t(B), C);
    }
    std::sort(V.begin(), V.end());
    for (size_t I = 1; I < V.size(); ++I)
      if (V[I].first == V[I - 1].first)
        fail(Where + ".blocks", "block " + std::to_string(V[I].first) + " is listed twice");
    return V;
  }

  void group(Kernel &K, BehaviourGrouper &G, std::vector<bool> &Seen, const json &Group,
             const std::string &Where) {
    SparseVector V = blockCounts(K, Group, Where);
    const json &Ranges = member(Group, "ranges", Where, json::value_t::array);
    uint64_t Members = 0;
    for (size_t I = 0; I < Ranges.size(); ++I) {
      std::string At = Where + ".ranges[" + std::to_string(I) + "]";
      if (!Ranges[I].is_array() || Ranges[I].size() != 2)
        fail(At, "expected [first, last]");
      uint64_t First = count(Ranges[I][0], At), Last = count(Ranges[I][1], At);
      if (First > Last || Last >= K.threads())
        fail(At, "range " + std::to_string(First) + "-" + std::to_string(Last) +
                     " is empty or outside the launch's " + std::to_string(K.threads()) +
                     " threads");
      for (uint64_t T = First; T <= Last; ++T) {
        if (Seen[T])
          fail(At, "thread " + std::to_string(T) + " appears in two groups");
        Seen[T] = true;
      }
      G.addRange(First, Last - First + 1, V);
      Members += Last - First + 1;
    }
    if (!Group.contains("edges"))
      return;
    const json &Edges = member(Group, "edges", Where, json::value_t::array);
    for (size_t I = 0; I < Edges.size(); ++I) {
      std::string At = Where + ".edges[" + std::to_string(I) + "]";
      if (!Edges[I].is_array() || Edges[I].size() != 3)
        fail(At, "expected [from, to, count]");
      uint64_t From = count(Edges[I][0], At), To = count(Edges[I][1], At),
               C = count(Edges[I][2], At);
      if (From >= K.Blocks.size() || To >= K.Blocks.size())
        fail(At, "edge between blocks that the kernel does not have");
      K.Edges[{uint32_t(From), uint32_t(To)}] += C * Members;
    }
  }

  Kernel kernel(const json &Obj, const std::string &Where) {
    Kernel K;
    K.Name = member(Obj, "name", Where, json::value_t::string).get<std::string>();
    K.Launch = uint32_t(
        count(member(Obj, "launch", Where, json::value_t::number_unsigned), Where + ".launch"));
    K.Grid = dim(Obj, "grid", Where);
    K.Block = dim(Obj, "block", Where);
    if (K.threads() > MaxThreads)
      fail(Where, "more than 2^27 threads in one launch; this reader does not hold that many");
    if (Obj.contains("warp_size")) {
      uint64_t W = count(Obj["warp_size"], Where + ".warp_size");
      if (W == 0 || W > 32)
        fail(Where + ".warp_size", "must be 1 to 32");
      K.WarpSize = uint32_t(W);
    }
    K.Source = SourceKind::GpuProfile;
    K.SourcePath = Path;
    blocks(K, Obj, Where);
    BehaviourGrouper G(K.threads());
    std::vector<bool> Seen(K.threads(), false);
    const json &Threads = member(Obj, "threads", Where, json::value_t::array);
    for (size_t I = 0; I < Threads.size(); ++I)
      group(K, G, Seen, Threads[I], Where + ".threads[" + std::to_string(I) + "]");
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
