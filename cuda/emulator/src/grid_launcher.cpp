//===- grid_launcher.cpp - Running a grid's blocks on host threads ---------===//
//
// A launch is checked against sm_90's limits (as the real runtime does, with
// the same error), then its blocks are handed out, in order of their linear
// index, to the launching thread and a pool of host worker threads; each host
// thread runs one whole block at a time with its own block_runner. The launch
// returns when every block has finished. One grid runs at a time.
//
//===----------------------------------------------------------------------===//
#include "block_runner.h"
#include "emulator_settings.h"
#include "error_state.h"
#include "launch_hooks.h"
#include "launch_statistics.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace energy_cuda_emu::detail {
namespace {

constexpr unsigned max_threads_per_block = 1024;

bool valid_configuration(const launch_config &config) {
  const dim3 &b = config.block, &g = config.grid;
  const unsigned long long threads = 1ull * b.x * b.y * b.z;
  return threads >= 1 && threads <= max_threads_per_block && b.x <= 1024 && b.y <= 1024 &&
         b.z <= 64 && g.x >= 1 && g.y >= 1 && g.z >= 1 && g.x <= 0x7fffffffu && g.y <= 65535 &&
         g.z <= 65535;
}

struct grid_job {
  const launch_config *config;
  thread_entry entry;
  const void *closure;
  unsigned long long blocks;
  std::atomic<unsigned long long> next{0};
  std::atomic<bool> failed{false};

  void run_blocks() {
    block_runner &runner = block_runner::of_this_thread();
    const dim3 &grid = config->grid;
    for (unsigned long long linear;
         !failed.load(std::memory_order_relaxed) && (linear = next.fetch_add(1)) < blocks;) {
      const uint3 block{static_cast<unsigned>(linear % grid.x),
                        static_cast<unsigned>(linear / grid.x % grid.y),
                        static_cast<unsigned>(linear / (1ull * grid.x * grid.y))};
      if (!runner.run(*config, block, entry, closure))
        failed = true;
    }
  }
};

// Host threads that wait for grids; they live until the process exits.
class worker_pool {
public:
  explicit worker_pool(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      std::thread([this] { serve(); }).detach();
    worker_count_ = workers;
  }

  void run(grid_job &job) {
    {
      std::lock_guard lock(mutex_);
      job_ = &job;
      ++generation_;
      busy_ = worker_count_;
    }
    wake_.notify_all();
    job.run_blocks();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    job_ = nullptr;
  }

private:
  void serve() {
    unsigned long long seen = 0;
    for (;;) {
      grid_job *job;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        job = job_;
      }
      job->run_blocks();
      std::lock_guard lock(mutex_);
      if (--busy_ == 0)
        done_.notify_one();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  grid_job *job_ = nullptr;
  unsigned long long generation_ = 0;
  unsigned busy_ = 0;
  unsigned worker_count_ = 0;
};

void run_grid(grid_job &job) {
  const unsigned helpers = settings().host_threads - 1;
  if (helpers == 0 || job.blocks == 1) {
    job.run_blocks();
    return;
  }
  static worker_pool *pool = new worker_pool(helpers); // never destroyed: threads outlive main
  pool->run(job);
}

} // namespace

cudaError_t launch_grid(const launch_config &config, thread_entry entry, const void *closure) {
  if (block_runner::current_thread() != nullptr) {
    std::fprintf(stderr,
                 "energy-cuda-emu: kernel '%s' launched from device code: dynamic "
                 "parallelism is not emulated\n",
                 config.kernel);
    return record_error(cudaErrorLaunchFailure);
  }
  if (sticky_error() != cudaSuccess)
    return record_error(sticky_error());
  if (!valid_configuration(config))
    return record_error(cudaErrorInvalidConfiguration);
  if (config.shared_bytes > dynamic_shared_capacity)
    return record_error(cudaErrorInvalidValue);
  grid_job job;
  job.config = &config;
  job.entry = entry;
  job.closure = closure;
  job.blocks = 1ull * config.grid.x * config.grid.y * config.grid.z;
  // One grid at a time, hooks included, also when several host threads launch.
  static std::mutex one_grid_at_a_time;
  std::lock_guard lock(one_grid_at_a_time);
  const energy_cuda_emu_launch_info launch = begin_launch(config);
  const bool measure = settings().print_statistics;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = measure ? process_cpu_seconds() : 0.0;
  run_grid(job);
  if (measure)
    record_grid(job.blocks, job.blocks * config.block.x * config.block.y * config.block.z,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                process_cpu_seconds() - cpu_start);
  const cudaError_t result = job.failed ? cudaErrorLaunchFailure : cudaSuccess;
  if (job.failed)
    record_sticky_error(result);
  end_launch(launch, result);
  return result;
}

} // namespace energy_cuda_emu::detail
