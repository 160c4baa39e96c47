//===- block_scheduling_test.cpp - Blocks as fibers: barriers, warps, memory ===//
//
// Kernels here are plain functions launched the way energy-cuda-rewrite's
// output launches them.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include "energy_cuda_emu/cuda_runtime.h"

#include <thread>
#include <vector>

namespace {

template <class Kernel, class... Args>
cudaError_t launch(Kernel kernel, dim3 grid, dim3 block, size_t shared_bytes, Args... args) {
  (energy_cuda_emu::launch("test_kernel", grid, block, shared_bytes)->*[&](auto &&...a) {
    kernel(a...);
  })(args...);
  return cudaGetLastError();
}

unsigned linear_thread() {
  return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}

void rotate_through_shared(int *out) {
  __shared__ int values[64];
  values[threadIdx.x] = static_cast<int>(threadIdx.x) * 10;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = values[(threadIdx.x + 1) % 64];
}

TEST(BlockScheduling, BarrierSeparatesWritesFromReadsOfOtherThreads) {
  std::vector<int> out(3 * 64, -1);
  ASSERT_EQ(launch(rotate_through_shared, 3, 64, 0, out.data()), cudaSuccess);
  for (int block = 0; block < 3; ++block)
    for (int t = 0; t < 64; ++t)
      EXPECT_EQ(out[block * 64 + t], ((t + 1) % 64) * 10);
}

void early_exit_then_barriers(int *out) {
  if (threadIdx.x >= 16)
    return;
  __syncthreads();
  atomicAdd(out, 1);
  __syncthreads();
}

TEST(BlockScheduling, BarrierWaitsOnlyForThreadsThatHaveNotExited) {
  int count = 0;
  ASSERT_EQ(launch(early_exit_then_barriers, 1, 128, 0, &count), cudaSuccess);
  EXPECT_EQ(count, 16);
}

void barrier_reductions(int *out) {
  const int odd = threadIdx.x % 2;
  const int count = __syncthreads_count(odd);
  const int all = __syncthreads_and(threadIdx.x < 1000);
  const int any = __syncthreads_or(threadIdx.x == 77);
  const int none = __syncthreads_or(0);
  if (threadIdx.x == 0) {
    out[0] = count;
    out[1] = all;
    out[2] = any;
    out[3] = none;
  }
}

TEST(BlockScheduling, BarrierReductionsCountTheBlocksPredicates) {
  int out[4] = {-1, -1, -1, -1};
  ASSERT_EQ(launch(barrier_reductions, 1, 100, 0, out), cudaSuccess);
  EXPECT_EQ(out[0], 50);
  EXPECT_EQ(out[1], 1);
  EXPECT_EQ(out[2], 1);
  EXPECT_EQ(out[3], 0);
}

void record_coordinates(unsigned *out) {
  const unsigned block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  const unsigned per_block = blockDim.x * blockDim.y * blockDim.z;
  unsigned *slot = out + 4 * (block * per_block + linear_thread());
  slot[0] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z;
  slot[1] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z;
  slot[2] = blockDim.x + 10 * blockDim.y + 100 * blockDim.z;
  slot[3] = gridDim.x + 10 * gridDim.y + 100 * gridDim.z;
}

TEST(BlockScheduling, EveryThreadSeesItsOwnCoordinatesIn3D) {
  const dim3 grid(2, 3, 2), block(4, 2, 3);
  std::vector<unsigned> out(4 * 12 * 24, 0xffffffffu);
  ASSERT_EQ(launch(record_coordinates, grid, block, 0, out.data()), cudaSuccess);
  for (unsigned b = 0; b < 12; ++b)
    for (unsigned t = 0; t < 24; ++t) {
      const unsigned *slot = &out[4 * (b * 24 + t)];
      EXPECT_EQ(slot[0], t % 4 + 10 * (t / 4 % 2) + 100 * (t / 8));
      EXPECT_EQ(slot[1], b % 2 + 10 * (b / 2 % 3) + 100 * (b / 6));
      EXPECT_EQ(slot[2], 4u + 20u + 300u);
      EXPECT_EQ(slot[3], 2u + 30u + 200u);
    }
}

void ballot_and_active_mask(unsigned *out) {
  const unsigned warp = threadIdx.x / 32;
  const unsigned ballot = __ballot_sync(0xffffffffu, threadIdx.x % 3 == 0);
  unsigned active = 0;
  if (threadIdx.x % 32 < 10)
    active = __activemask();
  if (threadIdx.x % 32 == 0) {
    out[2 * warp] = ballot;
    out[2 * warp + 1] = active;
  }
}

TEST(BlockScheduling, WarpVotesAndActiveMaskSeeTheWarpsLanes) {
  unsigned out[4] = {};
  ASSERT_EQ(launch(ballot_and_active_mask, 1, 40, 0, out), cudaSuccess);
  EXPECT_EQ(out[0], 0x49249249u);                 // lanes 0, 3, 6, ... of warp 0
  EXPECT_EQ(out[1], 0x3ffu);                      // lanes 0-9 took the branch
  EXPECT_EQ(out[2], 0x92u) << std::hex << out[2]; // threads 33, 36, 39: lanes 1, 4, 7 of warp 1
  EXPECT_EQ(out[3], 0xffu);
}

void shuffle_sum(int *out) {
  int v = static_cast<int>(threadIdx.x);
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  out[threadIdx.x] = v;
}

TEST(BlockScheduling, ShufflesExchangeValuesInLockStep) {
  std::vector<int> out(64, -1);
  ASSERT_EQ(launch(shuffle_sum, 1, 64, 0, out.data()), cudaSuccess);
  for (int t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], 31 * 32 / 2);
  for (int t = 32; t < 64; ++t)
    EXPECT_EQ(out[t], (32 + 63) * 32 / 2);
}

void match_and_reduce(unsigned *out) {
  const unsigned lane = threadIdx.x % 32;
  out[4 * threadIdx.x] = __match_any_sync(0xffffffffu, lane / 8);
  int all_same = 0;
  out[4 * threadIdx.x + 1] = __match_all_sync(0xffffffffu, 5.0f, &all_same);
  out[4 * threadIdx.x + 2] = static_cast<unsigned>(all_same);
  out[4 * threadIdx.x + 3] =
      static_cast<unsigned>(__reduce_max_sync(0xffffffffu, -static_cast<int>(lane)));
}

TEST(BlockScheduling, MatchesAndReductionsSeeTheWholeWarp) {
  std::vector<unsigned> out(4 * 32);
  ASSERT_EQ(launch(match_and_reduce, 1, 32, 0, out.data()), cudaSuccess);
  for (unsigned lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(out[4 * lane], 0xffu << (lane / 8 * 8));
    EXPECT_EQ(out[4 * lane + 1], 0xffffffffu);
    EXPECT_EQ(out[4 * lane + 2], 1u);
    EXPECT_EQ(out[4 * lane + 3], 0u);
  }
}

void dynamic_shared_sum(long long *out) {
  auto *scratch = static_cast<long long *>(energy_cuda_emu::dynamic_shared_memory());
  scratch[threadIdx.x] = threadIdx.x + 1;
  __syncthreads();
  if (threadIdx.x == 0) {
    long long sum = 0;
    for (unsigned i = 0; i < blockDim.x; ++i)
      sum += scratch[i];
    out[blockIdx.x] = sum;
  }
}

TEST(BlockScheduling, DynamicSharedMemoryIsSharedByTheThreadsOfABlock) {
  long long out[5] = {};
  ASSERT_EQ(launch(dynamic_shared_sum, 5, 200, 200 * sizeof(long long), out), cudaSuccess);
  for (long long sum : out)
    EXPECT_EQ(sum, 200 * 201 / 2);
}

TEST(BlockScheduling, TooMuchDynamicSharedMemoryIsRefused) {
  long long out[1] = {};
  EXPECT_EQ(launch(dynamic_shared_sum, 1, 32, energy_cuda_emu::dynamic_shared_capacity + 1, out),
            cudaErrorInvalidValue);
}

struct atomic_totals {
  int sum;
  unsigned usum;
  float fsum;
  double dsum;
  int max;
  int min;
  unsigned long long cas_count;
};

void hammer_atomics(atomic_totals *t) {
  const int id = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  atomicAdd(&t->sum, 2);
  atomicSub(&t->usum, 1u);
  atomicAdd(&t->fsum, 1.0f);
  atomicAdd(&t->dsum, 0.5);
  atomicMax(&t->max, id);
  atomicMin(&t->min, -id);
  unsigned long long seen = t->cas_count, assumed;
  do {
    assumed = seen;
    seen = atomicCAS(&t->cas_count, assumed, assumed + 1);
  } while (seen != assumed);
}

TEST(BlockScheduling, AtomicsFromManyBlocksLoseNoUpdate) {
  atomic_totals t{0, 1u << 20, 0.0f, 0.0, -1, 1, 0};
  ASSERT_EQ(launch(hammer_atomics, 64, 128, 0, &t), cudaSuccess);
  const int threads = 64 * 128;
  EXPECT_EQ(t.sum, 2 * threads);
  EXPECT_EQ(t.usum, (1u << 20) - threads);
  EXPECT_EQ(t.fsum, static_cast<float>(threads));
  EXPECT_EQ(t.dsum, threads * 0.5);
  EXPECT_EQ(t.max, threads - 1);
  EXPECT_EQ(t.min, -(threads - 1));
  EXPECT_EQ(t.cas_count, static_cast<unsigned long long>(threads));
}

TEST(BlockScheduling, HostThreadsMayLaunchAtTheSameTime) {
  atomic_totals totals[2] = {{0, 0, 0.0f, 0.0, 0, 0, 0}, {0, 0, 0.0f, 0.0, 0, 0, 0}};
  auto launch_many = [](atomic_totals *t) {
    for (int i = 0; i < 20; ++i)
      launch(hammer_atomics, 4, 32, 0, t);
  };
  std::thread first(launch_many, &totals[0]), second(launch_many, &totals[1]);
  first.join();
  second.join();
  EXPECT_EQ(totals[0].sum, 2 * 20 * 4 * 32);
  EXPECT_EQ(totals[1].cas_count, 20u * 4 * 32);
}

void modify_own_argument(int n, int *out) {
  n += static_cast<int>(threadIdx.x);
  out[threadIdx.x] = n;
}

TEST(BlockScheduling, EveryThreadGetsItsOwnCopyOfTheArguments) {
  int out[8] = {};
  ASSERT_EQ(launch(modify_own_argument, 1, 8, 0, 100, out), cudaSuccess);
  for (int t = 0; t < 8; ++t)
    EXPECT_EQ(out[t], 100 + t);
}

void scale(float *data, float factor) { data[threadIdx.x] *= factor; }

TEST(BlockScheduling, CudaLaunchKernelTakesArgumentPointers) {
  float data[4] = {1, 2, 3, 4};
  float *pointer = data;
  float factor = 2.5f;
  void *args[] = {&pointer, &factor};
  ASSERT_EQ(cudaLaunchKernel(scale, dim3(1), dim3(4), args), cudaSuccess);
  EXPECT_EQ(data[3], 10.0f);
}

void half_warp_waits_for_the_other_half() {
  if (threadIdx.x < 16)
    __syncwarp();
  else
    __syncthreads();
}

TEST(BlockSchedulingDeathTest, ADeadlockedBlockFailsTheLaunchWithAMessage) {
  // The failure is sticky for the process, hence a child; re-executed since workers may exist.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        const cudaError_t launched = launch(half_warp_waits_for_the_other_half, 1, 32, 0);
        const bool sticky = cudaDeviceSynchronize() == cudaErrorLaunchFailure;
        std::exit(launched == cudaErrorLaunchFailure && sticky ? 7 : 1);
      },
      ::testing::ExitedWithCode(7),
      "block \\(0,0,0\\) deadlocked: 16 threads wait at __syncthreads");
}

void launch_from_device(int *) {
  int dummy = 0;
  (energy_cuda_emu::launch("inner", 1, 1)->*[&](auto &&...a) { modify_own_argument(a...); })(
      1, &dummy);
}

TEST(BlockScheduling, LaunchesFromDeviceCodeAreRefused) {
  int unused = 0;
  (energy_cuda_emu::launch("outer", 1, 1)->*[&](auto &&...a) { launch_from_device(a...); })(
      &unused);
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchFailure);
}

TEST(BlockScheduling, InvalidShapesAreRefusedBeforeRunning) {
  int out[1] = {};
  EXPECT_EQ(launch(modify_own_argument, 1, 1025, 0, 1, out), cudaErrorInvalidConfiguration);
  EXPECT_EQ(launch(modify_own_argument, dim3(1, 1, 70000), 1, 0, 1, out),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(launch(modify_own_argument, dim3(0), 1, 0, 1, out), cudaErrorInvalidConfiguration);
  EXPECT_EQ(launch(modify_own_argument, 1, dim3(1, 1, 65), 0, 1, out),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(out[0], 0);
}

} // namespace
