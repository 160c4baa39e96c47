// KMeans: weighted k-means over distinct behaviours and SimPoint's BIC choice of k.
#include "energy/gpu/KMeans.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace energy::gpu {
namespace {

// The variance floor of the BIC, as a share of the one-cluster variance.
constexpr double VarianceFloorShare = 1e-3;

struct Fit {
  std::vector<uint32_t> Assign;
  Eigen::MatrixXd Centroids;
  double Distortion = std::numeric_limits<double>::infinity(); // weighted squared error
};

Eigen::MatrixXd seedPlusPlus(const Eigen::MatrixXd &P, const std::vector<double> &W, uint32_t K,
                             std::mt19937_64 &Rng) {
  Eigen::Index N = P.rows();
  Eigen::MatrixXd C(K, P.cols());
  std::discrete_distribution<Eigen::Index> First(W.begin(), W.end());
  C.row(0) = P.row(First(Rng));
  std::vector<double> Near(N, std::numeric_limits<double>::infinity());
  for (uint32_t J = 1; J < K; ++J) {
    std::vector<double> Score(N);
    for (Eigen::Index I = 0; I < N; ++I) {
      Near[I] = std::min(Near[I], (P.row(I) - C.row(J - 1)).squaredNorm());
      Score[I] = Near[I] * W[I];
    }
    if (std::accumulate(Score.begin(), Score.end(), 0.0) <= 0) {
      C.row(J) = P.row(std::uniform_int_distribution<Eigen::Index>(0, N - 1)(Rng));
      continue;
    }
    std::discrete_distribution<Eigen::Index> Next(Score.begin(), Score.end());
    C.row(J) = P.row(Next(Rng));
  }
  return C;
}

Fit lloyd(const Eigen::MatrixXd &P, const std::vector<double> &W, Eigen::MatrixXd C,
          uint32_t Iterations) {
  Eigen::Index N = P.rows(), K = C.rows();
  Fit F;
  F.Assign.assign(N, 0);
  for (uint32_t It = 0; It < Iterations; ++It) {
    bool Changed = It == 0;
    for (Eigen::Index I = 0; I < N; ++I) {
      Eigen::Index Best = 0;
      (C.rowwise() - P.row(I)).rowwise().squaredNorm().minCoeff(&Best);
      if (F.Assign[I] != uint32_t(Best)) {
        F.Assign[I] = uint32_t(Best);
        Changed = true;
      }
    }
    Eigen::MatrixXd Sum = Eigen::MatrixXd::Zero(K, P.cols());
    Eigen::VectorXd Mass = Eigen::VectorXd::Zero(K);
    for (Eigen::Index I = 0; I < N; ++I) {
      Sum.row(F.Assign[I]) += W[I] * P.row(I);
      Mass(F.Assign[I]) += W[I];
    }
    for (Eigen::Index J = 0; J < K; ++J)
      if (Mass(J) > 0)
        C.row(J) = Sum.row(J) / Mass(J);
    if (!Changed)
      break;
  }
  F.Distortion = 0;
  for (Eigen::Index I = 0; I < N; ++I)
    F.Distortion += W[I] * (P.row(I) - C.row(F.Assign[I])).squaredNorm();
  F.Centroids = std::move(C);
  return F;
}

// Pelleg and Moore's BIC for spherical Gaussians, as SimPoint computes it, with points weighted
// by their thread counts.
double bic(const Fit &F, const std::vector<double> &W, Eigen::Index Dims, uint32_t K,
           double Floor) {
  double R = std::accumulate(W.begin(), W.end(), 0.0);
  std::vector<double> Rn(K, 0.0);
  for (size_t I = 0; I < F.Assign.size(); ++I)
    Rn[F.Assign[I]] += W[I];
  double Variance = R > K ? F.Distortion / (R - K) : 0.0;
  // Clusters tighter than the floor count as exact: without it a k that gives every distinct
  // vector its own cluster (variance 0) would always win.
  Variance = std::max(Variance, Floor);
  double LogLikelihood = 0;
  for (double Rc : Rn) {
    if (Rc <= 0)
      continue;
    LogLikelihood += Rc * std::log(Rc) - Rc * std::log(R) - Rc / 2 * std::log(2 * M_PI) -
                     Rc * double(Dims) / 2 * std::log(Variance) - (Rc - K) / 2;
  }
  double Parameters = (K - 1) + double(Dims) * K + 1;
  return LogLikelihood - Parameters / 2 * std::log(R);
}

// SimPoint's random linear projection: entries uniform in [-1, 1], from the run's seed. Distances
// are roughly preserved and k-means gets cheaper in proportion to the dimensions removed.
Eigen::MatrixXd project(const Eigen::MatrixXd &P, uint32_t Dims, uint64_t Seed) {
  if (Dims == 0 || P.cols() <= Eigen::Index(Dims))
    return P;
  std::mt19937_64 Rng(Seed ^ 0x5EED5EEDull);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  Eigen::MatrixXd R(P.cols(), Dims);
  for (Eigen::Index I = 0; I < R.size(); ++I)
    R.data()[I] = U(Rng);
  return P * R;
}

} // namespace

Clustering clusterBehaviours(const Eigen::MatrixXd &Original, const std::vector<uint64_t> &Weights,
                             const std::vector<uint64_t> &FirstThreads,
                             const ClusterOptions &Options) {
  Clustering Out;
  const Eigen::MatrixXd Points = project(Original, Options.ProjectTo, Options.Seed);
  Eigen::Index N = Points.rows();
  if (N == 0)
    return Out;
  std::vector<double> W(Weights.begin(), Weights.end());
  for (double &X : W)
    X = std::max(X, 1e-9);
  uint32_t MaxK = uint32_t(std::min<Eigen::Index>(N, std::max<uint32_t>(1, Options.MaxK)));
  std::vector<Fit> Best(MaxK);
  std::mt19937_64 Rng(Options.Seed);
  double Floor = 1e-12;
  for (uint32_t K = 1; K <= MaxK; ++K) {
    for (uint32_t Restart = 0; Restart < std::max<uint32_t>(1, Options.Restarts); ++Restart) {
      Fit F = lloyd(Points, W, seedPlusPlus(Points, W, K, Rng), Options.Iterations);
      if (F.Distortion < Best[K - 1].Distortion)
        Best[K - 1] = std::move(F);
    }
    if (K == 1) {
      double R = std::accumulate(W.begin(), W.end(), 0.0);
      Floor = std::max(VarianceFloorShare * Best[0].Distortion / std::max(R - 1, 1.0), 1e-12);
    }
    Out.Bic.push_back(bic(Best[K - 1], W, Points.cols(), K, Floor));
  }
  double Lo = *std::min_element(Out.Bic.begin(), Out.Bic.end());
  double Hi = *std::max_element(Out.Bic.begin(), Out.Bic.end());
  uint32_t Chosen = MaxK;
  for (uint32_t K = 1; K <= MaxK; ++K)
    if (Out.Bic[K - 1] - Lo >= Options.BicShare * (Hi - Lo)) {
      Chosen = K;
      break;
    }
  const Fit &F = Best[Chosen - 1];
  // Renumber clusters by first appearance so the output does not depend on seeding order.
  std::vector<int64_t> Renumber(Chosen, -1);
  Out.BehaviourCluster.resize(N);
  for (Eigen::Index I = 0; I < N; ++I) {
    if (Renumber[F.Assign[I]] < 0) {
      Renumber[F.Assign[I]] = int64_t(Out.Clusters.size());
      Out.Clusters.emplace_back();
    }
    uint32_t C = uint32_t(Renumber[F.Assign[I]]);
    Out.BehaviourCluster[I] = C;
    Out.Clusters[C].Behaviours.push_back(uint32_t(I));
    Out.Clusters[C].Threads += Weights[I];
  }
  Out.K = uint32_t(Out.Clusters.size());
  for (size_t Old = 0; Old < Renumber.size(); ++Old) {
    if (Renumber[Old] < 0)
      continue;
    Cluster &C = Out.Clusters[Renumber[Old]];
    double BestD = std::numeric_limits<double>::infinity();
    for (uint32_t B : C.Behaviours) {
      double D = (Points.row(B) - F.Centroids.row(Old)).squaredNorm();
      if (D < BestD || (D == BestD && FirstThreads[B] < C.RepresentativeThread)) {
        BestD = D;
        C.Representative = B;
        C.RepresentativeThread = FirstThreads[B];
      }
    }
  }
  return Out;
}

} // namespace energy::gpu
