//===- block_runner.h - The threads of one CUDA block as fibers -------------===//
//
// A block_runner belongs to one host thread and runs one thread block at a
// time: each CUDA thread is a Boost.Context fiber, started in order of its
// linear index. The scheduler resumes every runnable fiber until it stops (it
// exits, or waits at a barrier or a warp intrinsic); when all have stopped it
// releases whatever can proceed: complete warp groups first (their results
// computed at once, lock-step fashion), then the block barrier when every
// live thread waits at it. If nothing can proceed while threads remain, the
// block is deadlocked (say, __syncthreads in a branch not all threads take):
// the runner says so on stderr, unwinds the fibers, and the launch fails.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_CUDA_EMU_BLOCK_RUNNER_H
#define ENERGY_CUDA_EMU_BLOCK_RUNNER_H

#include "stack_pool.h"
#include "warp_exchange.h"

#include <boost/context/fiber.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace energy_cuda_emu::detail {

enum class thread_state : uint8_t { runnable, at_barrier, at_warp_op, at_active_mask, exited };

struct cuda_thread {
  boost::context::fiber self;      // resumes this thread
  boost::context::fiber scheduler; // resumes the scheduler, while this thread runs
  uint3 index{};
  thread_state state = thread_state::exited;
  int barrier_predicate = 0;
  uint64_t result = 0; // of the last warp intrinsic or barrier reduction
};

class block_runner {
public:
  // The runner of the calling host thread.
  static block_runner &of_this_thread();
  // The CUDA thread running on this host thread, or null outside kernels.
  static cuda_thread *current_thread();
  // The runner of the block running on this host thread, or null outside kernels.
  static block_runner *active();

  // Runs every thread of block `block`; false if the block deadlocked.
  bool run(const launch_config &config, uint3 block, thread_entry entry, const void *closure);

  // Called by the running CUDA thread; they suspend it until released.
  // Returns how many threads passed a true predicate to this barrier.
  int barrier(int predicate);
  int live_threads_at_last_barrier() const { return barrier_arrivals_; }
  uint64_t warp_collective(warp_op op, unsigned mask, uint64_t value, int param, int width);
  unsigned active_mask();

  void *dynamic_shared_memory();

private:
  block_runner();
  void start_threads(thread_entry entry, const void *closure);
  void sweep();
  bool release_stopped_threads();
  bool release_warp(unsigned warp);
  bool release_barrier();
  void report_deadlock() const;
  void suspend(cuda_thread &thread, thread_state why);

  stack_pool stacks_;
  std::unique_ptr<unsigned char[]> dynamic_shared_;
  std::vector<cuda_thread> threads_;
  std::vector<warp_posts> posts_; // one set per warp of the block
  warp_results results_{};
  const launch_config *config_ = nullptr;
  uint3 block_{};
  unsigned live_ = 0;
  unsigned at_barrier_ = 0;  // threads waiting at __syncthreads
  unsigned at_warp_ = 0;     // threads waiting at a warp intrinsic or __activemask
  int barrier_count_ = 0;    // threads with a true predicate at the last barrier
  int barrier_arrivals_ = 0; // threads that reached the last barrier
};

} // namespace energy_cuda_emu::detail

#endif
