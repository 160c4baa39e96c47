//===- NvmlTest.cpp - GPU energy through NVML, present and absent ---------===//
#include "meters/EnergyMeter.h"

#include <gtest/gtest.h>

using namespace energy::meters;

namespace {

/// Probe options on a machine with no NVIDIA driver, whatever this one has.
ProbeOptions withoutDriver() {
  ProbeOptions o;
  o.procRoot = ENERGY_METERS_FIXTURES "/proc";
  o.devRoot = ENERGY_METERS_FIXTURES "/no-such-dev";
  return o;
}

/// Probe options on a machine whose /dev has the NVIDIA driver's nodes.
ProbeOptions withDriver() {
  ProbeOptions o = withoutDriver();
  o.devRoot = ENERGY_METERS_FIXTURES "/dev-nvidia";
  return o;
}

TEST(Nvml, AbsentLibraryIsExplained) {
  ProbeOptions o = withDriver();
  o.nvmlLibrary = "libnvidia-ml-not-installed.so.1";
  MeterDiscovery found = discoverNvml(o);
  EXPECT_FALSE(found.source.present);
  EXPECT_FALSE(found.source.used);
  EXPECT_TRUE(found.meters.empty());
  EXPECT_NE(found.source.detail.find("not found: no NVIDIA driver"), std::string::npos);
}

TEST(Nvml, ReadsTotalEnergyAndNamesGpusWithoutACounter) {
  ProbeOptions o = withDriver();
  o.nvmlLibrary = ENERGY_FAKE_NVML;
  MeterDiscovery found = discoverNvml(o);
  ASSERT_TRUE(found.source.used) << found.source.detail;
  ASSERT_EQ(found.meters.size(), 1u);
  EXPECT_EQ(found.meters[0]->name(), "nvml:gpu0");
  EXPECT_EQ(found.meters[0]->domain(), "gpu");
  EXPECT_NE(found.source.detail.find("nvml:gpu1 (energy counter needs Volta or newer)"),
            std::string::npos)
      << found.source.detail;
  double joules;
  ASSERT_TRUE(found.meters[0]->read(joules));
  EXPECT_DOUBLE_EQ(joules, 1.5);
  ASSERT_TRUE(found.meters[0]->read(joules));
  EXPECT_DOUBLE_EQ(joules, 3.0);
}

TEST(Nvml, LibraryWithoutTheEnergyCallIsExplained) {
  ProbeOptions o = withDriver();
  o.nvmlLibrary = "libm.so.6"; // loads, but is not NVML
  MeterDiscovery found = discoverNvml(o);
  EXPECT_FALSE(found.source.present);
  EXPECT_NE(found.source.detail.find("lacks nvmlDeviceGetTotalEnergyConsumption"),
            std::string::npos);
}

TEST(Nvml, WithoutADriverTheLibraryIsNotLoaded) {
  ProbeOptions o = withoutDriver();
  o.nvmlLibrary = ENERGY_FAKE_NVML;
  MeterDiscovery found = discoverNvml(o);
  EXPECT_FALSE(found.source.used);
  EXPECT_TRUE(found.meters.empty());
  EXPECT_NE(found.source.detail.find("no NVIDIA driver on this machine (no " ENERGY_METERS_FIXTURES
                                     "/proc/driver/nvidia, no " ENERGY_METERS_FIXTURES
                                     "/no-such-dev/nvidiactl)"),
            std::string::npos)
      << found.source.detail;
}

TEST(Nvml, WslGpuDeviceCountsAsTheDriver) {
  ProbeOptions o = withoutDriver();
  o.devRoot = ENERGY_METERS_FIXTURES "/dev-wsl";
  o.nvmlLibrary = ENERGY_FAKE_NVML;
  EXPECT_TRUE(discoverNvml(o).source.used);
}

// The device nodes come with NVML's first use (nvidia-modprobe makes them):
// a loaded kernel module is a driver.
TEST(Nvml, KernelModuleWithoutDeviceNodesCountsAsTheDriver) {
  ProbeOptions o = withoutDriver();
  o.procRoot = ENERGY_METERS_FIXTURES "/proc-nvidia";
  o.nvmlLibrary = ENERGY_FAKE_NVML;
  EXPECT_TRUE(discoverNvml(o).source.used);
}

} // namespace
