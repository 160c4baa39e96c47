// CsvWriter: matrices and per-warp, per-behaviour and transition tables as CSV.
#include "energy/gpu/Divergence.h"
#include "energy/gpu/Summary.h"
#include "energy/gpu/Writers.h"

#include "csv/CsvText.h"

#include <cmath>

namespace energy::gpu {
std::vector<std::string> behaviourLabels(const KernelAnalysis &A) {
  std::vector<std::string> Labels;
  for (size_t I = 0; I < A.K.Behaviours.size(); ++I)
    Labels.push_back("b" + std::to_string(I) + " (" + std::to_string(A.K.Behaviours[I].Threads) +
                     " threads)");
  return Labels;
}

void writeMatrixCsv(std::ostream &OS, const Eigen::MatrixXd &M,
                    const std::vector<std::string> &Labels) {
  OS << "";
  for (const std::string &L : Labels)
    OS << ',' << csv::field(L);
  OS << '\n';
  for (Eigen::Index R = 0; R < M.rows(); ++R) {
    OS << csv::field(size_t(R) < Labels.size() ? Labels[R] : std::to_string(R));
    for (Eigen::Index C = 0; C < M.cols(); ++C)
      OS << ',' << M(R, C);
    OS << '\n';
  }
}

void writeTransitionsCsv(std::ostream &OS, const KernelAnalysis &A) {
  OS << "from,to,from_label,to_label,count,probability\n";
  for (const Transition &T : A.Transitions)
    OS << T.From << ',' << T.To << ',' << csv::field(A.K.Blocks[T.From].Label) << ','
       << csv::field(A.K.Blocks[T.To].Label) << ',' << T.Count << ',' << T.Probability << '\n';
  for (size_t B = 0; B < A.ExitProbability.size(); ++B)
    if (A.ExitProbability[B] > 0)
      OS << B << ",exit," << csv::field(A.K.Blocks[B].Label) << ",exit,"
         << std::llround(A.ExitProbability[B] * double(A.BlockExecutions[B])) << ','
         << A.ExitProbability[B] << '\n';
}

void writeWarpsCsv(std::ostream &OS, const KernelAnalysis &A) {
  OS << "warp,first_thread,threads,distinct_behaviours,mean_distance,sync_ratio,branches,"
        "divergent_branches,branch_efficiency,warp_execution_efficiency\n";
  for (const GroupStats &G : A.Warps.PerGroup) {
    const WarpCounts &W = A.K.WarpStats[G.Group];
    OS << G.Group << ',' << groupThreads(A.K, GroupKind::Warp, G.Group).first << ',' << G.Threads
       << ',' << G.Distinct << ',';
    if (std::isfinite(G.MeanDistance))
      OS << G.MeanDistance;
    OS << ',' << G.SyncRatio << ',' << W.Branches << ',' << W.DivergentBranches << ','
       << branchEfficiency(W) << ',' << warpExecutionEfficiency(W, A.K.WarpSize) << '\n';
  }
}

void writeBehavioursCsv(std::ostream &OS, const KernelAnalysis &A) {
  OS << "behaviour,threads,first_thread,cluster,thread_ranges";
  for (const BasicBlock &B : A.K.Blocks)
    OS << ",B" << B.Id;
  OS << '\n';
  std::vector<ThreadRanges> Ranges = behaviourThreadRanges(A.K, 8);
  for (size_t I = 0; I < A.K.Behaviours.size(); ++I) {
    const Behaviour &B = A.K.Behaviours[I];
    OS << I << ',' << B.Threads << ',' << B.FirstThread << ','
       << (A.Clusters.BehaviourCluster.empty() ? 0 : A.Clusters.BehaviourCluster[I]) << ','
       << csv::field(describeRanges(Ranges[I]));
    for (uint64_t C : B.BlockCounts)
      OS << ',' << C;
    OS << '\n';
  }
}

} // namespace energy::gpu
