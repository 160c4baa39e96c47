//===- AbiLayoutTest.cpp - IR mirror of abi.h matches the C layout --------===//
//
// The pass builds its tables from IR struct types (AbiTypes); the runtime
// reads them through the C structs of energy/abi.h. These tests compare the
// two layouts field by field on the host's data layout, so a change to one
// without the other fails here rather than in a miscounted report.
//
//===----------------------------------------------------------------------===//
#include "RegionTable.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"

#include <cstddef>
#include <gtest/gtest.h>

using namespace llvm;

namespace {

#if defined(__x86_64__) && defined(__linux__)
constexpr const char *HostLayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-"
                                   "i64:64-i128:128-f80:128-n8:16:32:64-S128";
#elif defined(__aarch64__) && defined(__linux__)
constexpr const char *HostLayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32";
#else
#error "add this host's data layout"
#endif

class AbiLayoutTest : public ::testing::Test {
protected:
  LLVMContext Ctx;
  DataLayout DL{HostLayout};
  energy::AbiTypes Types = energy::AbiTypes::get(Ctx);

  void expectLayout(StructType *Ty, size_t Size, size_t Alignment,
                    std::initializer_list<size_t> Offsets) {
    const StructLayout *Layout = DL.getStructLayout(Ty);
    EXPECT_EQ(Layout->getSizeInBytes(), Size) << Ty->getName().str();
    EXPECT_EQ(Layout->getAlignment().value(), Alignment) << Ty->getName().str();
    ASSERT_EQ(Ty->getNumElements(), Offsets.size()) << Ty->getName().str();
    unsigned Field = 0;
    for (size_t Offset : Offsets) {
      EXPECT_EQ(Layout->getElementOffset(Field), Offset)
          << Ty->getName().str() << " field " << Field;
      ++Field;
    }
  }
};

TEST_F(AbiLayoutTest, Cost) {
  expectLayout(Types.Cost, sizeof(energy_cost), alignof(energy_cost),
               {offsetof(energy_cost, flops), offsetof(energy_cost, flops_by_width),
                offsetof(energy_cost, bytes_loaded), offsetof(energy_cost, bytes_stored),
                offsetof(energy_cost, instructions), offsetof(energy_cost, branches),
                offsetof(energy_cost, calls), offsetof(energy_cost, flags)});
}

TEST_F(AbiLayoutTest, Block) {
  expectLayout(
      Types.Block, sizeof(energy_block), alignof(energy_block),
      {offsetof(energy_block, region), offsetof(energy_block, line), offsetof(energy_block, cost)});
}

TEST_F(AbiLayoutTest, DynamicCounter) {
  expectLayout(Types.Dynamic, sizeof(energy_dynamic_counter), alignof(energy_dynamic_counter),
               {offsetof(energy_dynamic_counter, block), offsetof(energy_dynamic_counter, kind),
                offsetof(energy_dynamic_counter, precision),
                offsetof(energy_dynamic_counter, flop_kind),
                offsetof(energy_dynamic_counter, width), offsetof(energy_dynamic_counter, scale)});
}

TEST_F(AbiLayoutTest, Region) {
  expectLayout(Types.Region, sizeof(energy_region), alignof(energy_region),
               {offsetof(energy_region, name), offsetof(energy_region, demangled),
                offsetof(energy_region, file), offsetof(energy_region, line),
                offsetof(energy_region, kind), offsetof(energy_region, parent),
                offsetof(energy_region, entry_block)});
}

TEST_F(AbiLayoutTest, CountTerm) {
  expectLayout(Types.Term, sizeof(energy_count_term), alignof(energy_count_term),
               {offsetof(energy_count_term, block), offsetof(energy_count_term, counter),
                offsetof(energy_count_term, coefficient)});
}

TEST_F(AbiLayoutTest, Module) {
  expectLayout(Types.Module, sizeof(energy_module), alignof(energy_module),
               {offsetof(energy_module, abi_version),
                offsetof(energy_module, num_regions),
                offsetof(energy_module, num_blocks),
                offsetof(energy_module, num_dynamic),
                offsetof(energy_module, hash),
                offsetof(energy_module, source),
                offsetof(energy_module, regions),
                offsetof(energy_module, blocks),
                offsetof(energy_module, dynamic),
                offsetof(energy_module, num_counters),
                offsetof(energy_module, num_terms),
                offsetof(energy_module, terms),
                offsetof(energy_module, thread_counters),
                offsetof(energy_module, timing),
                offsetof(energy_module, flags),
                offsetof(energy_module, runtime),
                offsetof(energy_module, num_lines),
                offsetof(energy_module, num_line_files),
                offsetof(energy_module, line_files),
                offsetof(energy_module, lines),
                offsetof(energy_module, num_inline_sites),
                offsetof(energy_module, reserved2),
                offsetof(energy_module, inline_sites),
                offsetof(energy_module, region_body_hashes),
                offsetof(energy_module, region_functions)});
}

TEST_F(AbiLayoutTest, Line) {
  expectLayout(Types.Line, sizeof(energy_line), alignof(energy_line),
               {offsetof(energy_line, block), offsetof(energy_line, file),
                offsetof(energy_line, line), offsetof(energy_line, inlined_at),
                offsetof(energy_line, cost)});
}

TEST_F(AbiLayoutTest, InlineSite) {
  expectLayout(Types.InlineSite, sizeof(energy_inline_site), alignof(energy_inline_site),
               {offsetof(energy_inline_site, file), offsetof(energy_inline_site, line),
                offsetof(energy_inline_site, caller), offsetof(energy_inline_site, reserved),
                offsetof(energy_inline_site, function)});
}

TEST_F(AbiLayoutTest, RegionStack) {
  expectLayout(Types.RegionStack, sizeof(energy_region_stack), alignof(energy_region_stack),
               {offsetof(energy_region_stack, depth), offsetof(energy_region_stack, reserved),
                offsetof(energy_region_stack, open)});
}

TEST_F(AbiLayoutTest, TypesAreCreatedOncePerContext) {
  energy::AbiTypes Again = energy::AbiTypes::get(Ctx);
  EXPECT_EQ(Again.Cost, Types.Cost);
  EXPECT_EQ(Again.Module, Types.Module);
}

} // namespace
