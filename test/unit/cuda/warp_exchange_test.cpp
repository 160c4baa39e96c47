//===- warp_exchange_test.cpp - Shuffle and vote results for a whole warp --===//
#include "warp_exchange.h"

#include <gtest/gtest.h>

namespace {
using namespace energy_cuda_emu;
using namespace energy_cuda_emu::detail;

constexpr uint32_t kAll = 0xffffffffu;

// Every lane of `group` posts op(value = 100 + lane, param, width).
warp_results exchange(warp_op op, int param, int width = 32, uint32_t group = kAll) {
  warp_posts posts;
  for (unsigned lane = 0; lane < 32; ++lane)
    posts[lane] = warp_post{op, group, 100u + lane, param, width};
  warp_results results;
  results.fill(0xdeadu);
  exchange_within_warp(posts, group, results);
  return results;
}

TEST(WarpExchange, ShuffleIndexBroadcastsOneLane) {
  const auto r = exchange(warp_op::shfl_idx, 5);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], 105u);
}

TEST(WarpExchange, ShuffleIndexWorksWithinSegmentsOfTheWidth) {
  const auto r = exchange(warp_op::shfl_idx, 3, 8);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], 100u + (lane / 8) * 8 + 3) << "lane " << lane;
}

TEST(WarpExchange, ShuffleDownKeepsOwnValuePastTheEnd) {
  const auto r = exchange(warp_op::shfl_down, 4);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], lane + 4 < 32 ? 104u + lane : 100u + lane);
}

TEST(WarpExchange, ShuffleUpKeepsOwnValueBeforeTheStartOfEachSegment) {
  const auto r = exchange(warp_op::shfl_up, 2, 16);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], lane % 16 >= 2 ? 98u + lane : 100u + lane);
}

TEST(WarpExchange, ShuffleXorSwapsButterflyPartners) {
  const auto r = exchange(warp_op::shfl_xor, 1);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], 100u + (lane ^ 1u));
}

TEST(WarpExchange, ShuffleXorOutsideTheSegmentKeepsOwnValue) {
  const auto r = exchange(warp_op::shfl_xor, 8, 8);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(r[lane], 100u + lane);
}

TEST(WarpExchange, ShuffleFromALaneOutsideTheGroupKeepsOwnValue) {
  const auto r = exchange(warp_op::shfl_idx, 20, 32, 0x0000ffffu);
  for (unsigned lane = 0; lane < 16; ++lane)
    EXPECT_EQ(r[lane], 100u + lane);
  EXPECT_EQ(r[20], 0xdeadu) << "lanes outside the group are left alone";
}

TEST(WarpExchange, VotesConsiderTheGroupOnly) {
  warp_posts posts;
  const uint32_t group = 0x00ff00ffu;
  for (unsigned lane = 0; lane < 32; ++lane)
    posts[lane] = warp_post{warp_op::ballot, group, lane % 2, 0, 32};
  warp_results ballot{};
  exchange_within_warp(posts, group, ballot);
  EXPECT_EQ(ballot[0], 0x00aa00aau);

  for (auto &post : posts)
    post.op = warp_op::any;
  warp_results any{};
  exchange_within_warp(posts, group, any);
  EXPECT_EQ(any[0], 1u);

  for (auto &post : posts)
    post.op = warp_op::all;
  warp_results all{};
  exchange_within_warp(posts, group, all);
  EXPECT_EQ(all[0], 0u);
  for (unsigned lane = 0; lane < 32; ++lane)
    posts[lane].value = (group >> lane) & 1u; // true exactly in the group
  exchange_within_warp(posts, group, all);
  EXPECT_EQ(all[16], 1u);
}

} // namespace

namespace {
using namespace energy_cuda_emu;
using namespace energy_cuda_emu::detail;

warp_results exchange_values(warp_op op, uint32_t group, uint64_t (*value)(unsigned),
                             int param = 0) {
  warp_posts posts;
  for (unsigned lane = 0; lane < 32; ++lane)
    posts[lane] = warp_post{op, group, value(lane), param, 32};
  warp_results results{};
  exchange_within_warp(posts, group, results);
  return results;
}

TEST(WarpExchange, MatchAnyGroupsLanesWithEqualValues) {
  const auto r = exchange_values(warp_op::match_any, 0xffffffffu,
                                 [](unsigned lane) -> uint64_t { return lane % 3; });
  EXPECT_EQ(r[0], 0x49249249u);
  EXPECT_EQ(r[4], 0x92492492u);
  const auto all =
      exchange_values(warp_op::match_all, 0x0000ffffu, [](unsigned) -> uint64_t { return 7; });
  EXPECT_EQ(all[3], 0x0000ffffu);
  const auto differ = exchange_values(warp_op::match_all, 0x0000ffffu,
                                      [](unsigned lane) -> uint64_t { return lane == 9; });
  EXPECT_EQ(differ[3], 0u);
}

TEST(WarpExchange, ReductionsCoverTheGroupWithItsSignedness) {
  const auto sum = exchange_values(warp_op::reduce_add, 0xffffffffu,
                                   [](unsigned lane) -> uint64_t { return lane; });
  EXPECT_EQ(sum[7], 31u * 32u / 2u);
  auto negative = [](unsigned lane) -> uint64_t {
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int>(lane) - 10));
  };
  const auto signed_min = exchange_values(warp_op::reduce_min, 0xffffffffu, negative, 1);
  EXPECT_EQ(static_cast<int>(signed_min[0]), -10);
  const auto unsigned_min = exchange_values(warp_op::reduce_min, 0xffffffffu, negative, 0);
  EXPECT_EQ(static_cast<unsigned>(unsigned_min[0]), 0u);
  const auto odd_or = exchange_values(warp_op::reduce_or, 0x0000000fu,
                                      [](unsigned lane) -> uint64_t { return 1u << lane; });
  EXPECT_EQ(odd_or[2], 0xfu);
}

} // namespace
