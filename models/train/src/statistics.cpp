//===- statistics.cpp - Rank correlation and PCA --------------------------===//
#include "energy/train/statistics.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace energy::train {

Eigen::VectorXd ranks(const Eigen::VectorXd &V) {
  std::vector<Eigen::Index> Order(V.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](Eigen::Index A, Eigen::Index B) { return V(A) < V(B); });
  Eigen::VectorXd R(V.size());
  for (size_t I = 0; I < Order.size();) {
    size_t J = I;
    while (J + 1 < Order.size() && V(Order[J + 1]) == V(Order[I]))
      ++J;
    double Mean = (static_cast<double>(I + J) / 2.0) + 1.0;
    for (size_t K = I; K <= J; ++K)
      R(Order[K]) = Mean;
    I = J + 1;
  }
  return R;
}

double pearson(const Eigen::VectorXd &A, const Eigen::VectorXd &B) {
  Eigen::VectorXd CA = A.array() - A.mean();
  Eigen::VectorXd CB = B.array() - B.mean();
  double Den = CA.norm() * CB.norm();
  return Den > 0 ? CA.dot(CB) / Den : 0.0;
}

double spearman(const Eigen::VectorXd &A, const Eigen::VectorXd &B) {
  return pearson(ranks(A), ranks(B));
}

Pca principalComponents(const Eigen::MatrixXd &X) {
  Eigen::MatrixXd Centred = X.rowwise() - X.colwise().mean();
  double Denominator = std::max<double>(1.0, static_cast<double>(X.rows() - 1));
  Eigen::MatrixXd Cov = Centred.transpose() * Centred / Denominator;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> Solver(Cov);
  // Eigen sorts eigenvalues ascending; components are wanted largest first.
  Eigen::VectorXd Values = Solver.eigenvalues().reverse().cwiseMax(0.0);
  Eigen::MatrixXd Vectors = Solver.eigenvectors().rowwise().reverse();
  double Total = Values.sum();
  Pca P;
  P.explainedRatio =
      Total > 0 ? Eigen::VectorXd(Values / Total) : Eigen::VectorXd::Zero(Values.size());
  P.loadings = Vectors;
  return P;
}

} // namespace energy::train
