//===- PowercapTest.cpp - RAPL through a fake powercap tree ---------------===//
#include "TempTree.h"
#include "meters/EnergyMeter.h"
#include "support/Settings.h"

#include <gtest/gtest.h>

using namespace energy::meters;
using energy::meters::test::DenyingOpener;
using energy::meters::test::TempTree;

namespace {

const std::string kZones = "class/powercap/";

ProbeOptions at(const TempTree &tree) {
  ProbeOptions o;
  o.sysfsRoot = tree.root;
  return o;
}

EnergyMeter *byName(MeterDiscovery &found, const std::string &name) {
  for (auto &m : found.meters)
    if (m->name() == name)
      return m.get();
  return nullptr;
}

TEST(Powercap, FindsEveryZoneNamedAfterItsPackage) {
  TempTree tree("sys-powercap");
  MeterDiscovery found = discoverPowercap(at(tree));
  EXPECT_TRUE(found.source.present);
  EXPECT_TRUE(found.source.used);
  ASSERT_EQ(found.meters.size(), 5u) << found.source.detail;
  ASSERT_NE(byName(found, "rapl:package-0"), nullptr);
  ASSERT_NE(byName(found, "rapl:package-0:core"), nullptr);
  ASSERT_NE(byName(found, "rapl:package-0:uncore"), nullptr);
  ASSERT_NE(byName(found, "rapl:package-0:dram"), nullptr);
  ASSERT_NE(byName(found, "rapl:psys"), nullptr);
  EXPECT_EQ(byName(found, "rapl:package-0")->domain(), "package");
  EXPECT_EQ(byName(found, "rapl:package-0:dram")->domain(), "dram");
  EXPECT_NE(found.source.detail.find("reads energy_uj of rapl:package-0"), std::string::npos);
}

TEST(Powercap, EnergyIsDifferencedFromTheCounter) {
  TempTree tree("sys-powercap");
  MeterDiscovery found = discoverPowercap(at(tree));
  EnergyMeter *pkg = byName(found, "rapl:package-0");
  ASSERT_NE(pkg, nullptr);
  double joules = -1;
  ASSERT_TRUE(pkg->read(joules));
  EXPECT_DOUBLE_EQ(joules, 0.0);
  tree.write(kZones + "intel-rapl:0/energy_uj", "3500000");
  ASSERT_TRUE(pkg->read(joules));
  EXPECT_DOUBLE_EQ(joules, 2.5);
}

TEST(Powercap, WrapsAroundAtMaxEnergyRange) {
  TempTree tree("sys-powercap");
  tree.write(kZones + "intel-rapl:0/max_energy_range_uj", "1000000");
  tree.write(kZones + "intel-rapl:0/energy_uj", "900000");
  MeterDiscovery found = discoverPowercap(at(tree));
  EnergyMeter *pkg = byName(found, "rapl:package-0");
  ASSERT_NE(pkg, nullptr);
  double joules;
  tree.write(kZones + "intel-rapl:0/energy_uj", "950000");
  ASSERT_TRUE(pkg->read(joules));
  EXPECT_NEAR(joules, 0.05, 1e-12);
  tree.write(kZones + "intel-rapl:0/energy_uj", "100000"); // wrapped once
  ASSERT_TRUE(pkg->read(joules));
  EXPECT_NEAR(joules, 0.2, 1e-12);
  tree.write(kZones + "intel-rapl:0/energy_uj", "600000");
  ASSERT_TRUE(pkg->read(joules));
  EXPECT_NEAR(joules, 0.7, 1e-12);
}

TEST(Powercap, RootOnlyEnergyFilesSayHowToFixIt) {
  TempTree tree("sys-powercap");
  DenyingOpener denying("/energy_uj");
  ProbeOptions o = at(tree);
  o.files = &denying;
  MeterDiscovery found = discoverPowercap(o);
  EXPECT_TRUE(found.source.present);
  EXPECT_FALSE(found.source.used);
  EXPECT_TRUE(found.meters.empty());
  const std::string &d = found.source.detail;
  EXPECT_NE(d.find("5 RAPL zone(s)"), std::string::npos) << d;
  EXPECT_NE(d.find("root only since Linux 5.10"), std::string::npos) << d;
  EXPECT_NE(d.find("chmod a+r"), std::string::npos) << d;
  EXPECT_NE(d.find("udev"), std::string::npos) << d;
  EXPECT_EQ(d.find('\n'), std::string::npos);
}

TEST(Powercap, OneDeniedZoneLeavesTheOthersInUse) {
  TempTree tree("sys-powercap");
  DenyingOpener denying("intel-rapl:0:2/energy_uj");
  ProbeOptions o = at(tree);
  o.files = &denying;
  MeterDiscovery found = discoverPowercap(o);
  EXPECT_TRUE(found.source.used);
  EXPECT_EQ(found.meters.size(), 4u);
  EXPECT_NE(found.source.detail.find("1 RAPL zone(s)"), std::string::npos);
}

TEST(Powercap, MissingTreeIsExplained) {
  TempTree tree("sys-powercap");
  tree.remove("class");
  MeterDiscovery found = discoverPowercap(at(tree));
  EXPECT_FALSE(found.source.present);
  EXPECT_TRUE(found.meters.empty());
  EXPECT_NE(found.source.detail.find("no RAPL zones"), std::string::npos);
}

TEST(Powercap, MmioZonesAreUsedWhenTheyAreTheOnlyOnes) {
  TempTree tree("sys-powercap");
  for (const char *zone :
       {"intel-rapl:0", "intel-rapl:0:0", "intel-rapl:0:1", "intel-rapl:0:2", "intel-rapl:1"})
    tree.remove(kZones + zone);
  MeterDiscovery found = discoverPowercap(at(tree));
  ASSERT_EQ(found.meters.size(), 1u);
  EXPECT_EQ(found.meters[0]->name(), "rapl:package-0");
}

TEST(Powercap, EnvironmentVariableMovesTheRoot) {
  TempTree tree("sys-powercap");
  // Settings are read once (support/Settings.h): read again after each change.
  ::setenv("ENERGY_SYSFS_ROOT", tree.root.c_str(), 1);
  energy::support::reloadSettingsForTesting();
  MeterDiscovery found = discoverPowercap(ProbeOptions{});
  ::unsetenv("ENERGY_SYSFS_ROOT");
  energy::support::reloadSettingsForTesting();
  EXPECT_EQ(found.meters.size(), 5u);
}

TEST(Powercap, WrapCounterHandlesRepeatedWraps) {
  WrapCounter c(100);
  c.start(90);
  EXPECT_EQ(c.advance(95), 5u);
  EXPECT_EQ(c.advance(10), 20u);
  EXPECT_EQ(c.advance(5), 115u);
}

} // namespace
