//===- EmulatorCollector.cpp - Per-launch counter rows in emulated builds -===//
//
// The collection side of device mode under the CPU emulator (cuda/emulator,
// hooks.h). A launch is announced by launch_begin; the first of its threads
// to enter the instrumented kernel allocates grid x block rows for that
// kernel; every thread then gets its own row (energy_gpu_emu_row), at its
// linear thread id. launch_end hands the rows of a successful launch to the
// profile. The threads of a block are fibers of one host thread, so a row is
// only ever written by one fiber and needs no atomics.
//
//===----------------------------------------------------------------------===//
#include "ProfileWriter.h"

#include "energy_cuda_emu/hooks.h"
#include "energy_gpu/abi.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace energy::gpu {
namespace {

Shape shapeOf(uint3 v) { return {v.x, v.y, v.z}; }

struct ActiveLaunch {
  uint64_t id;
  uint3 grid, block;
  std::mutex allocation;
  std::atomic<const energy_gpu_kernel *> kernel{nullptr};
  std::unique_ptr<uint64_t[]> rows;

  uint64_t threadsPerBlock() const { return uint64_t(block.x) * block.y * block.z; }
  uint64_t threads() const { return uint64_t(grid.x) * grid.y * grid.z * threadsPerBlock(); }

  /// The rows of `k`, allocated when its first thread arrives; null when the
  /// launch already counts into another kernel's rows or memory runs out.
  uint64_t *rowsFor(const energy_gpu_kernel *k) {
    if (kernel.load(std::memory_order_acquire) == nullptr) {
      std::lock_guard lock(allocation);
      if (kernel.load(std::memory_order_relaxed) == nullptr) {
        rows.reset(new (std::nothrow) uint64_t[threads() * k->num_slots]());
        if (!rows)
          std::fprintf(stderr,
                       "energy-gpu: no memory for the counters of kernel %s "
                       "(%llu threads); the launch is not profiled\n",
                       k->name, static_cast<unsigned long long>(threads()));
        kernel.store(k, std::memory_order_release);
      }
    }
    return kernel.load(std::memory_order_acquire) == k ? rows.get() : nullptr;
  }
};

std::mutex launches_mutex;
std::unordered_map<uint64_t, std::unique_ptr<ActiveLaunch>> launches;

thread_local uint64_t cached_id = 0;
thread_local ActiveLaunch *cached_launch = nullptr;
/// Where threads that are not counted (not sampled, outside a launch) write.
thread_local std::vector<uint64_t> scratch;

ActiveLaunch *findLaunch(uint64_t id) {
  if (cached_id == id)
    return cached_launch;
  std::lock_guard lock(launches_mutex);
  auto it = launches.find(id);
  cached_id = id;
  cached_launch = it == launches.end() ? nullptr : it->second.get();
  return cached_launch;
}

uint64_t *scratchRow(const energy_gpu_kernel *kernel) {
  if (scratch.size() < kernel->num_slots)
    scratch.resize(kernel->num_slots);
  return scratch.data();
}

void launchBegin(const energy_cuda_emu_launch_info *info) {
  auto launch = std::make_unique<ActiveLaunch>();
  launch->id = info->launch_id;
  launch->grid = info->grid;
  launch->block = info->block;
  std::lock_guard lock(launches_mutex);
  launches[info->launch_id] = std::move(launch);
}

void launchEnd(const energy_cuda_emu_launch_info *info, cudaError_t result) {
  std::unique_ptr<ActiveLaunch> launch;
  {
    std::lock_guard lock(launches_mutex);
    auto it = launches.find(info->launch_id);
    if (it == launches.end())
      return;
    launch = std::move(it->second);
    launches.erase(it);
  }
  const energy_gpu_kernel *kernel = launch->kernel.load(std::memory_order_acquire);
  if (result == cudaSuccess && kernel != nullptr && launch->rows)
    addLaunch(*kernel, launch->id, shapeOf(launch->grid), shapeOf(launch->block),
              launch->rows.get());
}

/// Installed when the collector is linked in, before main and so before
/// the first launch.
[[maybe_unused]] const bool hooks_installed = [] {
  const energy_cuda_emu_hooks hooks{launchBegin, launchEnd};
  energy_cuda_emu_set_hooks(&hooks);
  return true;
}();

} // namespace
} // namespace energy::gpu

extern "C" uint64_t *energy_gpu_emu_row(const energy_gpu_kernel *kernel) {
  using namespace energy::gpu;
  uint64_t id = 0;
  uint3 block{}, thread{};
  if (energy_cuda_emu_current_thread(&id, &block, &thread) == 0)
    return scratchRow(kernel);
  ActiveLaunch *launch = findLaunch(id);
  if (launch == nullptr)
    return scratchRow(kernel);
  const uint64_t linearBlock =
      (uint64_t(block.z) * launch->grid.y + block.y) * launch->grid.x + block.x;
  if (kernel->mode == ENERGY_GPU_MODE_SAMPLE && linearBlock % kernel->sample_every != 0)
    return scratchRow(kernel);
  uint64_t *rows = launch->rowsFor(kernel);
  if (rows == nullptr)
    return scratchRow(kernel);
  const uint64_t inBlock =
      (uint64_t(thread.z) * launch->block.y + thread.y) * launch->block.x + thread.x;
  return rows + (linearBlock * launch->threadsPerBlock() + inBlock) * kernel->num_slots;
}
