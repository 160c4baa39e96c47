//===- PerfPowerTest.cpp - RAPL through perf's power PMU, replayed --------===//
#include "FakePerfSys.h"
#include "meters/EnergyMeter.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace energy::meters;
using energy::meters::test::FakePerfSys;

namespace {

ProbeOptions fixture(FakePerfSys &sys) {
  ProbeOptions o;
  o.sysfsRoot = std::string(ENERGY_METERS_FIXTURES) + "/sys-perf-power";
  o.procRoot = std::string(ENERGY_METERS_FIXTURES) + "/proc";
  o.perf = &sys;
  return o;
}

TEST(PerfPower, OpensEachEventOncePerPackageAndScalesToJoules) {
  FakePerfSys sys;
  MeterDiscovery found = discoverPerfPower(fixture(sys));
  ASSERT_TRUE(found.source.used) << found.source.detail;
  ASSERT_EQ(found.meters.size(), 2u);
  EXPECT_EQ(found.meters[0]->name(), "power/energy-pkg/");
  EXPECT_EQ(found.meters[0]->domain(), "package");
  EXPECT_EQ(found.meters[1]->domain(), "dram");
  std::vector<int> fds = sys.fds();
  ASSERT_EQ(fds.size(), 4u);
  EXPECT_EQ(sys.event(fds[0]).attr.type, 23u);
  EXPECT_EQ(sys.event(fds[0]).attr.config, 2u);
  EXPECT_EQ(sys.event(fds[0]).pid, -1);
  EXPECT_EQ(sys.event(fds[0]).cpu, 0);
  EXPECT_EQ(sys.event(fds[1]).cpu, 8);
  // 2^32 counts of 2^-32 J on each package since the meter opened: 2 J.
  sys.event(fds[0]).readData = {uint64_t{1} << 32};
  sys.event(fds[1]).readData = {uint64_t{1} << 32};
  double joules = 0;
  ASSERT_TRUE(found.meters[0]->read(joules));
  EXPECT_DOUBLE_EQ(joules, 2.0);
  EXPECT_NE(found.source.detail.find("2 package(s)"), std::string::npos);
}

TEST(PerfPower, ParanoidRefusalNamesTheSettingAndTheFix) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &, pid_t, int) { return EACCES; };
  MeterDiscovery found = discoverPerfPower(fixture(sys));
  EXPECT_TRUE(found.source.present);
  EXPECT_FALSE(found.source.used);
  EXPECT_NE(found.source.detail.find("perf_event_paranoid <= 0 (now 2)"), std::string::npos)
      << found.source.detail;
  EXPECT_NE(found.source.detail.find("CAP_PERFMON"), std::string::npos);
}

TEST(PerfPower, NoPmuIsExplained) {
  FakePerfSys sys;
  ProbeOptions o = fixture(sys);
  o.sysfsRoot = std::string(ENERGY_METERS_FIXTURES) + "/sys-powercap";
  MeterDiscovery found = discoverPerfPower(o);
  EXPECT_FALSE(found.source.present);
  EXPECT_NE(found.source.detail.find("no RAPL perf PMU"), std::string::npos);
  EXPECT_EQ(sys.openAttempts, 0u);
}

} // namespace
