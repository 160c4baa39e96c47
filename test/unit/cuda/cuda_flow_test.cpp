//===- cuda_flow_test.cpp - The clang command lines of the CUDA flow -------===//
#include "cuda_flow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace {
namespace fs = std::filesystem;
namespace flow = energy::cuda_flow;

bool contains(const std::vector<std::string> &words, const std::string &word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

class CudaFlow : public ::testing::Test {
protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("energy-cuda-flow-test-" +
             std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "prefix");
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string fake_toolkit(const std::string &name, int version) {
    const fs::path toolkit = root_ / name;
    fs::create_directories(toolkit / "include");
    std::ofstream(toolkit / "include" / "cuda.h")
        << "#ifndef CUDA_H\n#define CUDA_VERSION " << version << "\n#endif\n";
    return toolkit.string();
  }
  void make_overlay_of(const std::string &toolkit) {
    const fs::path overlay = root_ / "prefix/share/energypass/cuda-overlay";
    fs::create_directories(overlay);
    fs::create_directory_symlink(fs::path(toolkit) / "include", overlay / "include");
  }
  flow::paths paths(const std::string &toolkit) {
    return {"clang++-19", (root_ / "prefix").string(), toolkit};
  }

  fs::path root_;
};

TEST_F(CudaFlow, ReadsTheToolkitVersionFromCudaH) {
  EXPECT_EQ(flow::toolkit_version(fake_toolkit("cuda-13", 13000)), 13000);
  EXPECT_EQ(flow::toolkit_version((root_ / "absent").string()), std::nullopt);
}

TEST_F(CudaFlow, OnlyToolkitsNewerThanClang19SupportsNeedTheOverlay) {
  EXPECT_FALSE(flow::needs_overlay(12050));
  EXPECT_FALSE(flow::needs_overlay(11080));
  EXPECT_TRUE(flow::needs_overlay(12060));
  EXPECT_TRUE(flow::needs_overlay(13000));
}

TEST_F(CudaFlow, ASupportedToolkitIsUsedDirectlyWithoutTheShim) {
  const std::string toolkit = fake_toolkit("cuda-12.4", 12040);
  std::string why;
  const auto flags = flow::device_cuda_flags(paths(toolkit), "sm_80", why);
  ASSERT_TRUE(flags) << why;
  EXPECT_TRUE(contains(*flags, "--cuda-path=" + toolkit));
  EXPECT_TRUE(contains(*flags, "--cuda-gpu-arch=sm_80"));
  EXPECT_FALSE(contains(*flags, "-isystem"));
}

TEST_F(CudaFlow, ANewerToolkitGoesThroughItsOverlayAndTheShim) {
  const std::string toolkit = fake_toolkit("cuda-13.0", 13000);
  make_overlay_of(toolkit);
  std::string why;
  const auto p = paths(toolkit);
  const auto flags = flow::device_cuda_flags(p, "sm_90", why);
  ASSERT_TRUE(flags) << why;
  EXPECT_TRUE(contains(*flags, "--cuda-path=" + flow::overlay_dir(p)));
  EXPECT_TRUE(contains(*flags, flow::shim_dir(p)));
  EXPECT_TRUE(contains(*flags, "-Wno-unknown-cuda-version"));
}

TEST_F(CudaFlow, CcclInItsOwnFolderIsOnTheIncludePathAsNvccPutsIt) {
  const std::string toolkit = fake_toolkit("cuda-13.0", 13000);
  make_overlay_of(toolkit);
  std::string why;
  EXPECT_FALSE(
      contains(*flow::device_cuda_flags(paths(toolkit), "sm_90", why), toolkit + "/include/cccl"));
  fs::create_directories(fs::path(toolkit) / "include/cccl");
  EXPECT_TRUE(
      contains(*flow::device_cuda_flags(paths(toolkit), "sm_90", why), toolkit + "/include/cccl"));
}

TEST_F(CudaFlow, ANewerToolkitWithoutItsOverlayIsRefusedWithTheWayOut) {
  const std::string configured = fake_toolkit("cuda-13.0", 13000);
  make_overlay_of(configured);
  const std::string other = fake_toolkit("cuda-13.1", 13010);
  std::string why;
  EXPECT_FALSE(flow::device_cuda_flags(paths(other), "sm_90", why));
  EXPECT_NE(why.find("CUDA 13.1"), std::string::npos) << why;
  EXPECT_NE(why.find("-DENERGY_CUDA_TOOLKIT=" + other), std::string::npos) << why;
}

TEST_F(CudaFlow, AMissingToolkitIsRefusedWithTheWayOut) {
  std::string why;
  EXPECT_FALSE(flow::device_cuda_flags(paths((root_ / "none").string()), "sm_90", why));
  EXPECT_NE(why.find("--cuda-emulate"), std::string::npos) << why;
}

TEST_F(CudaFlow, EmulationCompilesAsCxxWithTheEmulatorHeaderForcedIn) {
  const auto p = paths("");
  const auto compile = flow::emulate_compile_flags(p, "/src/app/kernels.cu");
  EXPECT_TRUE(contains(compile, flow::emulator_include_dir(p)));
  EXPECT_TRUE(contains(compile, "cuda_runtime.h"));
  EXPECT_TRUE(contains(compile, "/src/app"));
  const auto link = flow::emulate_link_flags(p);
  ASSERT_GE(link.size(), 3u);
  EXPECT_EQ(link[0], "-x");
  EXPECT_EQ(link[1], "none");
  EXPECT_EQ(link[2], flow::emulator_library(p));
  const auto rewrite = flow::emulate_rewrite_command(p, "a.cu", "a.cpp");
  EXPECT_EQ(rewrite.front(), flow::rewriter(p));
}

} // namespace
