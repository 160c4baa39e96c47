// KMeans: behaviour clusters as SimPoint finds them: weighted k-means (k-means++ seeding, a few
// restarts) for k = 1..max, on vectors randomly projected to 15 dimensions when they have more,
// each scored with the Bayesian information criterion, choosing the smallest k whose score reaches
// a set share of the best improvement (cluster variances below 1/1000 of the one-cluster variance
// count as exact); the representative of a cluster is the behaviour nearest its centroid, named by
// its first thread.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace energy::gpu {

struct ClusterOptions {
  uint32_t MaxK = 10;
  uint32_t Restarts = 5;
  uint32_t Iterations = 100;
  uint64_t Seed = 1;
  double BicShare = 0.9;
  uint32_t ProjectTo = 15; // SimPoint's default projection; 0 keeps all dimensions
};

struct Cluster {
  std::vector<uint32_t> Behaviours;
  uint64_t Threads = 0;
  uint32_t Representative = 0; // behaviour index
  uint64_t RepresentativeThread = 0;
};

struct Clustering {
  uint32_t K = 0;
  std::vector<double> Bic; // Bic[k - 1]
  std::vector<Cluster> Clusters;
  std::vector<uint32_t> BehaviourCluster;
};

// Rows of POINTS are the behaviours' vectors, WEIGHTS their thread counts.
Clustering clusterBehaviours(const Eigen::MatrixXd &Points, const std::vector<uint64_t> &Weights,
                             const std::vector<uint64_t> &FirstThreads,
                             const ClusterOptions &Options);

} // namespace energy::gpu
