//===- cooperative_groups_test.cpp - Blocks and tiles as cooperative groups ===//
#include <gtest/gtest.h>

#include "energy_cuda_emu/cooperative_groups.h"

#include <vector>

namespace {
namespace cg = cooperative_groups;

void tile_facts(unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
  unsigned sum = static_cast<unsigned>(block.thread_rank());
  for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2)
    sum += tile.shfl_down(sum, offset);
  const unsigned first = tile.shfl(static_cast<unsigned>(block.thread_rank()), 0);
  const unsigned odd = tile.ballot(block.thread_rank() % 2 == 1);
  block.sync();
  unsigned *slot = out + 5 * block.thread_rank();
  slot[0] = sum;
  slot[1] = first;
  slot[2] = odd;
  slot[3] = static_cast<unsigned>(tile.meta_group_rank());
  slot[4] = static_cast<unsigned>(tile.thread_rank());
}

TEST(CooperativeGroups, TilesShuffleAndVoteWithinThemselves) {
  std::vector<unsigned> out(5 * 48);
  (energy_cuda_emu::launch("tile_facts", 1, 48)->*[&](auto &&...a) { tile_facts(a...); })(
      out.data());
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  for (unsigned rank = 0; rank < 48; ++rank) {
    const unsigned first = rank / 8 * 8;
    const unsigned *slot = &out[5 * rank];
    if (rank % 8 == 0)
      EXPECT_EQ(slot[0], 8 * first + 28) << rank; // first + ... + first + 7
    EXPECT_EQ(slot[1], first);
    EXPECT_EQ(slot[2], 0xaau);
    EXPECT_EQ(slot[3], rank / 8);
    EXPECT_EQ(slot[4], rank % 8);
  }
}

} // namespace
