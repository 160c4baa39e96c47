// Clustering and classification: k chosen by BIC on well-separated weighted points, the
// representative nearest the centroid, and thresholds that decide the verdicts.
#include "energy/gpu/Classification.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/KMeans.h"

#include <gtest/gtest.h>

using namespace energy::gpu;

namespace {

TEST(KMeans, FindsThreeSeparatedGroups) {
  Eigen::MatrixXd P(7, 2);
  P << 0, 0, 0.1, 0, 0, 0.1, 10, 10, 10.1, 10, 20, 0, 20, 0.2;
  std::vector<uint64_t> W = {10, 1, 1, 5, 5, 3, 3};
  std::vector<uint64_t> First = {0, 10, 11, 12, 17, 22, 25};
  Clustering C = clusterBehaviours(P, W, First, ClusterOptions());
  ASSERT_EQ(C.K, 3u);
  EXPECT_EQ(C.BehaviourCluster, (std::vector<uint32_t>{0, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(C.Clusters[0].Threads, 12u);
  EXPECT_EQ(C.Clusters[0].RepresentativeThread, 0u); // the heavy point sits at the centroid
  EXPECT_EQ(C.Clusters[2].Threads, 6u);
  EXPECT_EQ(C.Bic.size(), 7u);
}

TEST(KMeans, OneBehaviourIsOneCluster) {
  Eigen::MatrixXd P(1, 3);
  P << 1, 2, 3;
  Clustering C = clusterBehaviours(P, {1024}, {0}, ClusterOptions());
  EXPECT_EQ(C.K, 1u);
  EXPECT_EQ(C.Clusters[0].Threads, 1024u);
}

TEST(Thresholds, ParseAndRefuse) {
  Thresholds T;
  EXPECT_EQ(T.get("behaviour_clusters"), 2);
  T.set("behaviour_clusters=3");
  EXPECT_EQ(T.get("behaviour_clusters"), 3);
  EXPECT_THROW(T.set("no_such_statistic=1"), InputError);
  EXPECT_THROW(T.set("branch_efficiency=high"), InputError);
  EXPECT_THROW(T.set("branch_efficiency"), InputError);
}

} // namespace
