// Every Accel-Sim layout gives the same analysis of the synthetic if/else trace: post-processed
// and raw, tracer versions 3 to 5, with and without line info, all three address modes, xz.
#include "TestFiles.h"

#include "energy/gpu/AccelSimTrace.h"
#include "energy/gpu/Analysis.h"

#include <gtest/gtest.h>

using namespace energy::gpu;

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

INSTANTIATE_TEST_SUITE_P(AccelSim, Layouts,
                         ::testing::Values(test::TraceVariant{4, false, false, 0},
                                           test::TraceVariant{4, false, false, 1},
                                           test::TraceVariant{4, false, false, 2},
                                           test::TraceVariant{3, false, false, 1},
                                           test::TraceVariant{5, false, false, 0},
                                           test::TraceVariant{5, false, true, 2},
                                           test::TraceVariant{4, true, false, 1},
                                           test::TraceVariant{3, true, true, 0},
                                           test::TraceVariant{5, true, false, 2}));

TEST(AccelSimMasks, PredicatedOffInstructionsAreCountedApart) {
  // Threads 16-63 are present at warp 0's and warp 1's BRA with their predicate false: they issue
  // 7 instructions, 6 of them predicated on. Threads 0-15 take the BRA: 7 of 7.
  Kernel K = readAccelSimKernel(test::writeTempFile("ifelse-pred.traceg", test::ifElseTrace({})));
  for (uint64_t T : {0u, 16u, 40u}) {
    const Behaviour &B = K.Behaviours[K.ThreadBehaviour[T]];
    EXPECT_EQ(K.instructionsOf(B), 7u) << "thread " << T;
    EXPECT_DOUBLE_EQ(K.predicatedOnInstructionsOf(B), T < 16 ? 7.0 : 6.0) << "thread " << T;
  }
}

TEST(AccelSimMasks, ABranchDivergesWhenTheWarpSplitsAfterIt) {
  // An unguarded indirect branch: its mask is the whole warp, but lanes 0-15 run on at 0x20 and
  // lanes 16-31 at 0x40. The BRA at 0x30 takes lanes 0-15 to the join together (uniform), and
  // so does the EXIT.
  std::string Trace =
      "-kernel name = brx\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
      "-accelsim tracer version = 4\n\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 6\n"
      "0000 ffffffff 1 R1 MOV 0 0\n"
      "0010 ffffffff 0 BRX 1 R1 0\n"
      "0020 0000ffff 1 R3 IADD 1 R1 0\n"
      "0030 0000ffff 0 BRA 0 0\n"
      "0040 ffff0000 1 R3 FADD 1 R1 0\n"
      "0050 ffffffff 0 EXIT 0 0\n"
      "#END_TB\n";
  KernelAnalysis A = analyseKernel(readAccelSimKernel(test::writeTempFile("brx.traceg", Trace)),
                                   AnalysisOptions());
  EXPECT_EQ(A.Divergence.Total.Branches, 3u);
  EXPECT_EQ(A.Divergence.Total.DivergentBranches, 1u);
  EXPECT_EQ(A.Divergence.DivergentWarps, 1u);
}

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
