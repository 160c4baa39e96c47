// GPGPU-Sim instruction logs with their PTX: blocks, per-thread counts and transitions of a
// small loop kernel, and the errors for logs that do not match the PTX.
#include "TestFiles.h"

#include "energy/gpu/Analysis.h"
#include "energy/gpu/GpgpuSimTrace.h"
#include "energy/gpu/InputError.h"
#include "energy/gpu/InputLoader.h"
#include "energy/gpu/PtxCfg.h"

#include <gtest/gtest.h>

using namespace energy::gpu;

namespace {

// Threads 0 and 1 run the loop three times; threads 2 and 3 branch straight to the return.
const char *Ptx = R"(.version 7.0
.target sm_70
.address_size 64

.visible .entry _Z4loopPii(
	.param .u64 _Z4loopPii_param_0,
	.param .u32 _Z4loopPii_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<6>;

	mov.u32 	%r1, %tid.x;
	setp.ge.s32 	%p1, %r1, 2;
	@%p1 bra 	$L__BB0_3;
	mov.u32 	%r2, 0;
$L__BB0_2:
	add.s32 	%r2, %r2, 1;
	setp.lt.s32 	%p2, %r2, 3;
	@%p2 bra 	$L__BB0_2;
$L__BB0_3:
	ret;

}
)";

std::string logLine(int Uid, int Line, const char *Inst) {
  return "[thd=" + std::to_string(Uid) + "] : (loop.1.sm_70.ptx:" + std::to_string(Line) + " - " +
         Inst + ")\n";
}

std::string loopLog() {
  std::string Log;
  for (int Uid = 1; Uid <= 4; ++Uid) {
    Log += logLine(Uid, 13, "mov.u32 %r1, %tid.x;");
    Log += logLine(Uid, 14, "setp.ge.s32 %p1, %r1, 2;");
    Log += logLine(Uid, 15, "@%p1 bra $L__BB0_3;");
  }
  for (int Uid = 1; Uid <= 2; ++Uid) {
    Log += logLine(Uid, 16, "mov.u32 %r2, 0;");
    for (int I = 0; I < 3; ++I) {
      Log += logLine(Uid, 18, "add.s32 %r2, %r2, 1;");
      Log += logLine(Uid, 19, "setp.lt.s32 %p2, %r2, 3;");
      Log += logLine(Uid, 20, "@%p2 bra $L__BB0_2;");
    }
  }
  for (int Uid = 1; Uid <= 4; ++Uid)
    Log += logLine(Uid, 22, "ret;");
  return Log;
}

GpgpuSimOptions options() {
  GpgpuSimOptions O;
  O.PtxFiles = {test::writeTempFile("loop.1.sm_70.ptx", Ptx)};
  return O;
}

TEST(GpgpuSim, RebuildsPtxBlocksAndThreadCounts) {
  std::vector<Kernel> Ks = loadInput(test::writeTempFile("inst_debug.txt", loopLog()), options());
  ASSERT_EQ(Ks.size(), 1u);
  KernelAnalysis A = analyseKernel(std::move(Ks[0]), AnalysisOptions());
  EXPECT_EQ(A.K.Name, "_Z4loopPii");
  ASSERT_EQ(A.K.Blocks.size(), 4u);
  EXPECT_EQ(A.K.Blocks[2].Label, "$L__BB0_2");
  EXPECT_EQ(A.K.Blocks[2].Instructions, 3u);
  EXPECT_TRUE(A.K.Blocks[3].EndsInExit);
  EXPECT_EQ(A.K.threads(), 4u);
  for (uint64_t T = 0; T < 4; ++T)
    EXPECT_EQ(A.K.Behaviours[A.K.ThreadBehaviour[T]].BlockCounts,
              (T < 2 ? std::vector<uint64_t>{1, 1, 3, 1} : std::vector<uint64_t>{1, 0, 0, 1}));
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Edges = {
      {{0, 1}, 2}, {{0, 3}, 2}, {{1, 2}, 2}, {{2, 2}, 4}, {{2, 3}, 2}};
  EXPECT_EQ(A.K.Edges, Edges);
  // Estimated from counts: B0 diverges once; the loop branch is uniform for the two looping lanes.
  EXPECT_FALSE(A.Divergence.Measured);
  EXPECT_EQ(A.Divergence.Total.Branches, 5u);
  EXPECT_EQ(A.Divergence.Total.DivergentBranches, 1u);
  EXPECT_EQ(A.Divergence.Total.WarpInstructions, 14u);
  EXPECT_EQ(A.Divergence.Total.ActiveThreadInstructions, 36u);
}

TEST(GpgpuSim, LogsThatDoNotMatchThePtxAreRefused) {
  std::string Log = loopLog();
  Log.replace(Log.find("add.s32"), 3, "mul");
  try {
    readGpgpuSimLog(test::writeTempFile("bad_debug.txt", Log), options());
    ADD_FAILURE();
  } catch (const InputError &E) {
    EXPECT_NE(std::string(E.what()).find("the log runs 'mul' at line 18"), std::string::npos)
        << E.what();
  }
  try {
    readGpgpuSimLog(test::writeTempFile("garbage.txt", "[thd=1] : oops\n"), options());
    ADD_FAILURE();
  } catch (const InputError &E) {
    EXPECT_NE(std::string(E.what()).find("garbage.txt:1: expected '[thd=N]"), std::string::npos)
        << E.what();
  }
  try {
    readGpgpuSimLog(test::writeTempFile("noptx.txt", loopLog()), GpgpuSimOptions());
    ADD_FAILURE();
  } catch (const InputError &E) {
    EXPECT_NE(std::string(E.what()).find("add --ptx"), std::string::npos);
  }
}

TEST(PtxCfg, InstructionsSpanningLinesAreOneInstructionNamedByTheirFirstLine) {
  const char *Text =
      ".visible .entry k(\n)\n{\n\tmov.u32 %r1, 0;\n\tcall.uni (retval0),\n\tvprintf,\n"
      "\t(\n\tparam0\n\t);\n\tret;\n}\n";
  PtxModule M = readPtx(test::writeTempFile("call.ptx", Text));
  ASSERT_EQ(M.Entries.size(), 1u);
  const PtxEntry &E = M.Entries[0];
  ASSERT_EQ(E.Instructions.size(), 3u);
  EXPECT_EQ(E.Instructions[1].Mnemonic, "call");
  EXPECT_EQ(E.Instructions[1].Line, 5u);
  EXPECT_EQ(E.Instructions[2].Line, 10u);
  EXPECT_EQ(E.Blocks.size(), 1u);
}

} // namespace
