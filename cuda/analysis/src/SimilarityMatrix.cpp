// SimilarityMatrix: behaviour-level distances and similarities, and their thread-level expansion.
#include "energy/gpu/SimilarityMatrix.h"

namespace energy::gpu {

SimilarityResult computeSimilarity(const Eigen::MatrixXd &Vectors, Metric M, size_t MaxBehaviours) {
  SimilarityResult S;
  if (size_t(Vectors.rows()) > MaxBehaviours) {
    S.OmittedReason = std::to_string(Vectors.rows()) + " distinct behaviours exceed the bound of " +
                      std::to_string(MaxBehaviours) + " (raise it with --max-matrix)";
    return S;
  }
  S.Computed = true;
  S.Distances = pairwiseDistances(Vectors, M);
  S.MaxDistance = S.Distances.size() ? S.Distances.maxCoeff() : 0;
  if (M == Metric::Cosine)
    S.Similarity = (1.0 - S.Distances.array()).matrix();
  else if (S.MaxDistance > 0)
    S.Similarity = (1.0 - S.Distances.array() / S.MaxDistance).matrix();
  else
    S.Similarity = Eigen::MatrixXd::Ones(Vectors.rows(), Vectors.rows());
  return S;
}

Eigen::MatrixXd threadSimilarity(const Kernel &K, const SimilarityResult &S, uint64_t First,
                                 uint64_t Count) {
  Eigen::MatrixXd T(Count, Count);
  for (uint64_t I = 0; I < Count; ++I)
    for (uint64_t J = 0; J < Count; ++J)
      T(I, J) = S.Similarity(K.ThreadBehaviour[First + I], K.ThreadBehaviour[First + J]);
  return T;
}

} // namespace energy::gpu
