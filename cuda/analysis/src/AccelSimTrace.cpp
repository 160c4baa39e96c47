// AccelSimTrace: the structure of Accel-Sim trace files (header, thread blocks, warps, raw
// lines) and of kernelslist.g; instruction lines are parsed by AccelSimLine and turned into a
// Kernel by SassKernelBuilder.
#include "energy/gpu/AccelSimTrace.h"

#include "AccelSimLine.h"
#include "SassKernelBuilder.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/LineReader.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <map>

namespace energy::gpu {
namespace {

constexpr int OldestVersion = 3, NewestVersion = 5;
// One behaviour index per thread is kept; 2^27 threads take 512 MiB of it.
constexpr uint64_t MaxThreads = uint64_t(1) << 27;

// "(x,y,z)" or "x,y,z" -> numbers.
bool parseTriple(std::string_view S, uint32_t &X, uint32_t &Y, uint32_t &Z) {
  S = trim(S);
  if (!S.empty() && S.front() == '(' && S.back() == ')')
    S = S.substr(1, S.size() - 2);
  uint32_t *Out[3] = {&X, &Y, &Z};
  for (int I = 0; I < 3; ++I) {
    S = trim(S);
    auto [Ptr, Ec] = std::from_chars(S.data(), S.data() + S.size(), *Out[I]);
    if (Ec != std::errc())
      return false;
    S = S.substr(Ptr - S.data());
    S = trim(S);
    if (I < 2) {
      if (S.empty() || S.front() != ',')
        return false;
      S.remove_prefix(1);
    }
  }
  return trim(S).empty();
}

bool parseCount(std::string_view S, uint64_t &Value) {
  S = trim(S);
  auto [Ptr, Ec] = std::from_chars(S.data(), S.data() + S.size(), Value);
  return Ec == std::errc() && Ptr == S.data() + S.size() && !S.empty();
}

// Reads one kernel file: header first, then either per-block sections or raw lines.
class TraceFileReader {
public:
  explicit TraceFileReader(const std::string &Path) : R(Path) {}

  Kernel read() {
    std::string_view Line;
    bool BodyStarted = false;
    while (R.next(Line)) {
      Line = trim(Line);
      if (Line.empty())
        continue;
      if (Line.front() == '-') {
        if (BodyStarted)
          fail("header line after the first thread block; the trace is corrupt");
        headerLine(Line);
        continue;
      }
      if (!BodyStarted) {
        startBody();
        BodyStarted = true;
      }
      bodyLine(Line);
    }
    return finish(BodyStarted);
  }

private:
  [[noreturn]] void fail(const std::string &What) { failAt(R.path(), R.lineNumber(), What); }

  void headerLine(std::string_view Line) {
    size_t Eq = Line.find('=');
    if (Eq == std::string_view::npos)
      fail("header line without '=': expected '-key = value'");
    std::string_view Key = trim(Line.substr(1, Eq - 1)), Value = trim(Line.substr(Eq + 1));
    uint64_t N = 0;
    if (Key == "kernel name")
      K.Name = std::string(Value);
    else if (Key == "kernel id") {
      if (!parseCount(Value, N))
        fail("bad kernel id '" + std::string(Value) + "'");
      K.Launch = uint32_t(N);
    } else if (Key == "grid dim") {
      if (!parseTriple(Value, K.Grid.X, K.Grid.Y, K.Grid.Z))
        fail("bad grid dim '" + std::string(Value) + "': expected (x,y,z)");
      HaveGrid = true;
    } else if (Key == "block dim") {
      if (!parseTriple(Value, K.Block.X, K.Block.Y, K.Block.Z))
        fail("bad block dim '" + std::string(Value) + "': expected (x,y,z)");
      HaveBlock = true;
    } else if (Key == "accelsim tracer version") {
      if (!parseCount(Value, N) || N < OldestVersion || N > NewestVersion)
        fail("unsupported Accel-Sim tracer version '" + std::string(Value) +
             "' (this reader knows versions 3 to 5); re-trace with a supported tracer");
      Layout.Version = int(N);
      HaveVersion = true;
    } else if (Key == "enable lineinfo") {
      if (!parseCount(Value, N) || N > 1)
        fail("bad '-enable lineinfo' value '" + std::string(Value) + "': expected 0 or 1");
      Layout.LineInfo = N == 1;
    }
  }

  void startBody() {
    if (!HaveVersion)
      fail("no '-accelsim tracer version' header before the trace body; is this an Accel-Sim "
           "trace?");
    if (!HaveGrid || !HaveBlock)
      fail("the header lacks '-grid dim' or '-block dim'");
    if (K.Grid.count() == 0 || K.Block.count() == 0 || K.threads() > MaxThreads)
      fail("grid or block dim is zero or the launch has more than 2^27 threads (more than this "
           "reader holds)");
    Builder = std::make_unique<SassKernelBuilder>(K);
  }

  void bodyLine(std::string_view Line) {
    if (Line.front() == '#') {
      if (Line == "#BEGIN_TB")
        beginBlock();
      else if (Line == "#END_TB")
        endBlock();
      return; // other '#' lines are comments such as "#traces format = ..."
    }
    if (Line.starts_with("thread block")) {
      threadBlock(Line);
      return;
    }
    if (Line.starts_with("warp")) {
      warpLine(Line);
      return;
    }
    if (Line.starts_with("insts")) {
      instsLine(Line);
      return;
    }
    instruction(Line);
  }

  void beginBlock() {
    if (InBlock)
      fail("#BEGIN_TB inside a thread block: the previous block has no #END_TB");
    if (Raw)
      fail("#BEGIN_TB after raw trace lines; the file mixes the two layouts");
    InBlock = true;
    HaveBlockId = false;
    SeenSections = true;
  }

  void endBlock() {
    if (!InBlock)
      fail("#END_TB without #BEGIN_TB");
    flushWarp();
    InBlock = false;
  }

  void threadBlock(std::string_view Line) {
    size_t Eq = Line.find('=');
    uint32_t X, Y, Z;
    if (!InBlock || Eq == std::string_view::npos || !parseTriple(Line.substr(Eq + 1), X, Y, Z))
      fail("expected 'thread block = x,y,z' right after #BEGIN_TB");
    if (X >= K.Grid.X || Y >= K.Grid.Y || Z >= K.Grid.Z)
      fail("thread block " + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) +
           " lies outside the grid of the header");
    BlockLinear = (uint64_t(Z) * K.Grid.Y + Y) * K.Grid.X + X;
    HaveBlockId = true;
  }

  void warpLine(std::string_view Line) {
    size_t Eq = Line.find('=');
    uint64_t N = 0;
    if (!InBlock || !HaveBlockId || Eq == std::string_view::npos ||
        !parseCount(Line.substr(Eq + 1), N))
      fail("expected 'warp = N' inside a thread block after its 'thread block =' line");
    if (N >= K.warpsPerBlock())
      fail("warp " + std::to_string(N) + " does not exist in a block of " +
           std::to_string(K.Block.count()) + " threads");
    flushWarp();
    Warp = uint32_t(N);
    InWarp = true;
    Expected = UINT64_MAX;
  }

  void instsLine(std::string_view Line) {
    size_t Eq = Line.find('=');
    uint64_t N = 0;
    if (!InWarp || Eq == std::string_view::npos || !parseCount(Line.substr(Eq + 1), N))
      fail("expected 'insts = N' right after 'warp = N'");
    Expected = N;
  }

  void instruction(std::string_view Line) {
    if (!InBlock && !SeenSections)
      Raw = true;
    Layout.RawPrefix = Raw;
    if (!Raw && (!InWarp || Expected == UINT64_MAX))
      fail("instruction line outside a warp section (expected 'warp = N' and 'insts = N' first)");
    if (!Raw && Stream.size() >= Expected)
      fail("warp " + std::to_string(Warp) +
           " has more instructions than its 'insts = " + std::to_string(Expected) + "'");
    TraceInstruction I;
    if (std::string E = parseTraceInstruction(Line, Layout, I); !E.empty())
      fail(E);
    WarpInstruction W;
    if (std::string E = Builder->record(I, W); !E.empty())
      fail(E);
    if (!Raw) {
      Stream.push_back(W);
      return;
    }
    if (I.BlockX >= K.Grid.X || I.BlockY >= K.Grid.Y || I.BlockZ >= K.Grid.Z ||
        I.Warp >= K.warpsPerBlock())
      fail("thread block or warp outside the grid and block dims of the header");
    uint64_t Block = (uint64_t(I.BlockZ) * K.Grid.Y + I.BlockY) * K.Grid.X + I.BlockX;
    RawStreams[{Block, I.Warp}].push_back(W);
  }

  void flushWarp() {
    if (!InWarp)
      return;
    if (Expected != UINT64_MAX && Stream.size() != Expected)
      fail("warp " + std::to_string(Warp) + " ended after " + std::to_string(Stream.size()) +
           " of its " + std::to_string(Expected) + " instructions");
    if (std::string E = Builder->addWarp(BlockLinear, Warp, Stream); !E.empty())
      fail(E);
    Stream.clear();
    InWarp = false;
  }

  Kernel finish(bool BodyStarted) {
    if (!BodyStarted)
      failAt(R.path(), R.lineNumber(), "no trace body: the file ends after its header");
    if (InBlock)
      failAt(R.path(), R.lineNumber(),
             "truncated: the file ends inside a thread block" +
                 (InWarp ? " (warp " + std::to_string(Warp) + ", " + std::to_string(Stream.size()) +
                               " of " + std::to_string(Expected) + " instructions)"
                         : std::string()) +
                 "; re-run the tracer or re-copy the file");
    for (const auto &[Key, S] : RawStreams)
      Builder->addWarp(Key.first, Key.second, S); // keys are unique: raw warps cannot repeat
    Kernel Out = Builder->finish();
    Out.Source = SourceKind::AccelSimTrace;
    Out.SourcePath = R.path();
    return Out;
  }

  LineReader R;
  Kernel K;
  TraceLineLayout Layout;
  bool HaveGrid = false, HaveBlock = false, HaveVersion = false;
  std::unique_ptr<SassKernelBuilder> Builder;
  bool InBlock = false, HaveBlockId = false, InWarp = false, Raw = false, SeenSections = false;
  uint64_t BlockLinear = 0, Expected = UINT64_MAX;
  uint32_t Warp = 0;
  std::vector<WarpInstruction> Stream;
  std::map<std::pair<uint64_t, uint32_t>, std::vector<WarpInstruction>> RawStreams;
};

// kernelslist.g names trace files relative to itself; the files may have been xz-compressed since.
std::string resolveTrace(const std::filesystem::path &Dir, const std::string &Name) {
  std::filesystem::path P = Dir / Name;
  if (std::filesystem::exists(P))
    return P.string();
  if (std::filesystem::exists(P.string() + ".xz"))
    return P.string() + ".xz";
  return P.string();
}

} // namespace

Kernel readAccelSimKernel(const std::string &Path) { return TraceFileReader(Path).read(); }

std::vector<Kernel> readAccelSimKernelList(const std::string &Path) {
  LineReader R(Path);
  std::filesystem::path Dir = std::filesystem::path(Path).parent_path();
  std::vector<std::string> Traces;
  std::string_view Line;
  while (R.next(Line)) {
    Line = trim(Line);
    if (Line.empty() || Line.starts_with("Memcpy") || Line.front() == '#')
      continue;
    if (Line.find(".trace") == std::string_view::npos)
      failAt(Path, R.lineNumber(),
             "expected a MemcpyHtoD command or a kernel trace file name, found '" +
                 std::string(Line.substr(0, 60)) + "'");
    Traces.push_back(resolveTrace(Dir, std::string(Line)));
  }
  if (Traces.empty())
    failAt(Path, 0, "names no kernel trace; the tracer recorded no kernel launch");
  std::vector<Kernel> Kernels;
  for (const std::string &T : Traces)
    Kernels.push_back(readAccelSimKernel(T));
  return Kernels;
}

} // namespace energy::gpu
