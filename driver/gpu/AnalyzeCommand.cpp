// analyze: writes every output of every launch into a directory: analysis.json, summary.txt,
// CSV matrices and tables, the Graphviz CFG, the SVG heat map and SimPoint .bb files.
#include "Commands.h"
#include "Options.h"

#include "energy/gpu/InputError.h"
#include "energy/gpu/JsonWriter.h"
#include "energy/gpu/Summary.h"
#include "energy/gpu/Writers.h"
#include "support/SafeFile.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

namespace energy::gpu::cli {
namespace {

struct AnalyzeOptions {
  CommonOptions Common;
  std::string OutDir;
  std::vector<std::string> Formats{"json", "csv", "dot", "svg", "summary", "bb"};
  bool ThreadMatrix = false;
  uint64_t ThreadMatrixLimit = 4096;
  size_t SyncWarps = 4, SyncBlocks = 0;
};

class OutputDir {
public:
  explicit OutputDir(const std::string &Dir) : Dir(Dir) {
    std::error_code Ec;
    std::filesystem::create_directories(Dir, Ec);
    if (Ec)
      throw InputError("cannot create output directory " + Dir + ": " + Ec.message() +
                       "; choose another -o or fix its permissions");
  }
  // Writes NAME with FILL and records it under KEY in FILES.
  template <typename Fn>
  void write(const std::string &Name, std::map<std::string, std::string> *Files,
             const std::string &Key, Fn Fill) {
    std::string Path = (std::filesystem::path(Dir) / Name).string();
    std::ostringstream OS;
    Fill(OS);
    std::string Error;
    if (!energy::support::writeFileSafely(Path, OS.str(), {}, Error))
      throw InputError("cannot write " + Path + ": " + Error +
                       "; check free space and the directory's permissions");
    if (Files)
      (*Files)[Key] = Name;
  }

private:
  std::string Dir;
};

void writeSyncMatrices(OutputDir &Out, const AnalyzeOptions &O, const KernelAnalysis &A,
                       const std::string &P, std::map<std::string, std::string> &F) {
  // Mixed groups first: those are the ones whose matrices say something.
  auto writeGroups = [&](GroupKind G, const GroupSyncSummary &S, size_t Limit) {
    std::vector<uint64_t> Chosen;
    for (int Pass = 0; Pass < 2; ++Pass)
      for (const GroupStats &Stats : S.PerGroup)
        if (Chosen.size() < Limit && (Stats.Distinct > 1) == (Pass == 0))
          Chosen.push_back(Stats.Group);
    for (uint64_t Index : Chosen) {
      std::string Name = P + ".sync-" + groupKindName(G) + "-" + std::to_string(Index) + ".csv";
      auto [First, Count] = groupThreads(A.K, G, Index);
      std::vector<std::string> Labels;
      for (uint64_t T = First; T < First + Count; ++T)
        Labels.push_back("t" + std::to_string(T));
      Out.write(Name, &F, std::string("sync_") + groupKindName(G) + "_" + std::to_string(Index),
                [&](auto &OS) {
                  writeMatrixCsv(OS,
                                 syncMatrix(A.K, G, Index, A.Vectors,
                                            O.Common.analysisOptions().Vectors.Distance),
                                 Labels);
                });
    }
  };
  writeGroups(GroupKind::Warp, A.Warps, O.SyncWarps);
  writeGroups(GroupKind::ThreadBlock, A.ThreadBlocks, O.SyncBlocks);
}

void writeThreadMatrix(OutputDir &Out, const AnalyzeOptions &O, const KernelAnalysis &A,
                       const std::string &P, std::map<std::string, std::string> &F) {
  if (A.K.threads() > O.ThreadMatrixLimit || !A.Similarity.Computed) {
    std::cerr
        << "energy-gpu: note: launch " << A.K.Launch << " has " << A.K.threads()
        << " threads; the thread-by-thread matrix is written only up to --thread-matrix-limit "
        << O.ThreadMatrixLimit << " threads (the behaviour matrix holds the same information)\n";
    return;
  }
  std::vector<std::string> Labels;
  for (uint64_t T = 0; T < A.K.threads(); ++T)
    Labels.push_back("t" + std::to_string(T));
  Out.write(P + ".thread-similarity.csv", &F, "thread_similarity_csv", [&](auto &OS) {
    writeMatrixCsv(OS, threadSimilarity(A.K, A.Similarity, 0, A.K.threads()), Labels);
  });
}

int run(const AnalyzeOptions &O) {
  std::set<std::string> Formats(O.Formats.begin(), O.Formats.end());
  AnalysisOptions AO = O.Common.analysisOptions();
  OutputDir Out(O.OutDir); // before the analysis, so a bad -o fails fast
  std::vector<KernelAnalysis> All = analyseInputs(O.Common, nullptr);
  std::vector<std::map<std::string, std::string>> Files(All.size());
  std::ostringstream Summary;
  for (size_t I = 0; I < All.size(); ++I) {
    const KernelAnalysis &A = All[I];
    std::map<std::string, std::string> &F = Files[I];
    std::string P = "k" + std::to_string(I + 1);
    if (Formats.count("csv")) {
      Out.write(P + ".transitions.csv", &F, "transitions_csv",
                [&](auto &OS) { writeTransitionsCsv(OS, A); });
      Out.write(P + ".behaviours.csv", &F, "behaviours_csv",
                [&](auto &OS) { writeBehavioursCsv(OS, A); });
      Out.write(P + ".warps.csv", &F, "warps_csv", [&](auto &OS) { writeWarpsCsv(OS, A); });
      if (A.Similarity.Computed) {
        Out.write(P + ".distances.csv", &F, "distances_csv", [&](auto &OS) {
          writeMatrixCsv(OS, A.Similarity.Distances, behaviourLabels(A));
        });
        Out.write(P + ".similarity.csv", &F, "similarity_csv", [&](auto &OS) {
          writeMatrixCsv(OS, A.Similarity.Similarity, behaviourLabels(A));
        });
      }
      writeSyncMatrices(Out, O, A, P, F);
      if (O.ThreadMatrix)
        writeThreadMatrix(Out, O, A, P, F);
    }
    if (Formats.count("dot"))
      Out.write(P + ".cfg.dot", &F, "cfg_dot", [&](auto &OS) { writeCfgDot(OS, A); });
    if (Formats.count("svg"))
      Out.write(P + ".similarity.svg", &F, "similarity_svg",
                [&](auto &OS) { writeSimilaritySvg(OS, A); });
    if (Formats.count("bb"))
      Out.write(P + ".bb", &F, "simpoint_bb", [&](auto &OS) { writeSimPointBb(OS, A.K); });
    for (const std::string &L : summarize(A))
      Summary << L << '\n';
    Summary << '\n';
  }
  if (Formats.count("summary"))
    Out.write("summary.txt", nullptr, "", [&](auto &OS) { OS << Summary.str(); });
  if (Formats.count("json"))
    Out.write("analysis.json", nullptr, "",
              [&](auto &OS) { OS << analysisToJson(All, AO, Files).dump(1) << '\n'; });
  std::cout << Summary.str();
  return 0;
}

} // namespace

Action addAnalyzeCommand(CLI::App &Parent) {
  auto O = std::make_shared<AnalyzeOptions>();
  CLI::App *C =
      Parent.add_subcommand("analyze", "analyse launches and write every output into a directory");
  O->Common.add(*C);
  C->add_option("-o,--output", O->OutDir, "output directory (created if missing)")->required();
  C->add_option("--format", O->Formats, "outputs to write: json, csv, dot, svg, summary, bb")
      ->delimiter(',')
      ->check(CLI::IsMember({"json", "csv", "dot", "svg", "summary", "bb"}));
  C->add_flag("--thread-matrix", O->ThreadMatrix,
              "also write the full thread-by-thread similarity matrix");
  C->add_option("--thread-matrix-limit", O->ThreadMatrixLimit,
                "largest launch (threads) for --thread-matrix");
  C->add_option("--sync-warps", O->SyncWarps,
                "synchronisation matrices to write for warps (mixed first)");
  C->add_option("--sync-blocks", O->SyncBlocks,
                "synchronisation matrices to write for thread blocks");
  return [O] { return run(*O); };
}

} // namespace energy::gpu::cli
