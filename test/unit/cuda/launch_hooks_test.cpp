//===- launch_hooks_test.cpp - Tools observe launches and running threads --===//
#include <gtest/gtest.h>

#include "energy_cuda_emu/cuda_runtime.h"
#include "energy_cuda_emu/hooks.h"

#include <string>
#include <vector>

namespace {

struct observed_launch {
  std::string kernel;
  uint64_t id;
  unsigned grid_x, block_x;
  cudaError_t result = cudaErrorUnknown;
};
std::vector<observed_launch> observed;

void on_begin(const energy_cuda_emu_launch_info *launch) {
  observed.push_back({launch->kernel, launch->launch_id, launch->grid.x, launch->block.x});
}
void on_end(const energy_cuda_emu_launch_info *launch, cudaError_t result) {
  ASSERT_FALSE(observed.empty());
  EXPECT_EQ(observed.back().id, launch->launch_id);
  observed.back().result = result;
}

void whoami(unsigned long long *out) {
  uint64_t launch = 0;
  uint3 block{}, thread{};
  const int inside = energy_cuda_emu_current_thread(&launch, &block, &thread);
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      inside * 1000000ull + launch * 10000 + block.x * 100 + thread.x;
}

TEST(LaunchHooks, BracketEveryLaunchAndNameTheRunningThread) {
  const energy_cuda_emu_hooks hooks{on_begin, on_end};
  energy_cuda_emu_set_hooks(&hooks);
  std::vector<unsigned long long> first(6), second(6);
  (energy_cuda_emu::launch("whoami", 2, 3)->*[&](auto &&...a) { whoami(a...); })(first.data());
  (energy_cuda_emu::launch("whoami", 3, 2)->*[&](auto &&...a) { whoami(a...); })(second.data());
  energy_cuda_emu_set_hooks(nullptr);
  (energy_cuda_emu::launch("unobserved", 1, 1)->*[&](auto &&...a) { whoami(a...); })(first.data());

  ASSERT_EQ(observed.size(), 2u);
  EXPECT_EQ(observed[0].kernel, "whoami");
  EXPECT_EQ(observed[0].grid_x, 2u);
  EXPECT_EQ(observed[0].block_x, 3u);
  EXPECT_EQ(observed[0].result, cudaSuccess);
  EXPECT_EQ(observed[1].id, observed[0].id + 1);
  for (unsigned i = 0; i < 6; ++i) {
    EXPECT_EQ(second[i], 1000000ull + observed[1].id * 10000 + (i / 2) * 100 + i % 2);
  }
  uint64_t launch = 99;
  EXPECT_EQ(energy_cuda_emu_current_thread(&launch, nullptr, nullptr), 0);
  EXPECT_EQ(launch, 99u);
}

} // namespace
