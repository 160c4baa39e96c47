// Distance: behaviour vectors and the three metrics.
#include "energy/gpu/Distance.h"

#include "energy/gpu/InputError.h"

namespace energy::gpu {

const char *metricName(Metric M) {
  switch (M) {
  case Metric::Euclidean:
    return "euclidean";
  case Metric::Manhattan:
    return "manhattan";
  case Metric::Cosine:
    return "cosine";
  }
  return "unknown";
}

Metric parseMetric(const std::string &Name) {
  for (Metric M : {Metric::Euclidean, Metric::Manhattan, Metric::Cosine})
    if (Name == metricName(M))
      return M;
  throw InputError("unknown distance metric '" + Name + "'; use euclidean, manhattan or cosine");
}

Eigen::MatrixXd behaviourVectors(const Kernel &K, const VectorOptions &Options) {
  Eigen::MatrixXd V(K.Behaviours.size(), K.Blocks.size());
  for (size_t R = 0; R < K.Behaviours.size(); ++R)
    for (size_t C = 0; C < K.Blocks.size(); ++C)
      V(R, C) = double(K.Behaviours[R].BlockCounts[C]) *
                (Options.WeightBySize ? double(K.Blocks[C].Instructions) : 1.0);
  if (Options.Normalize)
    for (Eigen::Index R = 0; R < V.rows(); ++R)
      if (double Sum = V.row(R).sum(); Sum > 0)
        V.row(R) /= Sum;
  return V;
}

double distance(const Eigen::Ref<const Eigen::RowVectorXd> &A,
                const Eigen::Ref<const Eigen::RowVectorXd> &B, Metric M) {
  switch (M) {
  case Metric::Euclidean:
    return (A - B).norm();
  case Metric::Manhattan:
    return (A - B).cwiseAbs().sum();
  case Metric::Cosine: {
    double NA = A.norm(), NB = B.norm();
    if (NA == 0 && NB == 0)
      return 0;
    if (NA == 0 || NB == 0)
      return 1;
    return std::max(0.0, 1.0 - A.dot(B) / (NA * NB));
  }
  }
  return 0;
}

Eigen::MatrixXd pairwiseDistances(const Eigen::MatrixXd &V, Metric M) {
  Eigen::Index N = V.rows();
  Eigen::MatrixXd D = Eigen::MatrixXd::Zero(N, N);
  if (M == Metric::Euclidean) {
    // |a-b|^2 = |a|^2 + |b|^2 - 2ab: one matrix product instead of N^2 vector differences.
    Eigen::VectorXd Sq = V.rowwise().squaredNorm();
    Eigen::MatrixXd G = V * V.transpose();
    D = ((-2 * G).colwise() + Sq).rowwise() + Sq.transpose();
    D = D.cwiseMax(0.0).cwiseSqrt();
    D.diagonal().setZero();
    return D;
  }
  for (Eigen::Index I = 0; I < N; ++I)
    for (Eigen::Index J = I + 1; J < N; ++J)
      D(I, J) = D(J, I) = distance(V.row(I), V.row(J), M);
  return D;
}

} // namespace energy::gpu
