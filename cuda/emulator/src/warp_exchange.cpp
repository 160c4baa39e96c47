//===- warp_exchange.cpp - Results of shuffles and votes for a warp --------===//
//
// Semantics follow the CUDA programming guide: a shuffle with width w works
// within segments of w lanes; a source outside the lane's segment (or past
// its edge for up/down) yields the lane's own value; a source lane that takes
// no part in the exchange yields the lane's own value too (the guide leaves
// it undefined). Votes consider the lanes of the group only.
//
//===----------------------------------------------------------------------===//
#include "warp_exchange.h"

namespace energy_cuda_emu::detail {
namespace {

// The lane a shuffle reads from, or `lane` itself when the source is out of range.
unsigned shuffle_source(const warp_post &post, unsigned lane) {
  const unsigned width =
      (post.width >= 1 && post.width <= 32 && (post.width & (post.width - 1)) == 0) ? post.width
                                                                                      : 32u;
  const unsigned segment_start = lane & ~(width - 1);
  const unsigned in_segment = lane - segment_start;
  const unsigned param = static_cast<unsigned>(post.param);
  switch (post.op) {
  case warp_op::shfl_idx:
    return segment_start + (param & (width - 1));
  case warp_op::shfl_up:
    return in_segment >= param ? lane - param : lane;
  case warp_op::shfl_down:
    return in_segment + param < width ? lane + param : lane;
  case warp_op::shfl_xor: {
    const unsigned source = lane ^ param;
    return (source >= segment_start && source < segment_start + width) ? source : lane;
  }
  default:
    return lane;
  }
}

uint32_t lanes_with_true_predicate(const warp_posts &posts, uint32_t group) {
  uint32_t ballot = 0;
  for (unsigned lane = 0; lane < lanes_per_warp; ++lane)
    if ((group >> lane & 1u) && posts[lane].value != 0)
      ballot |= 1u << lane;
  return ballot;
}

} // namespace

void exchange_within_warp(const warp_posts &posts, uint32_t group, warp_results &results) {
  const uint32_t ballot = lanes_with_true_predicate(posts, group);
  for (unsigned lane = 0; lane < lanes_per_warp; ++lane) {
    if (!(group >> lane & 1u))
      continue;
    const warp_post &post = posts[lane];
    switch (post.op) {
    case warp_op::sync:
      results[lane] = 0;
      break;
    case warp_op::all:
      results[lane] = ballot == group;
      break;
    case warp_op::any:
      results[lane] = ballot != 0;
      break;
    case warp_op::ballot:
      results[lane] = ballot;
      break;
    case warp_op::shfl_idx:
    case warp_op::shfl_up:
    case warp_op::shfl_down:
    case warp_op::shfl_xor: {
      const unsigned source = shuffle_source(post, lane);
      results[lane] = (group >> source & 1u) ? posts[source].value : post.value;
      break;
    }
    }
  }
}

} // namespace energy_cuda_emu::detail
