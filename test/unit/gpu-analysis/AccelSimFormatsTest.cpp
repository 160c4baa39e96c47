// Every Accel-Sim layout gives the same analysis of the synthetic if/else trace: post-processed
// and raw, tracer versions 3 to 5, with and without line info, all three address modes, xz.
#include "TestFiles.h"

#include "energygpu/AccelSimTrace.h"
#include "energygpu/Analysis.h"

#include <gtest/gtest.h>

using namespace energygpu;

namespace {

void expectIfElse(Kernel K) {
  KernelAnalysis A = analyseKernel(std::move(K), AnalysisOptions());
  ASSERT_EQ(A.K.Blocks.size(), 4u);
  EXPECT_EQ(A.K.Blocks[1].Address, 0x30u);
  EXPECT_EQ(A.K.Blocks[2].Address, 0x50u);
  EXPECT_EQ(A.K.Blocks[3].Address, 0x60u);
  ASSERT_EQ(A.K.Behaviours.size(), 2u);
  for (uint64_t T = 0; T < 64; ++T)
    EXPECT_EQ(A.K.Behaviours[A.K.ThreadBehaviour[T]].BlockCounts,
              (T < 16 ? std::vector<uint64_t>{1, 0, 1, 1} : std::vector<uint64_t>{1, 1, 0, 1}))
        << "thread " << T;
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Edges = {
      {{0, 1}, 48}, {{0, 2}, 16}, {{1, 3}, 48}, {{2, 3}, 16}};
  EXPECT_EQ(A.K.Edges, Edges);
  // Warp 0 splits at the BRA; SYNC is not a branch; EXIT is uniform.
  EXPECT_EQ(A.Divergence.Total.Branches, 4u);
  EXPECT_EQ(A.Divergence.Total.DivergentBranches, 1u);
  // Warp 0: 4 x 32 + 2 x 16 + 2 x 16 + 32 of 9 x 32; warp 1: 7 x 32 of 7 x 32.
  EXPECT_DOUBLE_EQ(A.Divergence.WarpExecutionEfficiency, 448.0 / 512);
  EXPECT_NEAR(A.Warps.PerGroup[0].MeanDistance, 256 * std::sqrt(2.0) / 496, 1e-12);
  EXPECT_DOUBLE_EQ(A.Warps.PerGroup[0].SyncRatio, 240.0 / 496);
  EXPECT_DOUBLE_EQ(A.Warps.PerGroup[1].SyncRatio, 1.0);
}

class Layouts : public ::testing::TestWithParam<test::TraceVariant> {};

TEST_P(Layouts, GiveTheSameAnalysis) {
  const test::TraceVariant &V = GetParam();
  std::string Name = "ifelse-v" + std::to_string(V.Version) + (V.Raw ? "-raw" : "") +
                     (V.LineInfo ? "-line" : "") + "-m" + std::to_string(V.AddressMode) +
                     (V.Raw ? ".trace" : ".traceg");
  std::string Text = test::ifElseTrace(V);
  expectIfElse(readAccelSimKernel(test::writeTempFile(Name, Text)));
  expectIfElse(readAccelSimKernel(test::writeTempFile(Name + ".xz", test::xzCompress(Text))));
}

INSTANTIATE_TEST_SUITE_P(
    AccelSim, Layouts,
    ::testing::Values(test::TraceVariant{4, false, false, 0}, test::TraceVariant{4, false, false, 1},
                      test::TraceVariant{4, false, false, 2}, test::TraceVariant{3, false, false, 1},
                      test::TraceVariant{5, false, false, 0}, test::TraceVariant{5, false, true, 2},
                      test::TraceVariant{4, true, false, 1}, test::TraceVariant{3, true, true, 0},
                      test::TraceVariant{5, true, false, 2}));

TEST(AccelSimKernelList, ReadsEveryLaunchAndFindsCompressedTraces) {
  std::string Text = test::ifElseTrace({});
  test::writeTempFile("kernel-1.traceg.xz", test::xzCompress(Text));
  test::writeTempFile("kernel-2.traceg", Text);
  std::string List = test::writeTempFile(
      "kernelslist.g", "MemcpyHtoD,0x00007fd165500000,400\nkernel-1.traceg\nkernel-2.traceg\n");
  std::vector<Kernel> Ks = readAccelSimKernelList(List);
  ASSERT_EQ(Ks.size(), 2u);
  expectIfElse(std::move(Ks[0]));
  expectIfElse(std::move(Ks[1]));
}

} // namespace
