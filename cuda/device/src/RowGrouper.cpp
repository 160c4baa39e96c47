//===- RowGrouper.cpp - Per-thread counter rows into GPU profile groups ---===//
//
// Rows are hashed as byte strings, so grouping is one pass over the buffer
// and the profile grows with the number of distinct behaviours, not threads.
//
//===----------------------------------------------------------------------===//
#include "RowGrouper.h"

#include <string_view>
#include <unordered_map>
#include <vector>

namespace energy::gpu {
namespace {

struct Group {
  const uint64_t *row;
  nlohmann::json ranges = nlohmann::json::array();
  uint64_t first = 0, last = 0;
  bool open = false;

  void add(uint64_t thread) {
    if (open && thread == last + 1) {
      last = thread;
      return;
    }
    close();
    first = last = thread;
    open = true;
  }
  void close() {
    if (open)
      ranges.push_back({first, last});
    open = false;
  }
};

bool isZero(const uint64_t *row, uint32_t slots) {
  for (uint32_t s = 0; s < slots; ++s)
    if (row[s] != 0)
      return false;
  return true;
}

nlohmann::json describe(const energy_gpu_kernel &kernel, Group &group) {
  group.close();
  nlohmann::json blocks = nlohmann::json::array();
  for (uint32_t b = 0; b < kernel.num_blocks; ++b)
    if (group.row[b] != 0)
      blocks.push_back({b, group.row[b]});
  nlohmann::json edges = nlohmann::json::array();
  for (uint32_t e = 0; e < kernel.num_edges; ++e) {
    const uint32_t *edge = kernel.edges + 3 * e;
    if (uint64_t count = group.row[edge[2]]; count != 0)
      edges.push_back({edge[0], edge[1], count});
  }
  return {{"ranges", std::move(group.ranges)},
          {"blocks", std::move(blocks)},
          {"edges", std::move(edges)}};
}

} // namespace

nlohmann::json groupRows(const energy_gpu_kernel &kernel, const uint64_t *rows, uint64_t threads) {
  const uint32_t slots = kernel.num_slots;
  const size_t bytes = size_t(slots) * sizeof(uint64_t);
  std::unordered_map<std::string_view, size_t> index;
  std::vector<Group> groups;
  for (uint64_t t = 0; t < threads; ++t) {
    const uint64_t *row = rows + t * slots;
    if (isZero(row, slots))
      continue;
    std::string_view key(reinterpret_cast<const char *>(row), bytes);
    auto [it, added] = index.try_emplace(key, groups.size());
    if (added)
      groups.push_back(Group{row});
    groups[it->second].add(t);
  }
  nlohmann::json out = nlohmann::json::array();
  for (Group &group : groups)
    out.push_back(describe(kernel, group));
  return out;
}

void foldWarps(uint64_t *rows, uint64_t threads, uint32_t slots, uint64_t threads_per_block) {
  constexpr uint64_t warp = 32;
  for (uint64_t t = 0; t < threads; ++t) {
    const uint64_t lane = (t % threads_per_block) % warp;
    if (lane == 0)
      continue;
    uint64_t *row = rows + t * slots, *leader = rows + (t - lane) * slots;
    for (uint32_t s = 0; s < slots; ++s) {
      leader[s] += row[s];
      row[s] = 0;
    }
  }
}

} // namespace energy::gpu
