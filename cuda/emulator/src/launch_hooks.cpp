//===- launch_hooks.cpp - Launch numbering and the tools' hooks ------------===//
#include "launch_hooks.h"

#include "block_runner.h"

#include <atomic>
#include <mutex>

namespace energy_cuda_emu::detail {
namespace {
std::mutex hooks_mutex;
energy_cuda_emu_hooks installed{nullptr, nullptr};
std::atomic<uint64_t> launches{0};
std::atomic<uint64_t> running_launch{0};

energy_cuda_emu_hooks current_hooks() {
  std::lock_guard lock(hooks_mutex);
  return installed;
}
} // namespace

energy_cuda_emu_launch_info begin_launch(const launch_config &config) {
  const energy_cuda_emu_launch_info launch{config.kernel, ++launches, config.grid, config.block,
                                           config.shared_bytes};
  running_launch = launch.launch_id;
  if (const auto hooks = current_hooks(); hooks.launch_begin != nullptr)
    hooks.launch_begin(&launch);
  return launch;
}

void end_launch(const energy_cuda_emu_launch_info &launch, cudaError_t result) {
  running_launch = 0;
  if (const auto hooks = current_hooks(); hooks.launch_end != nullptr)
    hooks.launch_end(&launch, result);
}

uint64_t current_launch_id() { return running_launch.load(std::memory_order_relaxed); }

} // namespace energy_cuda_emu::detail

extern "C" void energy_cuda_emu_set_hooks(const energy_cuda_emu_hooks *hooks) {
  std::lock_guard lock(energy_cuda_emu::detail::hooks_mutex);
  energy_cuda_emu::detail::installed = hooks ? *hooks : energy_cuda_emu_hooks{nullptr, nullptr};
}

extern "C" int energy_cuda_emu_current_thread(uint64_t *launch_id, uint3 *block, uint3 *thread) {
  using energy_cuda_emu::detail::block_runner;
  const auto *running = block_runner::current_thread();
  if (running == nullptr)
    return 0;
  if (launch_id != nullptr)
    *launch_id = energy_cuda_emu::detail::current_launch_id();
  if (block != nullptr)
    *block = blockIdx;
  if (thread != nullptr)
    *thread = running->index;
  return 1;
}
