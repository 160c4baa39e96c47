//===- NvmlTest.cpp - GPU energy through NVML, present and absent ---------===//
#include "meters/EnergyMeter.h"

#include <gtest/gtest.h>

using namespace energy::meters;

namespace {

TEST(Nvml, AbsentLibraryIsExplained) {
  ProbeOptions o;
  o.nvmlLibrary = "libnvidia-ml-not-installed.so.1";
  MeterDiscovery found = discoverNvml(o);
  EXPECT_FALSE(found.source.present);
  EXPECT_FALSE(found.source.used);
  EXPECT_TRUE(found.meters.empty());
  EXPECT_NE(found.source.detail.find("not found: no NVIDIA driver"), std::string::npos);
}

TEST(Nvml, ReadsTotalEnergyAndNamesGpusWithoutACounter) {
  ProbeOptions o;
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
  ProbeOptions o;
  o.nvmlLibrary = "libm.so.6"; // loads, but is not NVML
  MeterDiscovery found = discoverNvml(o);
  EXPECT_FALSE(found.source.present);
  EXPECT_NE(found.source.detail.find("lacks nvmlDeviceGetTotalEnergyConsumption"),
            std::string::npos);
}

} // namespace
