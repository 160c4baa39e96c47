//===- GpuCollectorTest.cpp - The real-GPU collector on a fake runtime ----===//
//
// Each test plays the host module that pass/DeviceHostLaunches.cpp rewrites
// (shadow variables registered with __cudaRegisterVar, kernels announced to
// energy_gpu_register_kernel, launches through energy_gpu_launch_kernel) and
// the fake runtime (FakeCudaRuntime.h) plays the GPU: its kernel bodies fill
// the row buffer the collector gave the launch as instrumented code would.
// The profile the collector writes is then read back and checked.
//
//===----------------------------------------------------------------------===//
#include "FakeCudaRuntime.h"
#include "KernelTable.h"
#include "ProfileWriter.h"

#include "energy_gpu/collector.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using nlohmann::json;

// `if (tid < n) body;`: entry 0, body 1, end 2; entry->body and body->end
// count in the body's slot 1, the critical entry->end edge in slot 3.
constexpr uint32_t kSlots = 4;
const char *const kBranchyName = "_Z7branchyi";

std::string tableText(unsigned mode, unsigned sampleEvery, int version = 1) {
  const json blocks = json::array({{{"id", 0}, {"label", "entry"}, {"instructions", 4}},
                                   {{"id", 1}, {"label", "if.then"}, {"instructions", 6}},
                                   {{"id", 2}, {"label", "if.end"}, {"instructions", 1}}});
  return json{{"format", "energypass-gpu-table"},
              {"version", version},
              {"kernels", json::array({{{"name", kBranchyName},
                                        {"mode", mode},
                                        {"sample_every", sampleEvery},
                                        {"num_blocks", 3},
                                        {"num_slots", kSlots},
                                        {"edges", {{0, 1, 1}, {0, 2, 3}, {1, 2, 1}}},
                                        {"blocks", blocks}}})}}
      .dump();
}

/// The slots one thread of `branchy` counts, in order.
std::vector<uint32_t> slotsOf(uint64_t thread, int n) {
  if (thread < uint64_t(n))
    return {0, 1, 2};
  return {0, 3, 2};
}

/// What the nvptx64 instrumentation does (pass/DeviceNvptxRows.cpp): thread
/// and sample modes add 1 to the thread's own row (sample: in blocks whose
/// linear index is a multiple of N only); warp mode's first active lane adds
/// the active lanes' count to the row of the warp's first lane.
void runBranchy(const fake_cuda::Launch &launch, unsigned mode, unsigned sampleEvery) {
  if (launch.rows == nullptr)
    return;
  const int n = *static_cast<int *>(launch.args[0]);
  const uint64_t perBlock = uint64_t(launch.block.x) * launch.block.y * launch.block.z;
  const uint64_t blocks = uint64_t(launch.grid.x) * launch.grid.y * launch.grid.z;
  for (uint64_t b = 0; b < blocks; ++b) {
    if (mode == ENERGY_GPU_MODE_SAMPLE && b % sampleEvery != 0)
      continue;
    for (uint64_t i = 0; i < perBlock; ++i) {
      const uint64_t thread = b * perBlock + i;
      const uint64_t rowOwner = mode == ENERGY_GPU_MODE_WARP ? thread - i % 32 : thread;
      for (uint32_t slot : slotsOf(thread, n))
        launch.rows[rowOwner * kSlots + slot] += 1;
    }
  }
}

std::string profileFile() {
  return ::testing::TempDir() + "gpu-collector-" + std::to_string(getpid()) + ".json";
}

/// The kernels the profile holds once every launch has been collected.
json collectedKernels() {
  EXPECT_EQ(energy_gpu_device_synchronize(), cudaSuccess);
  EXPECT_TRUE(energy::gpu::writeProfile());
  std::ifstream in(profileFile());
  if (!in)
    return json::array();
  return json::parse(in).at("kernels");
}

/// One instrumented translation unit: its shadows, its stub, its table.
/// Modules live as long as the process, as in a program: the collector
/// knows them by address, which must not be reused.
struct Module {
  void *handle = nullptr;
  alignas(8) char rows[8] = {};
  alignas(8) char tableRef[16] = {};
  char stub[1] = {};
  std::string table;
};

class GpuCollector : public ::testing::Test {
protected:
  void SetUp() override { setenv("ENERGY_GPU_PROFILE", profileFile().c_str(), 1); }

  /// Registers the module as its constructor would, with the given table.
  void registerModule(const std::string &text) {
    Module &m = *module;
    m.table = text;
    __cudaRegisterVar(&m.handle, m.rows, nullptr, "__energy_gpu_rows", 0, sizeof m.rows, 0, 0);
    __cudaRegisterVar(&m.handle, m.tableRef, nullptr, "__energy_gpu_table_ref", 0,
                      sizeof m.tableRef, 0, 0);
    __cudaRegisterFunction(&m.handle, m.stub, nullptr, kBranchyName, -1, nullptr, nullptr, nullptr,
                           nullptr, nullptr);
    energy_gpu_register_kernel(m.stub, kBranchyName, m.rows, m.tableRef);
    const energy_gpu_table_ref ref{m.table.data(), m.table.size()};
    std::memcpy(fake_cuda::symbolStorage(m.tableRef), &ref, sizeof ref);
  }

  cudaError_t launch(dim3 grid, dim3 block, int n) {
    void *args[] = {&n};
    return energy_gpu_launch_kernel(stub(), grid, block, args, 0, nullptr);
  }

  const char *stub() const { return module->stub; }

  Module *module = new Module;
};

TEST_F(GpuCollector, ThreadModeLaunchGetsZeroedRowsAndReachesTheProfile) {
  registerModule(tableText(ENERGY_GPU_MODE_THREAD, 16));
  fake_cuda::setKernelBody(stub(), [](const fake_cuda::Launch &l) { runBranchy(l, 0, 16); });
  const size_t before = collectedKernels().size();

  ASSERT_EQ(launch(dim3(2), dim3(64), 100), cudaSuccess);
  EXPECT_EQ(fake_cuda::stats().lastAllocationBytes, 2u * 64 * kSlots * sizeof(uint64_t));
  EXPECT_TRUE(fake_cuda::stats().lastAllocationZeroed);
  uint64_t *afterLaunch = nullptr;
  std::memcpy(&afterLaunch, fake_cuda::symbolStorage(module->rows), sizeof afterLaunch);
  EXPECT_EQ(afterLaunch, nullptr) << "__energy_gpu_rows must not keep a buffer that is freed";

  const json kernels = collectedKernels();
  ASSERT_EQ(kernels.size(), before + 1);
  const json &k = kernels.back();
  EXPECT_EQ(k["name"], kBranchyName);
  EXPECT_EQ(k["grid"], json({2, 1, 1}));
  EXPECT_EQ(k["block"], json({64, 1, 1}));
  EXPECT_EQ(k["blocks"].size(), 3u);
  EXPECT_EQ(k["threads"], json::parse(R"([
    {"ranges": [[0, 99]], "blocks": [[0, 1], [1, 1], [2, 1]], "edges": [[0, 1, 1], [1, 2, 1]]},
    {"ranges": [[100, 127]], "blocks": [[0, 1], [2, 1]], "edges": [[0, 2, 1]]}])"));
  EXPECT_EQ(fake_cuda::stats().liveAllocations, 0);
}

TEST_F(GpuCollector, WarpModeCountsLandInEachWarpsFirstLane) {
  registerModule(tableText(ENERGY_GPU_MODE_WARP, 16));
  fake_cuda::setKernelBody(stub(), [](const fake_cuda::Launch &l) { runBranchy(l, 1, 16); });
  const size_t before = collectedKernels().size();
  ASSERT_EQ(launch(dim3(1), dim3(64), 40), cudaSuccess);
  const json kernels = collectedKernels();
  ASSERT_EQ(kernels.size(), before + 1);
  // Warp 0: 32 lanes all in the body; warp 1: 8 in the body, 24 not.
  EXPECT_EQ(kernels.back()["threads"], json::parse(R"([
    {"ranges": [[0, 0]], "blocks": [[0, 32], [1, 32], [2, 32]], "edges": [[0, 1, 32], [1, 2, 32]]},
    {"ranges": [[32, 32]], "blocks": [[0, 32], [1, 8], [2, 32]],
     "edges": [[0, 1, 8], [0, 2, 24], [1, 2, 8]]}])"));
}

TEST_F(GpuCollector, SampleModeKeepsOnlySampledBlocks) {
  registerModule(tableText(ENERGY_GPU_MODE_SAMPLE, 2));
  fake_cuda::setKernelBody(stub(), [](const fake_cuda::Launch &l) { runBranchy(l, 2, 2); });
  const size_t before = collectedKernels().size();
  ASSERT_EQ(launch(dim3(3), dim3(4), 100), cudaSuccess);
  const json kernels = collectedKernels();
  ASSERT_EQ(kernels.size(), before + 1);
  EXPECT_EQ(kernels.back()["threads"], json::parse(R"([
    {"ranges": [[0, 3], [8, 11]], "blocks": [[0, 1], [1, 1], [2, 1]],
     "edges": [[0, 1, 1], [1, 2, 1]]}])"));
}

TEST_F(GpuCollector, LaunchesAreCollectedInOrderWithTheirIds) {
  registerModule(tableText(ENERGY_GPU_MODE_THREAD, 16));
  fake_cuda::setKernelBody(stub(), [](const fake_cuda::Launch &l) { runBranchy(l, 0, 16); });
  const size_t before = collectedKernels().size();
  ASSERT_EQ(launch(dim3(1), dim3(8), 3), cudaSuccess);
  ASSERT_EQ(launch(dim3(1), dim3(8), 5), cudaSuccess);
  const json kernels = collectedKernels();
  ASSERT_EQ(kernels.size(), before + 2);
  EXPECT_LT(kernels[before]["launch"], kernels[before + 1]["launch"]);
  EXPECT_EQ(kernels[before]["threads"][0]["ranges"], json::parse("[[0, 2]]"));
  EXPECT_EQ(kernels[before + 1]["threads"][0]["ranges"], json::parse("[[0, 4]]"));
}

TEST_F(GpuCollector, OutOfMemoryRunsTheLaunchUncountedWithOneLine) {
  registerModule(tableText(ENERGY_GPU_MODE_THREAD, 16));
  bool ran = false;
  fake_cuda::setKernelBody(stub(), [&](const fake_cuda::Launch &l) {
    ran = true;
    EXPECT_EQ(l.rows, nullptr);
  });
  const size_t before = collectedKernels().size();
  fake_cuda::setAllocationLimit(1024);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(launch(dim3(4), dim3(256), 10), cudaSuccess);
  const std::string err = ::testing::internal::GetCapturedStderr();
  fake_cuda::setAllocationLimit(SIZE_MAX);
  EXPECT_TRUE(ran);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess) << "the collector's failure leaks to the program";
  EXPECT_NE(err.find("energy-gpu: kernel _Z7branchyi: cudaMallocAsync failed (out of memory)"),
            std::string::npos)
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(collectedKernels().size(), before);
}

TEST_F(GpuCollector, UnknownTableVersionLeavesTheKernelUncounted) {
  registerModule(tableText(ENERGY_GPU_MODE_THREAD, 16, /*version=*/2));
  bool ran = false;
  fake_cuda::setKernelBody(stub(), [&](const fake_cuda::Launch &l) {
    ran = true;
    EXPECT_EQ(l.rows, nullptr);
  });
  const size_t before = collectedKernels().size();
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(launch(dim3(1), dim3(32), 10), cudaSuccess);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(ran);
  EXPECT_NE(err.find("kernel table version 2 is not the supported 1"), std::string::npos) << err;
  EXPECT_EQ(collectedKernels().size(), before);
}

TEST_F(GpuCollector, LaunchErrorIsReturnedAndNothingIsCounted) {
  registerModule(tableText(ENERGY_GPU_MODE_THREAD, 16));
  // No body: the fake's launch fails as for a kernel missing on the device.
  fake_cuda::setKernelBody(stub(), nullptr);
  const size_t before = collectedKernels().size();
  EXPECT_NE(launch(dim3(1), dim3(32), 10), cudaSuccess);
  EXPECT_NE(cudaGetLastError(), cudaSuccess) << "the program must see its launch's error";
  EXPECT_EQ(collectedKernels().size(), before);
  EXPECT_EQ(fake_cuda::stats().liveAllocations, 0);
}

TEST(KernelTable, RefusesWhatIsNotAVersion1Table) {
  std::string error;
  EXPECT_FALSE(energy::gpu::KernelTable::parse("{\"format\": \"x\"}", error));
  EXPECT_NE(error.find("not an EnergyPass kernel table"), std::string::npos) << error;
  EXPECT_FALSE(energy::gpu::KernelTable::parse("{\"format\": \"energypass-gpu-table\"", error));
  EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
  std::string badSlot = tableText(0, 16);
  badSlot.replace(badSlot.find("[0,2,3]"), 7, "[0,2,9]");
  EXPECT_FALSE(energy::gpu::KernelTable::parse(badSlot, error));
  EXPECT_EQ(error, "table.kernels[0].edges[1]: block or slot out of range");
}

TEST(KernelTable, GivesTheDescriptorOfEachKernel) {
  std::string error;
  auto table = energy::gpu::KernelTable::parse(tableText(1, 8), error);
  ASSERT_TRUE(table) << error;
  const energy_gpu_kernel *k = table->find(kBranchyName);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->mode, 1u);
  EXPECT_EQ(k->sample_every, 8u);
  EXPECT_EQ(k->num_slots, kSlots);
  EXPECT_EQ(k->num_edges, 3u);
  EXPECT_EQ(k->edges[4], 2u);
  EXPECT_EQ(table->find("other"), nullptr);
}

} // namespace
