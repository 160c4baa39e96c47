//===- block_runner.cpp - Fiber scheduling, barriers and warp groups -------===//
#include "block_runner.h"

#include "emulator_settings.h"

#include <bit>
#include <cstdio>
#include <utility>

thread_local constinit uint3 threadIdx{};
thread_local constinit uint3 blockIdx{};
thread_local constinit dim3 blockDim;
thread_local constinit dim3 gridDim;

namespace energy_cuda_emu::detail {
namespace {
// Initial-exec: read at every intrinsic, and the library always lives in the executable.
__attribute__((tls_model("initial-exec"))) thread_local cuda_thread *running_thread = nullptr;
__attribute__((tls_model("initial-exec"))) thread_local block_runner *active_runner = nullptr;

unsigned threads_per_block(dim3 block) { return block.x * block.y * block.z; }

uint3 thread_index(unsigned linear, dim3 block) {
  return uint3{linear % block.x, linear / block.x % block.y, linear / (block.x * block.y)};
}
} // namespace

block_runner &block_runner::of_this_thread() {
  static thread_local block_runner runner;
  return runner;
}

cuda_thread *block_runner::current_thread() { return running_thread; }

block_runner *block_runner::active() { return running_thread != nullptr ? active_runner : nullptr; }

block_runner::block_runner()
    : stacks_(settings().fiber_stack_bytes),
      dynamic_shared_(new unsigned char[dynamic_shared_capacity]) {}

void *block_runner::dynamic_shared_memory() { return dynamic_shared_.get(); }

bool block_runner::run(const launch_config &config, uint3 block, thread_entry entry,
                       const void *closure) {
  config_ = &config;
  active_runner = this;
  block_ = block;
  blockIdx = block;
  blockDim = config.block;
  gridDim = config.grid;
  start_threads(entry, closure);
  bool deadlocked = false;
  while (live_ > 0) {
    sweep();
    if (live_ > 0 && !release_stopped_threads()) {
      report_deadlock();
      deadlocked = true;
      break;
    }
  }
  // Destroying a fiber that has not finished unwinds its stack.
  for (cuda_thread &thread : threads_)
    thread.self = boost::context::fiber();
  return !deadlocked;
}

void block_runner::start_threads(thread_entry entry, const void *closure) {
  const unsigned count = threads_per_block(config_->block);
  threads_.resize(count); // no fiber is alive here, so moving the records is safe
  posts_.resize((count + lanes_per_warp - 1) / lanes_per_warp);
  for (unsigned linear = 0; linear < count; ++linear) {
    cuda_thread &thread = threads_[linear];
    thread.index = thread_index(linear, config_->block);
    thread.state = thread_state::runnable;
    thread.self =
        boost::context::fiber(std::allocator_arg, pooled_stack_allocator{&stacks_},
                              [&thread, entry, closure](boost::context::fiber &&scheduler) {
                                thread.scheduler = std::move(scheduler);
                                entry(closure);
                                thread.state = thread_state::exited;
                                return std::move(thread.scheduler);
                              });
  }
  live_ = count;
  at_barrier_ = 0;
  at_warp_ = 0;
}

void block_runner::sweep() {
  for (cuda_thread &thread : threads_) {
    if (thread.state != thread_state::runnable)
      continue;
    running_thread = &thread;
    threadIdx = thread.index;
    thread.self = std::move(thread.self).resume();
    running_thread = nullptr;
    if (thread.state == thread_state::exited)
      --live_;
  }
}

void block_runner::suspend(cuda_thread &thread, thread_state why) {
  thread.state = why;
  thread.scheduler = std::move(thread.scheduler).resume();
}

bool block_runner::release_stopped_threads() {
  bool released = false;
  for (unsigned warp = 0; at_warp_ > 0 && warp < posts_.size(); ++warp)
    released |= release_warp(warp);
  return released || release_barrier();
}

bool block_runner::release_warp(unsigned warp) {
  const unsigned first = warp * lanes_per_warp;
  const unsigned lanes = std::min<unsigned>(lanes_per_warp, threads_.size() - first);
  uint32_t live = 0, at_op = 0, at_active_mask = 0;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    const thread_state state = threads_[first + lane].state;
    live |= (state != thread_state::exited) << lane;
    at_op |= (state == thread_state::at_warp_op) << lane;
    at_active_mask |= (state == thread_state::at_active_mask) << lane;
  }
  bool released = false;
  const warp_posts &posts = posts_[warp];
  for (uint32_t pending = at_op; pending != 0;) {
    const unsigned lane = std::countr_zero(pending);
    const uint32_t group = (posts[lane].mask & live) | (1u << lane);
    pending &= ~(1u << lane);
    if ((group & ~at_op) != 0)
      continue; // a lane of the group is still elsewhere
    exchange_within_warp(posts, group, results_);
    for (uint32_t members = group; members != 0; members &= members - 1) {
      cuda_thread &thread = threads_[first + std::countr_zero(members)];
      thread.result = results_[std::countr_zero(members)];
      thread.state = thread_state::runnable;
      --at_warp_;
    }
    pending &= ~group;
    at_op &= ~group;
    released = true;
  }
  // Every live lane has stopped: those at __activemask are the active ones.
  for (uint32_t members = at_active_mask; members != 0; members &= members - 1) {
    cuda_thread &thread = threads_[first + std::countr_zero(members)];
    thread.result = at_active_mask;
    thread.state = thread_state::runnable;
    --at_warp_;
    released = true;
  }
  return released;
}

bool block_runner::release_barrier() {
  if (at_barrier_ == 0 || at_barrier_ != live_)
    return false;
  int true_predicates = 0;
  for (cuda_thread &thread : threads_) {
    if (thread.state == thread_state::at_barrier) {
      true_predicates += thread.barrier_predicate != 0;
      thread.state = thread_state::runnable;
    }
  }
  barrier_count_ = true_predicates;
  barrier_arrivals_ = static_cast<int>(at_barrier_);
  at_barrier_ = 0;
  return true;
}

void block_runner::report_deadlock() const {
  unsigned at_barrier = 0, at_warp = 0, exited = 0;
  for (const cuda_thread &thread : threads_) {
    at_barrier += thread.state == thread_state::at_barrier;
    at_warp += thread.state == thread_state::at_warp_op;
    exited += thread.state == thread_state::exited;
  }
  std::fprintf(stderr,
               "energy-cuda-emu: kernel '%s', block (%u,%u,%u) deadlocked: %u threads wait at "
               "__syncthreads, %u at warp intrinsics whose mask names lanes that never arrive, "
               "%u exited; a barrier or a *_sync intrinsic in code that not all threads reach?\n",
               config_->kernel, block_.x, block_.y, block_.z, at_barrier, at_warp, exited);
}

int block_runner::barrier(int predicate) {
  cuda_thread &thread = *running_thread;
  thread.barrier_predicate = predicate;
  ++at_barrier_;
  suspend(thread, thread_state::at_barrier);
  return barrier_count_;
}

uint64_t block_runner::warp_collective(warp_op op, unsigned mask, uint64_t value, int param,
                                       int width) {
  cuda_thread &thread = *running_thread;
  const unsigned linear = static_cast<unsigned>(&thread - threads_.data());
  posts_[linear / lanes_per_warp][linear % lanes_per_warp] =
      warp_post{op, mask, value, param, width};
  ++at_warp_;
  suspend(thread, thread_state::at_warp_op);
  return thread.result;
}

unsigned block_runner::active_mask() {
  cuda_thread &thread = *running_thread;
  ++at_warp_;
  suspend(thread, thread_state::at_active_mask);
  return static_cast<unsigned>(thread.result);
}

} // namespace energy_cuda_emu::detail
