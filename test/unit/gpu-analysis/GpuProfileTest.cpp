// GPU profiles with hand-computed matrices: three behaviours with known distances in every
// metric, weighted and not, and the synchronisation matrix of a warp.
#include "TestFiles.h"

#include "energy/gpu/Analysis.h"
#include "energy/gpu/GpuProfile.h"
#include "energy/gpu/InputError.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace energy::gpu;

namespace {

// 8 threads in warps of 4, blocks of 2, 3 and 1 instructions.
// A = [1,0,0] threads 0-3, B = [1,2,0] threads 4-5, C = [1,0,3] threads 6-7.
const char *Profile = R"({"format": "energypass-gpu-profile", "version": 1, "kernels": [{
  "name": "_Z5synthv", "launch": 3, "grid": [1,1,1], "block": [8,1,1], "warp_size": 4,
  "blocks": [{"id": 0, "label": "entry", "instructions": 2, "opcodes": {"setp": 1, "bra": 1}, "terminator": "bra"},
             {"id": 1, "instructions": 3, "terminator": "bra"},
             {"id": 2, "instructions": 1, "exit": true}],
  "threads": [{"ranges": [[0, 3]], "blocks": [[0, 1]]},
              {"ranges": [[4, 5]], "blocks": [[0, 1], [1, 2]], "edges": [[0, 1, 1], [1, 1, 1]]},
              {"ranges": [[6, 6], [7, 7]], "blocks": [[2, 3], [0, 1]], "edges": [[0, 2, 1], [2, 2, 2]]}]}]})";

KernelAnalysis analyse(VectorOptions V) {
  AnalysisOptions O;
  O.Vectors = V;
  std::vector<Kernel> Ks = readGpuProfile(test::writeTempFile("synth.json", Profile));
  EXPECT_EQ(Ks.size(), 1u);
  return analyseKernel(std::move(Ks[0]), O);
}

void expectDistances(const KernelAnalysis &A, double AB, double AC, double BC) {
  ASSERT_TRUE(A.Similarity.Computed);
  const Eigen::MatrixXd &D = A.Similarity.Distances;
  EXPECT_NEAR(D(0, 1), AB, 1e-12);
  EXPECT_NEAR(D(0, 2), AC, 1e-12);
  EXPECT_NEAR(D(1, 2), BC, 1e-12);
  EXPECT_EQ(D, D.transpose());
  EXPECT_EQ(D.diagonal().sum(), 0.0);
}

TEST(GpuProfile, ReadsBehavioursInThreadOrder) {
  KernelAnalysis A = analyse({});
  ASSERT_EQ(A.K.Behaviours.size(), 3u);
  EXPECT_EQ(A.K.Behaviours[1].BlockCounts, (std::vector<uint64_t>{1, 2, 0}));
  EXPECT_EQ(A.K.Behaviours[2].Threads, 2u);
  EXPECT_EQ(A.K.Launch, 3u);
  EXPECT_EQ(A.BlockExecutions, (std::vector<uint64_t>{8, 4, 6}));
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Edges = {
      {{0, 1}, 2}, {{1, 1}, 2}, {{0, 2}, 2}, {{2, 2}, 4}};
  EXPECT_EQ(A.K.Edges, Edges);
}

TEST(GpuProfile, DistancesInEveryMetricMatchTheHandComputation) {
  expectDistances(analyse({Metric::Euclidean, false, false}), 2, 3, std::sqrt(13.0));
  expectDistances(analyse({Metric::Manhattan, false, false}), 2, 3, 5);
  expectDistances(analyse({Metric::Cosine, false, false}), 1 - 1 / std::sqrt(5.0),
                  1 - 1 / std::sqrt(10.0), 1 - 1 / std::sqrt(50.0));
  // Weighted by size: A = [2,0,0], B = [2,6,0], C = [2,0,3].
  expectDistances(analyse({Metric::Euclidean, true, false}), 6, 3, std::sqrt(45.0));
  // Normalised: A = [1,0,0], B = [1/3,2/3,0], C = [1/4,0,3/4].
  expectDistances(analyse({Metric::Manhattan, false, true}), 4.0 / 3, 1.5,
                  1.0 / 12 + 2.0 / 3 + 0.75);
}

TEST(GpuProfile, SimilarityIsOneMinusTheScaledDistance) {
  KernelAnalysis A = analyse({});
  EXPECT_NEAR(A.Similarity.Similarity(0, 1), 1 - 2 / std::sqrt(13.0), 1e-12);
  EXPECT_NEAR(A.Similarity.Similarity(1, 2), 0, 1e-12);
  EXPECT_EQ(A.Similarity.Similarity(2, 2), 1);
  Eigen::MatrixXd T = threadSimilarity(A.K, A.Similarity, 2, 4); // threads 2-5: A A B B
  EXPECT_EQ(T(0, 1), 1);
  EXPECT_NEAR(T(1, 2), 1 - 2 / std::sqrt(13.0), 1e-12);
}

TEST(GpuProfile, SynchronisationOfTheSecondWarp) {
  KernelAnalysis A = analyse({});
  ASSERT_EQ(A.Warps.Groups, 2u);
  EXPECT_EQ(A.Warps.PerGroup[0].Distinct, 1u);
  EXPECT_EQ(A.Warps.PerGroup[0].SyncRatio, 1.0);
  const GroupStats &W1 = A.Warps.PerGroup[1];
  EXPECT_EQ(W1.Distinct, 2u);
  EXPECT_NEAR(W1.MeanDistance, 4 * std::sqrt(13.0) / 6, 1e-12);
  EXPECT_NEAR(W1.SyncRatio, 2.0 / 6, 1e-12);
  Eigen::MatrixXd S = syncMatrix(A.K, GroupKind::Warp, 1, A.Vectors, Metric::Euclidean);
  Eigen::MatrixXd Expected(4, 4);
  double R = std::sqrt(13.0);
  Expected << 0, 0, R, R, 0, 0, R, R, R, R, 0, 0, R, R, 0, 0;
  EXPECT_TRUE(S.isApprox(Expected, 1e-12));
  // One thread block of 8: pairs 28; identical pairs 6 + 1 + 1.
  EXPECT_NEAR(A.ThreadBlocks.PerGroup[0].SyncRatio, 8.0 / 28, 1e-12);
  EXPECT_NEAR(A.ThreadBlocks.PerGroup[0].MeanDistance, (8 * 2.0 + 8 * 3.0 + 4 * R) / 28, 1e-12);
}

std::string errorOf(const std::string &Text) {
  try {
    readGpuProfile(test::writeTempFile("bad.json", Text));
  } catch (const InputError &E) {
    return E.what();
  }
  return "no error";
}

TEST(GpuProfile, BadProfilesAreRefusedWithTheField) {
  std::string P = Profile;
  std::string V2 = P;
  V2.replace(V2.find("\"version\": 1"), 12, "\"version\": 2");
  EXPECT_NE(errorOf(V2).find("unsupported GPU profile version 2"), std::string::npos);
  std::string Overlap = P;
  Overlap.replace(Overlap.find("[[6, 6]"), 7, "[[5, 6]");
  EXPECT_NE(
      errorOf(Overlap).find("kernels[0].threads[2].ranges[0]: thread 5 appears in two groups"),
      std::string::npos)
      << errorOf(Overlap);
  std::string Block = P;
  Block.replace(Block.find("[[2, 3]"), 7, "[[9, 3]");
  EXPECT_NE(errorOf(Block).find("block 9 is not in the kernel's blocks"), std::string::npos);
  EXPECT_NE(errorOf(P.substr(0, P.size() / 2)).find("not valid JSON"), std::string::npos);
}

} // namespace
