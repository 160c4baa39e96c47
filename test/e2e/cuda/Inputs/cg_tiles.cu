// Cooperative groups: a block-wide sum through tiles of 16 (tile shuffles,
// then one atomicAdd per tile), and a tile ballot.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void tile_sum(const int *in, int *total, unsigned *ballots) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int v = in[blockIdx.x * blockDim.x + block.thread_rank()];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_xor(v, offset);
  if (tile.thread_rank() == 0)
    atomicAdd(total, v);
  unsigned ballot = tile.ballot(v > 0);
  block.sync();
  if (block.thread_rank() == 0)
    ballots[blockIdx.x] = ballot;
}

int main() {
  const int blocks = 4, threads = 64, n = blocks * threads;
  int host[n], expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = i % 7 - 2;
    expected += host[i];
  }
  int *in, *total;
  unsigned *ballots;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&ballots, blocks * sizeof(unsigned));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  tile_sum<<<blocks, threads>>>(in, total, ballots);
  int sum = 0;
  unsigned ballot0 = 0;
  cudaMemcpy(&sum, total, sizeof sum, cudaMemcpyDeviceToHost);
  cudaMemcpy(&ballot0, ballots, sizeof ballot0, cudaMemcpyDeviceToHost);
  std::printf("cg_tiles: sum=%d expected=%d ballot0=0x%x %s\n", sum, expected, ballot0,
              sum == expected ? "PASS" : "FAIL");
  return sum == expected ? 0 : 1;
}
