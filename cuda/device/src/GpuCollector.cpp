//===- GpuCollector.cpp - Per-launch counter rows on a real GPU -----------===//
//
// The collection side of device mode on a GPU (energy_gpu/collector.h). For
// a launch of an instrumented kernel, all on the launch's stream:
//   1. a zeroed buffer of grid x block rows of the kernel's num_slots
//      counters (cudaMallocAsync, cudaMemsetAsync);
//   2. its address into the module's `__energy_gpu_rows`
//      (cudaMemcpyToSymbolAsync);
//   3. the launch itself;
//   4. `__energy_gpu_rows` back to null, so that no later launch counts into
//      a freed buffer, and an event marking the end.
// The rows are copied back once the event has completed: at the next launch
// if it has, else at cudaDeviceSynchronize, cudaDeviceReset or exit, on a
// stream of the collector's own so that the copy waits for nothing else.
//
// Why pinned slots: a copy from pageable host memory makes the host wait
// for the stream's earlier work, so the pointer values of steps 2 and 4 come
// from page-locked memory that stays untouched until the launch has ended.
// Why the module event: every module has one `__energy_gpu_rows`, so
// instrumented launches of one module on different streams are serialised
// (each waits for the previous one's step 4) instead of racing for it.
//
//===----------------------------------------------------------------------===//
#include "KernelTable.h"
#include "ProfileWriter.h"

#include "energy_gpu/collector.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace energy::gpu {
namespace {

/// The GPU profile's limit (docs/formats/gpu-profile.md).
constexpr uint64_t MaxThreadsPerLaunch = uint64_t(1) << 27;
constexpr size_t SlotsPerPinnedBlock = 512;

struct DeviceModule {
  void *rows = nullptr;           // host shadow of __energy_gpu_rows
  const void *tableRef = nullptr; // host shadow of __energy_gpu_table_ref
  bool loaded = false;
  std::optional<KernelTable> table;
  cudaEvent_t lastLaunch = nullptr; // after the latest launch's step 4
};

struct Kernel {
  std::string name;
  DeviceModule *module;
  const energy_gpu_kernel *descriptor = nullptr;
  bool resolved = false;
  bool failureReported = false;
};

struct PendingLaunch {
  Kernel *kernel;
  uint64_t id;
  Shape grid, block;
  uint64_t threads;
  uint64_t *rows;     // device buffer
  void **pointerSlot; // pinned source of step 2
  cudaEvent_t done;
  bool counted; // false when the launch itself failed
};

/// What a failed CUDA call was for, to say in the one-line message.
struct Failure {
  const char *call;
  cudaError_t error;
};

struct Collector {
  std::mutex mutex;
  std::unordered_map<const void *, DeviceModule> modules; // by rows shadow
  std::unordered_map<const void *, Kernel> kernels;       // by host stub
  std::vector<PendingLaunch> pending;
  std::vector<void **> freeSlots;
  void **nullSlot = nullptr;
  cudaStream_t copyStream = nullptr;
  uint64_t launches = 0;
  bool exitHandlerInstalled = false;
};

/// Never destroyed: launches may be collected while statics go away.
Collector &collector() {
  static Collector *instance = new Collector;
  return *instance;
}

/// A failed call leaves its error as the runtime's last error; the program
/// must see its own calls' errors only, so the collector's are cleared.
bool failed(cudaError_t error, const char *call, std::optional<Failure> &failure) {
  if (error == cudaSuccess)
    return false;
  (void)cudaGetLastError();
  if (!failure)
    failure = Failure{call, error};
  return true;
}

void report(Kernel &kernel, const Failure &failure, const char *consequence) {
  if (kernel.failureReported)
    return;
  kernel.failureReported = true;
  std::fprintf(stderr, "energy-gpu: kernel %s: %s failed (%s); %s\n", kernel.name.c_str(),
               failure.call, cudaGetErrorString(failure.error), consequence);
}

std::optional<KernelTable> readTable(const DeviceModule &module, std::string &error) {
  energy_gpu_table_ref ref{};
  std::optional<Failure> failure;
  if (failed(cudaMemcpyFromSymbol(&ref, module.tableRef, sizeof ref),
             "reading " ENERGY_GPU_TABLE_REF_SYMBOL, failure)) {
    error = std::string("cannot read its device module's kernel table (") +
            cudaGetErrorString(failure->error) +
            "); was the device code compiled by energyc++ with the same EnergyPass?";
    return std::nullopt;
  }
  std::string text(ref.size, '\0');
  if (ref.address == nullptr ||
      failed(cudaMemcpy(text.data(), ref.address, ref.size, cudaMemcpyDeviceToHost),
             "reading " ENERGY_GPU_TABLE_SYMBOL, failure)) {
    error = "cannot copy its device module's kernel table from the GPU";
    return std::nullopt;
  }
  return KernelTable::parse(text, error);
}

/// The kernel's descriptor, reading its module's table at the first launch
/// of any of the module's kernels; null when the kernel is not counted.
const energy_gpu_kernel *descriptorOf(Kernel &kernel) {
  if (kernel.resolved)
    return kernel.descriptor;
  kernel.resolved = true;
  DeviceModule &module = *kernel.module;
  std::string error;
  if (!module.loaded) {
    module.loaded = true;
    module.table = readTable(module, error);
  }
  if (module.table)
    kernel.descriptor = module.table->find(kernel.name);
  else if (!error.empty())
    std::fprintf(stderr, "energy-gpu: kernel %s: %s; its launches are not counted\n",
                 kernel.name.c_str(), error.c_str());
  return kernel.descriptor;
}

void **takePinnedSlot(Collector &c) {
  if (c.freeSlots.empty()) {
    void **block = nullptr;
    std::optional<Failure> ignored;
    if (failed(cudaHostAlloc(reinterpret_cast<void **>(&block),
                             SlotsPerPinnedBlock * sizeof(void *), cudaHostAllocDefault),
               "cudaHostAlloc", ignored))
      return nullptr;
    for (size_t s = 0; s < SlotsPerPinnedBlock; ++s)
      c.freeSlots.push_back(block + s);
  }
  void **slot = c.freeSlots.back();
  c.freeSlots.pop_back();
  return slot;
}

/// Copies a finished launch's rows back, adds them to the profile and frees
/// what the launch held.
void finish(Collector &c, PendingLaunch &launch) {
  std::optional<Failure> failure;
  const uint32_t slots = launch.kernel->descriptor->num_slots;
  if (launch.counted) {
    std::vector<uint64_t> rows(launch.threads * slots);
    if (!failed(cudaMemcpyAsync(rows.data(), launch.rows, rows.size() * sizeof(uint64_t),
                                cudaMemcpyDeviceToHost, c.copyStream),
                "copying the counters back", failure) &&
        !failed(cudaStreamSynchronize(c.copyStream), "copying the counters back", failure))
      addLaunch(*launch.kernel->descriptor, launch.id, launch.grid, launch.block, rows.data());
    else
      report(*launch.kernel, *failure, "its launches are not counted");
  }
  failed(cudaFreeAsync(launch.rows, c.copyStream), "cudaFreeAsync", failure);
  if (launch.done != nullptr)
    failed(cudaEventDestroy(launch.done), "cudaEventDestroy", failure);
  c.freeSlots.push_back(launch.pointerSlot);
}

/// Finishes the pending launches that have ended, or all of them.
void collectPending(Collector &c, bool wait) {
  std::vector<PendingLaunch> still;
  for (PendingLaunch &launch : c.pending) {
    const cudaError_t state =
        wait ? cudaEventSynchronize(launch.done) : cudaEventQuery(launch.done);
    if (state == cudaErrorNotReady) {
      still.push_back(launch);
      continue;
    }
    std::optional<Failure> failure;
    if (failed(state, "waiting for the launch", failure)) {
      report(*launch.kernel, *failure, "the launch is not counted");
      launch.counted = false;
    }
    finish(c, launch);
  }
  c.pending = std::move(still);
}

void collectAllAtExit() {
  Collector &c = collector();
  std::lock_guard lock(c.mutex);
  collectPending(c, /*wait=*/true);
}

/// The first counted launch: the collector's stream, the pinned null, and
/// the exit handler, installed after the profile writer's so that it runs
/// before it.
bool startCollecting(Collector &c, std::optional<Failure> &failure) {
  if (c.copyStream != nullptr)
    return true;
  if (failed(cudaStreamCreateWithFlags(&c.copyStream, cudaStreamNonBlocking),
             "cudaStreamCreateWithFlags", failure))
    return false;
  c.nullSlot = takePinnedSlot(c);
  if (c.nullSlot == nullptr) {
    failed(cudaErrorMemoryAllocation, "cudaHostAlloc", failure);
    return false;
  }
  *c.nullSlot = nullptr;
  if (!c.exitHandlerInstalled) {
    c.exitHandlerInstalled = true;
    writeProfileAtExit();
    std::atexit(collectAllAtExit);
  }
  return true;
}

/// Steps 1 and 2 of the file comment; false (with `failure`) when the launch
/// cannot be counted. `__energy_gpu_rows` is null then, as between any two
/// launches (step 4), so the kernel runs without counting.
bool prepareRows(Collector &c, PendingLaunch &launch, cudaStream_t stream,
                 std::optional<Failure> &failure) {
  DeviceModule &module = *launch.kernel->module;
  const size_t bytes = launch.threads * launch.kernel->descriptor->num_slots * sizeof(uint64_t);
  if (module.lastLaunch == nullptr &&
      failed(cudaEventCreateWithFlags(&module.lastLaunch, cudaEventDisableTiming),
             "cudaEventCreateWithFlags", failure))
    return false;
  if (failed(cudaStreamWaitEvent(stream, module.lastLaunch, 0), "cudaStreamWaitEvent", failure))
    return false;
  launch.pointerSlot = takePinnedSlot(c);
  if (launch.pointerSlot == nullptr) {
    failed(cudaErrorMemoryAllocation, "cudaHostAlloc", failure);
    return false;
  }
  void *rows = nullptr;
  if (!failed(cudaMallocAsync(&rows, bytes, stream), "cudaMallocAsync", failure) &&
      !failed(cudaMemsetAsync(rows, 0, bytes, stream), "cudaMemsetAsync", failure)) {
    launch.rows = static_cast<uint64_t *>(rows);
    *launch.pointerSlot = rows;
    if (!failed(cudaMemcpyToSymbolAsync(module.rows, launch.pointerSlot, sizeof(void *), 0,
                                        cudaMemcpyHostToDevice, stream),
                "setting " ENERGY_GPU_ROWS_SYMBOL, failure))
      return true;
  }
  if (rows != nullptr)
    failed(cudaFreeAsync(rows, stream), "cudaFreeAsync", failure);
  c.freeSlots.push_back(launch.pointerSlot);
  return false;
}

/// Step 4: `__energy_gpu_rows` back to null and the events after it.
bool endLaunch(Collector &c, PendingLaunch &launch, cudaStream_t stream,
               std::optional<Failure> &failure) {
  DeviceModule &module = *launch.kernel->module;
  return !failed(cudaMemcpyToSymbolAsync(module.rows, c.nullSlot, sizeof(void *), 0,
                                         cudaMemcpyHostToDevice, stream),
                 "clearing " ENERGY_GPU_ROWS_SYMBOL, failure) &&
         !failed(cudaEventCreateWithFlags(&launch.done, cudaEventDisableTiming),
                 "cudaEventCreateWithFlags", failure) &&
         !failed(cudaEventRecord(launch.done, stream), "cudaEventRecord", failure) &&
         !failed(cudaEventRecord(module.lastLaunch, stream), "cudaEventRecord", failure);
}

uint64_t threadsOf(dim3 grid, dim3 block) {
  return uint64_t(grid.x) * grid.y * grid.z * block.x * block.y * block.z;
}

cudaError_t launchCounted(const void *stub, dim3 grid, dim3 block, void **args, size_t sharedMemory,
                          cudaStream_t stream) {
  Collector &c = collector();
  std::lock_guard lock(c.mutex);
  auto found = c.kernels.find(stub);
  if (found == c.kernels.end() || descriptorOf(found->second) == nullptr)
    return cudaLaunchKernel(stub, grid, block, args, sharedMemory, stream);
  Kernel &kernel = found->second;
  collectPending(c, /*wait=*/false);

  PendingLaunch launch{&kernel,
                       ++c.launches,
                       {grid.x, grid.y, grid.z},
                       {block.x, block.y, block.z},
                       threadsOf(grid, block),
                       nullptr,
                       nullptr,
                       nullptr,
                       true};
  std::optional<Failure> failure;
  if (launch.threads > MaxThreadsPerLaunch) {
    if (!kernel.failureReported)
      std::fprintf(stderr,
                   "energy-gpu: kernel %s: a launch of %llu threads is more than the "
                   "GPU profile holds (2^27); such launches are not counted\n",
                   kernel.name.c_str(), static_cast<unsigned long long>(launch.threads));
    kernel.failureReported = true;
    return cudaLaunchKernel(stub, grid, block, args, sharedMemory, stream);
  }
  if (!startCollecting(c, failure) || !prepareRows(c, launch, stream, failure)) {
    report(kernel, *failure, "launches that fail this way run uncounted");
    return cudaLaunchKernel(stub, grid, block, args, sharedMemory, stream);
  }
  const cudaError_t result = cudaLaunchKernel(stub, grid, block, args, sharedMemory, stream);
  launch.counted = result == cudaSuccess;
  if (!endLaunch(c, launch, stream, failure)) {
    // Without its event the launch's end is unknown: wait for all of it.
    report(kernel, *failure, "collecting after a device synchronisation");
    (void)cudaDeviceSynchronize();
    (void)cudaGetLastError();
    launch.done = nullptr;
    finish(c, launch);
    return result;
  }
  c.pending.push_back(launch);
  return result;
}

} // namespace
} // namespace energy::gpu

extern "C" void energy_gpu_register_kernel(const void *stub, const char *device_name, void *rows,
                                           const void *table_ref) {
  using namespace energy::gpu;
  Collector &c = collector();
  std::lock_guard lock(c.mutex);
  DeviceModule &module = c.modules[rows];
  module.rows = rows;
  module.tableRef = table_ref;
  c.kernels.insert_or_assign(stub, Kernel{device_name, &module});
}

extern "C" cudaError_t energy_gpu_launch_kernel(const void *stub, dim3 grid, dim3 block,
                                                void **args, size_t shared_memory,
                                                cudaStream_t stream) {
  return energy::gpu::launchCounted(stub, grid, block, args, shared_memory, stream);
}

/// -fgpu-default-stream=per-thread: the default stream is the thread's own.
extern "C" cudaError_t energy_gpu_launch_kernel_ptsz(const void *stub, dim3 grid, dim3 block,
                                                     void **args, size_t shared_memory,
                                                     cudaStream_t stream) {
  return energy::gpu::launchCounted(stub, grid, block, args, shared_memory,
                                    stream == nullptr ? cudaStreamPerThread : stream);
}

extern "C" cudaError_t energy_gpu_device_synchronize(void) {
  using namespace energy::gpu;
  const cudaError_t result = cudaDeviceSynchronize();
  Collector &c = collector();
  std::lock_guard lock(c.mutex);
  collectPending(c, /*wait=*/true);
  return result;
}

extern "C" cudaError_t energy_gpu_device_reset(void) {
  using namespace energy::gpu;
  {
    Collector &c = collector();
    std::lock_guard lock(c.mutex);
    collectPending(c, /*wait=*/true);
    // The reset destroys the collector's stream, events and pinned memory;
    // the kernel tables stay, since the modules' code does not change.
    for (auto &[rows, module] : c.modules)
      module.lastLaunch = nullptr;
    c.copyStream = nullptr;
    c.freeSlots.clear();
    c.nullSlot = nullptr;
  }
  return cudaDeviceReset();
}
