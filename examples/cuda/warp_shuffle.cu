// warp_shuffle.cu - Warp-level primitives: a sum reduced with __shfl_down_sync
// inside each warp, then across the block's warps through shared memory; an
// all-reduce (max) with __shfl_xor_sync; a prefix sum with __shfl_up_sync;
// a broadcast with __shfl_sync; votes with __all_sync/__any_sync/__ballot_sync;
// and __activemask inside a branch that only some lanes take.
#include "cuda_check.h"

#include <vector>

constexpr unsigned kFull = 0xffffffffu;

__device__ int warp_sum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(kFull, v, offset);
  return v;
}

__global__ void block_sums(const int *in, int *out, int n) {
  __shared__ int warp_totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  int v = warp_sum(i < n ? in[i] : 0);
  if (lane == 0)
    warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / warpSize) ? warp_totals[lane] : 0;
    v = warp_sum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

// One warp per block: per lane, the warp's max, inclusive prefix sum, lane 5's
// value, the votes, and the active mask seen by the odd lanes.
__global__ void warp_facts(const int *in, int *max_out, int *prefix_out, int *bcast_out,
                           unsigned *votes, unsigned *odd_mask) {
  int lane = threadIdx.x;
  int v = in[blockIdx.x * 32 + lane];
  int m = v;
  for (int mask = 16; mask > 0; mask >>= 1)
    m = max(m, __shfl_xor_sync(kFull, m, mask));
  int prefix = v;
  for (int offset = 1; offset < 32; offset *= 2) {
    int up = __shfl_up_sync(kFull, prefix, offset);
    if (lane >= offset)
      prefix += up;
  }
  int i = blockIdx.x * 32 + lane;
  max_out[i] = m;
  prefix_out[i] = prefix;
  bcast_out[i] = __shfl_sync(kFull, v, 5);
  unsigned positive = __ballot_sync(kFull, v > 0);
  int all_small = __all_sync(kFull, v < 100);
  int any_big = __any_sync(kFull, v > 90);
  if (lane == 0) {
    votes[blockIdx.x * 3 + 0] = positive;
    votes[blockIdx.x * 3 + 1] = all_small;
    votes[blockIdx.x * 3 + 2] = any_big;
  }
  if (lane % 2 == 1)
    odd_mask[i] = __activemask();
  else
    odd_mask[i] = 0;
}

int main() {
  const int n = 10000, block = 256, blocks = (n + block - 1) / block;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = (i * 31) % 101 - 30;
  int *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, blocks * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, data.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  block_sums<<<blocks, block>>>(din, dout, n);
  CUDA_CHECK_LAUNCH();
  std::vector<int> sums(blocks);
  CUDA_CHECK(cudaMemcpy(sums.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  long long total = 0, expected_total = 0;
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int i = b * block; i < n && i < (b + 1) * block; ++i)
      expected += data[i];
    ok = ok && sums[b] == expected;
    total += sums[b];
    expected_total += expected;
  }

  const int warps = 4, lanes = warps * 32;
  int *dmax, *dprefix, *dbcast;
  unsigned *dvotes, *dodd;
  CUDA_CHECK(cudaMalloc(&dmax, lanes * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dprefix, lanes * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dbcast, lanes * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dvotes, warps * 3 * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dodd, lanes * sizeof(unsigned)));
  warp_facts<<<warps, 32>>>(din, dmax, dprefix, dbcast, dvotes, dodd);
  CUDA_CHECK_LAUNCH();
  std::vector<int> maxes(lanes), prefixes(lanes), bcasts(lanes);
  std::vector<unsigned> votes(warps * 3), odd(lanes);
  CUDA_CHECK(cudaMemcpy(maxes.data(), dmax, lanes * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(prefixes.data(), dprefix, lanes * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(bcasts.data(), dbcast, lanes * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(votes.data(), dvotes, warps * 3 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(odd.data(), dodd, lanes * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int w = 0; w < warps; ++w) {
    int m = data[w * 32], prefix = 0, all_small = 1, any_big = 0;
    unsigned positive = 0;
    for (int l = 0; l < 32; ++l) {
      int v = data[w * 32 + l];
      m = v > m ? v : m;
      positive |= (v > 0 ? 1u : 0u) << l;
      all_small &= v < 100;
      any_big |= v > 90;
    }
    for (int l = 0; l < 32; ++l) {
      int i = w * 32 + l;
      prefix += data[i];
      ok = ok && maxes[i] == m && prefixes[i] == prefix && bcasts[i] == data[w * 32 + 5];
      // Lanes of the other branch cannot be active; whether all odd lanes run
      // together is up to the hardware's scheduler.
      ok = ok && (l % 2 == 1 ? ((odd[i] >> l & 1u) && (odd[i] & 0x55555555u) == 0) : odd[i] == 0);
    }
    ok = ok && votes[w * 3] == positive && votes[w * 3 + 1] == (unsigned)all_small &&
         votes[w * 3 + 2] == (unsigned)any_big;
  }
  std::printf("warp_shuffle: blocks=%d total=%lld expected=%lld warp0_max=%d warp0_ballot=0x%08x "
              "odd_lanes_activemask=0x%08x\n",
              blocks, total, expected_total, maxes[0], votes[0], odd[1]);
  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dout));
  CUDA_CHECK(cudaFree(dmax));
  CUDA_CHECK(cudaFree(dprefix));
  CUDA_CHECK(cudaFree(dbcast));
  CUDA_CHECK(cudaFree(dvotes));
  CUDA_CHECK(cudaFree(dodd));
  return report("warp_shuffle", ok);
}
