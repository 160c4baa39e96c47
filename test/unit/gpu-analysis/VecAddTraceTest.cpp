// The real vecAdd trace (1024 threads, n = 100): threads 0-99 run the body, the others exit at
// the bounds check; every figure below is derived by hand from the trace's masks.
#include "TestFiles.h"

#include "energy/gpu/Analysis.h"
#include "energy/gpu/InputLoader.h"
#include "energy/gpu/Summary.h"

#include <gtest/gtest.h>

using namespace energy::gpu;

namespace {

KernelAnalysis analyseVecAdd() {
  std::vector<Kernel> Ks = loadInput(test::vecAddDir(), GpgpuSimOptions());
  EXPECT_EQ(Ks.size(), 1u);
  return analyseKernel(std::move(Ks.front()), AnalysisOptions());
}

TEST(VecAddTrace, RebuildsTheTwoBlocksOfTheKernel) {
  KernelAnalysis A = analyseVecAdd();
  ASSERT_EQ(A.K.Blocks.size(), 2u);
  EXPECT_EQ(A.K.Blocks[0].Address, 0x08u);
  EXPECT_EQ(A.K.Blocks[0].Instructions, 9u); // MOV .. the bounds-check EXIT at 0x58
  EXPECT_EQ(A.K.Blocks[0].Terminator, "EXIT");
  EXPECT_EQ(A.K.Blocks[1].Address, 0x68u);
  EXPECT_EQ(A.K.Blocks[1].Instructions, 14u);
  EXPECT_EQ(A.K.Blocks[1].OpcodeMix.at("LDG"), 2u);
  EXPECT_EQ(A.K.Blocks[0].Successors, std::vector<uint32_t>{1});
  EXPECT_EQ(A.K.Blocks[1].Predecessors, std::vector<uint32_t>{0});
  EXPECT_EQ(A.K.Name, "_Z6vecAddIfEvPT_S1_S1_i");
  EXPECT_EQ(A.K.threads(), 1024u);
}

TEST(VecAddTrace, ThreadsZeroToNinetyNineRunTheBodyAndTheOthersExit) {
  KernelAnalysis A = analyseVecAdd();
  ASSERT_EQ(A.K.Behaviours.size(), 2u);
  for (uint64_t T = 0; T < 1024; ++T) {
    const Behaviour &B = A.K.Behaviours[A.K.ThreadBehaviour[T]];
    EXPECT_EQ(B.BlockCounts, (T < 100 ? std::vector<uint64_t>{1, 1} : std::vector<uint64_t>{1, 0}))
        << "thread " << T;
  }
  EXPECT_EQ(A.BlockExecutions, (std::vector<uint64_t>{1024, 100}));
  ASSERT_EQ(A.Transitions.size(), 1u);
  EXPECT_EQ(A.Transitions[0].Count, 100u);
  EXPECT_DOUBLE_EQ(A.Transitions[0].Probability, 100.0 / 1024);
  EXPECT_DOUBLE_EQ(A.ExitProbability[0], 924.0 / 1024);
  EXPECT_DOUBLE_EQ(A.ExitProbability[1], 1.0);
}

TEST(VecAddTrace, DivergenceMatchesTheMasks) {
  KernelAnalysis A = analyseVecAdd();
  // Branches: EXIT at 0x58 in all 32 warps, EXIT at 0xf0 in warps 0-3; only warp 3's first EXIT
  // splits its threads (28 of 32 leave).
  EXPECT_TRUE(A.Divergence.Measured);
  EXPECT_EQ(A.Divergence.Total.Branches, 36u);
  EXPECT_EQ(A.Divergence.Total.DivergentBranches, 1u);
  EXPECT_DOUBLE_EQ(A.Divergence.BranchEfficiency, 35.0 / 36);
  // 3 full warps x 23 instructions, warp 3: 9 x 32 + 14 x 4 threads, 28 warps x 9 instructions.
  EXPECT_EQ(A.Divergence.Total.WarpInstructions, 344u);
  EXPECT_EQ(A.Divergence.Total.ActiveThreadInstructions,
            3u * 23 * 32 + 9 * 32 + 14 * 4 + 28u * 9 * 32);
  EXPECT_DOUBLE_EQ(A.Divergence.WarpExecutionEfficiency, 10616.0 / (344 * 32));
  EXPECT_EQ(A.Divergence.DivergentWarps, 1u);
  EXPECT_EQ(A.K.WarpStats[3].DivergentBranches, 1u);
}

TEST(VecAddTrace, WarpThreeIsTheOnlyMixedGroup) {
  KernelAnalysis A = analyseVecAdd();
  EXPECT_EQ(A.Warps.MixedGroups, 1u);
  const GroupStats &W3 = A.Warps.PerGroup[3];
  EXPECT_EQ(W3.Distinct, 2u);
  // 4 x 28 pairs at Euclidean distance 1 among 496 pairs.
  EXPECT_DOUBLE_EQ(W3.MeanDistance, 112.0 / 496);
  EXPECT_DOUBLE_EQ(W3.SyncRatio, (6.0 + 378.0) / 496);
  EXPECT_DOUBLE_EQ(A.Warps.MeanDistance, 112.0 / (32 * 496));
  EXPECT_EQ(A.ThreadBlocks.Groups, 1u);
  EXPECT_DOUBLE_EQ(A.ThreadBlocks.PerGroup[0].MeanDistance, 100.0 * 924 / (1024.0 * 1023 / 2));
}

TEST(VecAddTrace, TwoClustersWithTheirFirstThreadsAsRepresentatives) {
  KernelAnalysis A = analyseVecAdd();
  ASSERT_EQ(A.Clusters.K, 2u);
  EXPECT_EQ(A.Clusters.Clusters[0].Threads, 100u);
  EXPECT_EQ(A.Clusters.Clusters[0].RepresentativeThread, 0u);
  EXPECT_EQ(A.Clusters.Clusters[1].Threads, 924u);
  EXPECT_EQ(A.Clusters.Clusters[1].RepresentativeThread, 100u);
  EXPECT_TRUE(A.Classification.BehaviourSignificant);
  EXPECT_FALSE(A.Classification.DivergenceSignificant);
}

TEST(VecAddTrace, SummarySaysItInWords) {
  std::vector<std::string> Lines = summarize(analyseVecAdd());
  std::string All;
  for (const std::string &L : Lines)
    All += L + "\n";
  EXPECT_NE(All.find("threads 0-99 (100 threads) run B0 B1 and exit in B1"), std::string::npos)
      << All;
  EXPECT_NE(All.find("threads 100-1023 (924 threads) run B0 and exit early in B0"),
            std::string::npos)
      << All;
  EXPECT_NE(
      All.find("warp 3 (threads 96-127): 4 of 32 threads take the body B1 (0x0068), 28 exit early"),
      std::string::npos)
      << All;
  EXPECT_NE(All.find("branch efficiency 97% (1 of 36 branches divergent)"), std::string::npos)
      << All;
}

TEST(VecAddTrace, DependencyDistancesComeFromTheRegisters) {
  KernelAnalysis A = analyseVecAdd();
  ASSERT_TRUE(A.K.HasDependencyDistances);
  EXPECT_GT(A.K.Dependencies.Reads, 0u);
  // XMAD R3 <- R0 at 0x28 reads R0 written by S2R at 0x10, two instructions earlier.
  EXPECT_GT(A.K.Dependencies.Histogram[1], 0u);
}

} // namespace
