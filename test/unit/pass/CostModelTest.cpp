//===- CostModelTest.cpp - Counting rules of the block cost model ---------===//
//
// Cases that the lit tests do not reach easily: formats wider than double,
// constrained FP, scalable vectors, poison lanes of constant masks, and the
// stability of the module hash.
//
//===----------------------------------------------------------------------===//
#include "CostModel.h"
#include "RegionTable.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>
#include <memory>

using namespace llvm;

namespace {

class CostModelTest : public ::testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

  /// The cost of the entry block of @f in IR.
  energy::BlockCost costOf(StringRef IR) {
    SMDiagnostic Error;
    M = parseAssemblyString(IR, Error, Ctx);
    if (!M) {
      ADD_FAILURE() << Error.getMessage().str();
      return {};
    }
    Function *F = M->getFunction("f");
    energy::CostContext Context(*F, nullptr);
    return energy::computeBlockCost(F->getEntryBlock(), Context);
  }
};

TEST_F(CostModelTest, WiderThanDoubleCountsAsDouble) {
  energy::BlockCost Cost = costOf(R"(
    define x86_fp80 @f(x86_fp80 %a, fp128 %b) {
      %x = fmul x86_fp80 %a, %a
      %y = fadd fp128 %b, %b
      ret x86_fp80 %x
    })");
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_MUL], 1u);
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_ADDSUB], 1u);
}

TEST_F(CostModelTest, ConstrainedIntrinsicsCountLikePlainOps) {
  energy::BlockCost Cost = costOf(R"(
    declare double @llvm.experimental.constrained.fdiv.f64(double, double, metadata, metadata)
    define double @f(double %a) strictfp {
      %x = call double @llvm.experimental.constrained.fdiv.f64(double %a, double %a, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
      ret double %x
    })");
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_DIV], 1u);
  EXPECT_EQ(Cost.Static.calls, 0u) << "intrinsics are not calls";
}

TEST_F(CostModelTest, ScalableMaskedLoadIsDynamic) {
  energy::BlockCost Cost = costOf(R"(
    declare <vscale x 4 x float> @llvm.masked.load.nxv4f32.p0(ptr, i32, <vscale x 4 x i1>, <vscale x 4 x float>)
    define <vscale x 4 x float> @f(ptr %p, <vscale x 4 x i1> %m) {
      %x = call <vscale x 4 x float> @llvm.masked.load.nxv4f32.p0(ptr %p, i32 4, <vscale x 4 x i1> %m, <vscale x 4 x float> zeroinitializer)
      ret <vscale x 4 x float> %x
    })");
  ASSERT_EQ(Cost.Dynamic.size(), 1u);
  EXPECT_EQ(Cost.Dynamic[0].BytesPerLane, 4u);
  EXPECT_EQ(Cost.Dynamic[0].Entry.kind, ENERGY_DYNAMIC_BYTES_LOADED);
  EXPECT_EQ(Cost.Static.bytes_loaded, 0u);
}

TEST_F(CostModelTest, PoisonLanesOfConstantMaskAreInactive) {
  energy::BlockCost Cost = costOf(R"(
    declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)
    define void @f(ptr %p, <4 x i32> %v) {
      call void @llvm.masked.store.v4i32.p0(<4 x i32> %v, ptr %p, i32 4, <4 x i1> <i1 1, i1 poison, i1 1, i1 1>)
      ret void
    })");
  EXPECT_TRUE(Cost.Dynamic.empty());
  EXPECT_EQ(Cost.Static.bytes_stored, 12u);
}

TEST_F(CostModelTest, DebugAndLifetimeMarkersAreNotInstructions) {
  energy::BlockCost Cost = costOf(R"(
    declare void @llvm.lifetime.start.p0(i64, ptr)
    declare void @llvm.assume(i1)
    define void @f(i1 %c) {
      %a = alloca i32
      call void @llvm.lifetime.start.p0(i64 4, ptr %a)
      call void @llvm.assume(i1 %c)
      ret void
    })");
  EXPECT_EQ(Cost.Static.instructions, 2u);
}

TEST_F(CostModelTest, IntegerArithmeticIsNotFlops) {
  energy::BlockCost Cost = costOf(R"(
    define i32 @f(i32 %a, double %d) {
      %x = mul i32 %a, %a
      %c = fptosi double %d to i32
      %n = fneg double %d
      ret i32 %x
    })");
  uint32_t Total = 0;
  for (uint32_t Flops : Cost.Static.flops_by_width)
    Total += Flops;
  EXPECT_EQ(Total, 0u);
}

TEST_F(CostModelTest, FlopsUnderTwoDifferentMasksCountEveryLane) {
  energy::BlockCost Cost = costOf(R"(
    declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr, i32, <4 x i1>)
    define void @f(ptr %p, <4 x float> %v, <4 x i1> %m, <4 x i1> %n) {
      %x = fadd <4 x float> %v, %v
      call void @llvm.masked.store.v4f32.p0(<4 x float> %x, ptr %p, i32 4, <4 x i1> %m)
      call void @llvm.masked.store.v4f32.p0(<4 x float> %x, ptr %p, i32 4, <4 x i1> %n)
      ret void
    })");
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_FLOAT][ENERGY_FLOP_ADDSUB], 4u);
  for (const energy::DynamicSite &Site : Cost.Dynamic)
    EXPECT_NE(Site.Entry.kind, ENERGY_DYNAMIC_FLOPS);
}

TEST_F(CostModelTest, FlopsKeptUnderConstantMaskAreStatic) {
  energy::BlockCost Cost = costOf(R"(
    declare <4 x double> @llvm.fma.v4f64(<4 x double>, <4 x double>, <4 x double>)
    define <4 x double> @f(<4 x double> %a, <4 x double> %b) {
      %x = call <4 x double> @llvm.fma.v4f64(<4 x double> %a, <4 x double> %a, <4 x double> %a)
      %r = select <4 x i1> <i1 1, i1 1, i1 0, i1 0>, <4 x double> %x, <4 x double> %b
      ret <4 x double> %r
    })");
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA], 4u);
  EXPECT_EQ(Cost.Static.flops_by_width[ENERGY_WIDTH_256], 4u);
  EXPECT_TRUE(Cost.Dynamic.empty());
}

TEST_F(CostModelTest, FlopsSelectedAsTheFalseSideCountEveryLane) {
  energy::BlockCost Cost = costOf(R"(
    define <4 x double> @f(<4 x double> %a, <4 x i1> %m) {
      %x = fmul <4 x double> %a, %a
      %r = select <4 x i1> %m, <4 x double> %a, <4 x double> %x
      ret <4 x double> %r
    })");
  EXPECT_EQ(Cost.Static.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_MUL], 4u);
  EXPECT_TRUE(Cost.Dynamic.empty());
}

TEST(RegionTableHash, StableAndSensitiveToContent) {
  auto TableWith = [](uint32_t Instructions) {
    energy::RegionTable Table;
    energy::RegionDesc Region;
    Region.Name = Region.Demangled = "main";
    Region.File = "main.c";
    uint32_t Index = Table.addRegion(Region);
    energy_block Block = {};
    Block.region = Index;
    Block.cost.instructions = Instructions;
    Table.addBlock(Block);
    return Table;
  };
  EXPECT_EQ(TableWith(3).hash("main.c"), TableWith(3).hash("main.c"));
  EXPECT_NE(TableWith(3).hash("main.c"), TableWith(4).hash("main.c"));
  EXPECT_NE(TableWith(3).hash("main.c"), TableWith(3).hash("other.c"));
}

} // namespace
