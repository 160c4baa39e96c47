//===- RowGrouperTest.cpp - Grouping per-thread rows into profile groups --===//
#include "RowGrouper.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using nlohmann::json;

// if (tid < n) body; : entry 0, body 1, end 2; edges entry->body (slot 1),
// entry->end (critical, slot 3), body->end (slot 1).
const uint32_t kEdges[] = {0, 1, 1, 0, 2, 3, 1, 2, 1};
const energy_gpu_kernel kKernel{
    ENERGY_GPU_ABI_VERSION, ENERGY_GPU_MODE_THREAD, 1, 3, 4, 3, "k", "[]", kEdges};

std::vector<uint64_t> rowsFor(uint64_t threads, uint64_t n) {
  std::vector<uint64_t> rows(threads * 4, 0);
  for (uint64_t t = 0; t < threads; ++t) {
    uint64_t *row = rows.data() + t * 4;
    row[0] = row[2] = 1;
    (t < n ? row[1] : row[3]) = 1;
  }
  return rows;
}

TEST(RowGrouper, IdenticalRowsFormOneGroupWithTheirRanges) {
  std::vector<uint64_t> rows = rowsFor(8, 5);
  json groups = energy::gpu::groupRows(kKernel, rows.data(), 8);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0]["ranges"], json::parse("[[0,4]]"));
  EXPECT_EQ(groups[0]["blocks"], json::parse("[[0,1],[1,1],[2,1]]"));
  EXPECT_EQ(groups[0]["edges"], json::parse("[[0,1,1],[1,2,1]]"));
  EXPECT_EQ(groups[1]["ranges"], json::parse("[[5,7]]"));
  EXPECT_EQ(groups[1]["blocks"], json::parse("[[0,1],[2,1]]"));
  EXPECT_EQ(groups[1]["edges"], json::parse("[[0,2,1]]"));
}

TEST(RowGrouper, InterleavedThreadsGetSeveralRangesAndZeroRowsAreLeftOut) {
  std::vector<uint64_t> rows = rowsFor(6, 6);
  for (uint64_t t : {1, 4})
    std::fill_n(rows.data() + t * 4, 4, 0);
  json groups = energy::gpu::groupRows(kKernel, rows.data(), 6);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0]["ranges"], json::parse("[[0,0],[2,3],[5,5]]"));
}

TEST(RowGrouper, WarpsFoldIntoTheirFirstLanePerThreadBlock) {
  // Two thread blocks of 40 threads: warps are ids 0-31, 32-39, 40-71, 72-79.
  std::vector<uint64_t> rows(80 * 4, 0);
  for (uint64_t t = 0; t < 80; ++t)
    rows[t * 4] = 1;
  energy::gpu::foldWarps(rows.data(), 80, 4, 40);
  for (uint64_t t = 0; t < 80; ++t) {
    const uint64_t expected = t == 0 || t == 40 ? 32 : t == 32 || t == 72 ? 8 : 0;
    EXPECT_EQ(rows[t * 4], expected) << "thread " << t;
  }
}

} // namespace
