//===- warp_exchange.cpp - Results of shuffles and votes for a warp --------===//
//
// Semantics follow the CUDA programming guide: a shuffle with width w works
// within segments of w lanes; a source outside the lane's segment (or past
// its edge for up/down) yields the lane's own value; a source lane that takes
// no part in the exchange yields the lane's own value too (the guide leaves
// it undefined). Votes, matches and reductions consider the lanes of the
// group only.
//
//===----------------------------------------------------------------------===//
#include "warp_exchange.h"

#include <algorithm>

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

// Lanes of the group whose value has the same bits as `lane`'s.
uint32_t lanes_with_equal_value(const warp_posts &posts, uint32_t group, unsigned lane) {
  uint32_t equal = 0;
  for (unsigned other = 0; other < lanes_per_warp; ++other)
    if ((group >> other & 1u) && posts[other].value == posts[lane].value)
      equal |= 1u << other;
  return equal;
}

// __reduce_*_sync over the group: 32-bit operands, signed when the lane's param says so.
uint64_t reduce_group(const warp_posts &posts, uint32_t group, const warp_post &mine) {
  const bool is_signed = mine.param != 0;
  uint32_t acc = 0;
  bool first = true;
  for (unsigned lane = 0; lane < lanes_per_warp; ++lane) {
    if (!(group >> lane & 1u))
      continue;
    const uint32_t v = static_cast<uint32_t>(posts[lane].value);
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (mine.op) {
    case warp_op::reduce_add:
      acc += v;
      break;
    case warp_op::reduce_and:
      acc &= v;
      break;
    case warp_op::reduce_or:
      acc |= v;
      break;
    case warp_op::reduce_xor:
      acc ^= v;
      break;
    case warp_op::reduce_min:
      acc =
          is_signed
              ? static_cast<uint32_t>(std::min(static_cast<int32_t>(acc), static_cast<int32_t>(v)))
              : std::min(acc, v);
      break;
    case warp_op::reduce_max:
      acc =
          is_signed
              ? static_cast<uint32_t>(std::max(static_cast<int32_t>(acc), static_cast<int32_t>(v)))
              : std::max(acc, v);
      break;
    default:
      break;
    }
  }
  return is_signed ? static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(acc))) : acc;
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
    case warp_op::match_any:
      results[lane] = lanes_with_equal_value(posts, group, lane);
      break;
    case warp_op::match_all:
      results[lane] = lanes_with_equal_value(posts, group, lane) == group ? group : 0u;
      break;
    case warp_op::reduce_add:
    case warp_op::reduce_min:
    case warp_op::reduce_max:
    case warp_op::reduce_and:
    case warp_op::reduce_or:
    case warp_op::reduce_xor:
      results[lane] = reduce_group(posts, group, post);
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
