// energy-gpu-bench: how fast and how lean the energy-gpu analysis is at scale.
//   1. One launch of 1,000,448 threads (grid 977 x 1024, warps of 32) over 100 basic blocks, with
//      the per-thread counts of Generator below (1,024 distinct behaviours): grouping the rows,
//      then every analysis (similarity matrix, divergence estimate, warp and block
//      synchronisation, k-means with BIC, classification).
//   2. Streaming a generated Accel-Sim trace from disk (plain and xz), in MB/s and lines/s.
// Prints one line per figure; bench/gpu-analysis/run.sh runs it next to the numpy/scipy baseline.
#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/Analysis.h"
#include "energy/gpu/BehaviourGrouper.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>

using namespace energy::gpu;

namespace {

// 977 full blocks of 1024: 1,000,448 threads, every one with a row.
constexpr uint64_t Threads = 977 * 1024, Blocks = 100, BlockSize = 1024;

// The same formula as pdist_baseline.py: thread t has behaviour class c (0..1023); block b runs
// once when b % 3 == 0, otherwise 1 + (bit (b % 10) of c) * (1 + b % 4) times, so the 10 bits of
// c give 1,024 distinct vectors.
uint32_t behaviourClass(uint64_t T) { return uint32_t(((T * 2654435761ull) & 0xffffffffull) >> 22); }
uint64_t countOf(uint32_t C, uint64_t B) {
  return B % 3 ? 1 + ((C >> (B % 10)) & 1) * (1 + B % 4) : 1;
}

double seconds(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

double peakMiB() {
  rusage U{};
  getrusage(RUSAGE_SELF, &U);
  return double(U.ru_maxrss) / 1024.0;
}

void benchAnalysis() {
  Kernel K;
  K.Name = "bench";
  K.Block.X = BlockSize;
  K.Grid.X = uint32_t((Threads + BlockSize - 1) / BlockSize);
  for (uint32_t B = 0; B < Blocks; ++B) {
    BasicBlock BB;
    BB.Id = B;
    BB.Label = "B" + std::to_string(B);
    BB.Instructions = 1 + B % 7;
    BB.Terminator = B % 4 == 0 ? "bra" : "add";
    BB.EndsInExit = B == Blocks - 1;
    K.Blocks.push_back(BB);
  }
  for (uint32_t B = 0; B + 1 < Blocks; ++B) {
    K.Edges[{B, B + 1}] = 1;
    if (B % 4 == 0)
      K.Edges[{B, (B + 2) % Blocks}] = 1;
  }
  K.linkBlocksFromEdges();

  auto Start = std::chrono::steady_clock::now();
  BehaviourGrouper G(K.threads());
  SparseVector Row;
  for (uint64_t T = 0; T < Threads; ++T) {
    Row.clear();
    uint32_t C = behaviourClass(T);
    for (uint64_t B = 0; B < Blocks; ++B)
      if (uint64_t N = countOf(C, B))
        Row.emplace_back(uint32_t(B), N);
    G.add(T, Row);
  }
  G.finish(K, [&](const SparseVector &V) {
    std::vector<uint64_t> D(Blocks, 0);
    for (const auto &[B, N] : V)
      D[B] = N;
    return D;
  });
  double Group = seconds(Start);
  auto AStart = std::chrono::steady_clock::now();
  KernelAnalysis A = analyseKernel(std::move(K), AnalysisOptions());
  double Analyse = seconds(AStart);
  std::printf("analysis.threads %llu\nanalysis.blocks %llu\nanalysis.behaviours %zu\n",
              (unsigned long long)Threads, (unsigned long long)Blocks, A.K.Behaviours.size());
  std::printf("analysis.group_seconds %.3f\nanalysis.analyse_seconds %.3f\nanalysis.total_seconds %.3f\n",
              Group, Analyse, Group + Analyse);
  std::printf("analysis.max_distance %.6f\n", A.Similarity.MaxDistance);
  std::printf("analysis.clusters %u\nanalysis.peak_rss_mib %.0f\n", A.Clusters.K, peakMiB());
}

// A trace of BLOCKS thread blocks x 8 warps, each warp looping over a 6-instruction body a
// warp-dependent number of times.
std::string writeTrace(const std::string &Path, uint32_t GridBlocks) {
  std::ofstream OS(Path);
  std::string Deltas; // address mode 2: 31 deltas after the base
  for (int I = 0; I < 31; ++I)
    Deltas += "4 ";
  OS << "-kernel name = _Z5benchv\n-kernel id = 1\n-grid dim = (" << GridBlocks
     << ",1,1)\n-block dim = (256,1,1)\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n";
  for (uint32_t B = 0; B < GridBlocks; ++B) {
    OS << "#BEGIN_TB\nthread block = " << B << ",0,0\n";
    for (uint32_t W = 0; W < 8; ++W) {
      uint32_t Trips = 1 + (B + W) % 8;
      OS << "warp = " << W << "\ninsts = " << 3 + Trips * 6 + 1 << "\n"
         << "0000 ffffffff 1 R1 MOV 0 0 \n0010 ffffffff 1 R2 S2R 0 0 \n0018 ffffffff 0 ISETP.GE.AND 1 R2 0 \n";
      for (uint32_t T = 0; T < Trips; ++T)
        OS << "0020 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f0000001000 4 \n0030 ffffffff 1 R5 FFMA 3 R4 R4 R5 0 \n"
           << "0038 ffffffff 1 R2 IADD 1 R2 0 \n0040 ffffffff 0 STG.E 2 R2 R5 4 2 0x7f0000009000 "
           << Deltas << "\n0048 ffffffff 0 ISETP.LT.AND 1 R2 0 \n0050 " << (T + 1 < Trips ? "ffffffff" : "00000000")
           << " 0 BRA 0 0 \n";
      OS << "0058 ffffffff 0 EXIT 0 0 \n";
    }
    OS << "#END_TB\n";
  }
  return Path;
}

void benchTrace(const std::string &Dir) {
  std::string Path = writeTrace(Dir + "/bench-kernel.traceg", 4000);
  double MiB = double(std::filesystem::file_size(Path)) / (1 << 20);
  auto Start = std::chrono::steady_clock::now();
  Kernel K = readAccelSimKernel(Path);
  double Plain = seconds(Start);
  std::string Xz = Path + ".xz";
  std::filesystem::remove(Xz);
  bool HaveXz = std::system(("xz -k -T1 -1 " + Path).c_str()) == 0;
  double Compressed = 0;
  if (HaveXz) {
    Start = std::chrono::steady_clock::now();
    readAccelSimKernel(Xz);
    Compressed = seconds(Start);
  }
  uint64_t Lines = 0;
  for (const WarpCounts &W : K.WarpStats)
    Lines += W.WarpInstructions;
  std::printf("trace.mib %.1f\ntrace.warp_instructions %llu\ntrace.plain_seconds %.3f\ntrace.plain_mib_per_s %.1f\n",
              MiB, (unsigned long long)Lines, Plain, MiB / Plain);
  if (HaveXz)
    std::printf("trace.xz_seconds %.3f\ntrace.xz_mib_per_s %.1f\n", Compressed, MiB / Compressed);
  std::filesystem::remove(Path);
  std::filesystem::remove(Xz);
}

} // namespace

int main(int argc, char **argv) {
  std::string Dir = argc > 1 ? argv[1] : std::filesystem::temp_directory_path().string();
  benchAnalysis();
  benchTrace(Dir);
  return 0;
}
