// Analysis: the order in which the per-launch analyses run and what each one feeds the next.
#include "energy/gpu/Analysis.h"

#include <algorithm>

namespace energy::gpu {
namespace {

void transitions(KernelAnalysis &A) {
  A.BlockExecutions = A.K.blockExecutions();
  std::vector<uint64_t> Out(A.K.Blocks.size(), 0);
  for (const auto &[Edge, Count] : A.K.Edges) {
    uint64_t From = A.BlockExecutions[Edge.first];
    A.Transitions.push_back(
        Transition{Edge.first, Edge.second, Count, From ? double(Count) / double(From) : 0.0});
    Out[Edge.first] += Count;
  }
  A.ExitProbability.assign(A.K.Blocks.size(), 0.0);
  for (size_t B = 0; B < A.K.Blocks.size(); ++B)
    if (A.BlockExecutions[B] > Out[B])
      A.ExitProbability[B] = double(A.BlockExecutions[B] - Out[B]) / double(A.BlockExecutions[B]);
}

} // namespace

KernelAnalysis analyseKernel(Kernel K, const AnalysisOptions &Options) {
  KernelAnalysis A;
  A.K = std::move(K);
  if (!A.K.DivergenceMeasured)
    estimateWarpCounts(A.K);
  transitions(A);
  A.Vectors = behaviourVectors(A.K, Options.Vectors);
  A.Similarity =
      computeSimilarity(A.Vectors, Options.Vectors.Distance, Options.MaxMatrixBehaviours);
  A.Divergence = summarizeDivergence(A.K);
  A.Warps = analyseGroups(A.K, GroupKind::Warp, A.Vectors, A.Similarity, Options.Vectors.Distance);
  A.ThreadBlocks =
      analyseGroups(A.K, GroupKind::ThreadBlock, A.Vectors, A.Similarity, Options.Vectors.Distance);
  std::vector<uint64_t> Weights, First;
  for (const Behaviour &B : A.K.Behaviours) {
    Weights.push_back(B.Threads);
    First.push_back(B.FirstThread);
  }
  A.Clusters = clusterBehaviours(A.Vectors, Weights, First, Options.Clusters);
  A.Classification = classify(A, Options.Limits);
  return A;
}

} // namespace energy::gpu
