// classify: analyses many inputs and prints one row per launch comparing them, with the
// statistics of docs/energy-gpu.md and the verdicts (patent steps 10 and 11).
#include "Commands.h"
#include "Options.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace energy::gpu::cli {
namespace {

std::string fixed(double X, const char *Format = "%.3f") {
  if (!std::isfinite(X))
    return "-";
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, Format, X);
  return Buf;
}

std::string shortName(const std::string &Name, size_t Width) {
  return Name.size() <= Width ? Name : Name.substr(0, Width - 3) + "...";
}

int run(const CommonOptions &O) {
  std::vector<std::string> InputOf;
  std::vector<KernelAnalysis> All = analyseInputs(O, &InputOf);
  std::printf("%-24s %-28s %9s %6s %4s %7s %7s %8s %9s %6s %-5s %-5s %s\n", "input", "kernel",
              "threads", "behav", "k", "br_eff", "warp_ef", "div_warp", "warp_dist", "sync", "div?",
              "beh?", "decided by");
  for (size_t I = 0; I < All.size(); ++I) {
    const KernelAnalysis &A = All[I];
    std::string Reasons;
    for (const std::string &R : A.Classification.Reasons)
      Reasons += (Reasons.empty() ? "" : "; ") + R;
    double DivShare =
        A.Divergence.Warps ? double(A.Divergence.DivergentWarps) / A.Divergence.Warps : 0;
    std::printf("%-24s %-28s %9llu %6zu %4u %7s %7s %8s %9s %6s %-5s %-5s %s\n",
                shortName(std::filesystem::path(InputOf[I]).filename().string(), 24).c_str(),
                shortName(demangle(A.K.Name), 28).c_str(), (unsigned long long)A.K.threads(),
                A.K.Behaviours.size(), A.Clusters.K, fixed(A.Divergence.BranchEfficiency).c_str(),
                fixed(A.Divergence.WarpExecutionEfficiency).c_str(), fixed(DivShare).c_str(),
                fixed(A.Warps.MeanDistance).c_str(), fixed(A.Warps.SyncRatio).c_str(),
                A.Classification.DivergenceSignificant ? "yes" : "no",
                A.Classification.BehaviourSignificant ? "yes" : "no",
                Reasons.empty() ? "-" : Reasons.c_str());
  }
  return 0;
}

} // namespace

Action addClassifyCommand(CLI::App &Parent) {
  auto O = std::make_shared<CommonOptions>();
  CLI::App *C =
      Parent.add_subcommand("classify", "classify many inputs and print a table comparing them");
  O->add(*C);
  return [O] { return run(*O); };
}

} // namespace energy::gpu::cli
