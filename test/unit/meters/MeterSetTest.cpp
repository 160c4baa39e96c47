//===- MeterSetTest.cpp - Source discovery and the sources array ----------===//
#include "meters/MeterSet.h"
#include "FakePerfSys.h"
#include "TempTree.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <thread>

using namespace energy::meters;
using energy::meters::test::FakePerfSys;
using energy::meters::test::TempTree;

namespace {

const std::string kFixtures = ENERGY_METERS_FIXTURES;

ProbeOptions options(FakePerfSys &sys, const std::string &root) {
  ProbeOptions o;
  o.sysfsRoot = root;
  o.procRoot = kFixtures + "/proc";
  o.perf = &sys;
  o.nvmlLibrary = "libnvidia-ml-not-installed.so.1";
  return o;
}

const Source &find(const MeterSet &set, const std::string &name) {
  for (const Source &s : set.sources())
    if (s.name == name)
      return s;
  static Source none;
  ADD_FAILURE() << "no source " << name;
  return none;
}

int failHardware(const perf_event_attr &a, int error) {
  return a.type == PERF_TYPE_HARDWARE || a.type == PERF_TYPE_HW_CACHE ? error : 0;
}

TEST(MeterSet, AVirtualMachineWithoutPmuOrRaplSaysSo) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) { return failHardware(a, ENOENT); };
  auto set = MeterSet::probe(options(sys, kFixtures + "/proc"));
  set->start();
  const Source &hw = find(*set, "perf-hardware");
  EXPECT_FALSE(hw.present);
  EXPECT_FALSE(hw.used);
  EXPECT_NE(hw.detail.find("no hardware PMU"), std::string::npos) << hw.detail;
  EXPECT_NE(hw.detail.find("<not supported>: cycles,instructions"), std::string::npos) << hw.detail;
  EXPECT_TRUE(find(*set, "perf-software").present);
  EXPECT_TRUE(find(*set, "perf-software").used);
  EXPECT_NE(find(*set, "rdpmc").detail.find("no hardware counters"), std::string::npos);
  EXPECT_FALSE(find(*set, "rapl-powercap").present);
  EXPECT_FALSE(find(*set, "perf-power").present);
  EXPECT_FALSE(find(*set, "nvml").present);
  EXPECT_EQ(set->meterCount(), 0u);
  EXPECT_EQ(set->events().size(), 24u);
}

TEST(MeterSet, ParanoidSettingIsNamedWithItsFix) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) { return failHardware(a, EACCES); };
  auto set = MeterSet::probe(options(sys, kFixtures + "/proc"));
  const std::string &detail = find(*set, "perf-hardware").detail;
  EXPECT_NE(detail.find("kernel.perf_event_paranoid=2 forbids it"), std::string::npos) << detail;
  EXPECT_NE(detail.find("CAP_PERFMON"), std::string::npos);
}

// Without creating events, the probe asks perf_event_open about configs no
// PMU has: the software PMU's ENOENT and a CPU PMU's EINVAL say what is there,
// and no event is ever created (a created per-task event costs 10-25 ms).
ProbeOptions asking(FakePerfSys &sys) {
  ProbeOptions o = options(sys, kFixtures + "/proc");
  o.createEvents = false;
  return o;
}

int kernelAnswer(const perf_event_attr &a, bool pmu) {
  if (a.type == PERF_TYPE_SOFTWARE)
    return a.config >= PERF_COUNT_SW_MAX ? ENOENT : 0;
  if (a.type == PERF_TYPE_HARDWARE)
    return !pmu ? ENOENT : a.config >= PERF_COUNT_HW_MAX ? EINVAL : 0;
  return 0;
}

TEST(MeterSet, AskingWithoutCreatingEventsFindsAPmu) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) { return kernelAnswer(a, true); };
  auto set = MeterSet::probe(asking(sys));
  EXPECT_TRUE(find(*set, "perf-hardware").present) << find(*set, "perf-hardware").detail;
  EXPECT_TRUE(find(*set, "perf-software").present) << find(*set, "perf-software").detail;
  EXPECT_NE(find(*set, "rdpmc").detail.find("not probed"), std::string::npos);
  EXPECT_TRUE(sys.fds().empty()) << "an event was created";
  EXPECT_EQ(sys.openAttempts, 2u);
}

TEST(MeterSet, AskingWithoutCreatingEventsFindsNoPmuOnAVirtualMachine) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &a, pid_t, int) { return kernelAnswer(a, false); };
  auto set = MeterSet::probe(asking(sys));
  const Source &hw = find(*set, "perf-hardware");
  EXPECT_FALSE(hw.present);
  EXPECT_NE(hw.detail.find("no hardware PMU"), std::string::npos) << hw.detail;
  EXPECT_TRUE(find(*set, "perf-software").present);
  EXPECT_TRUE(sys.fds().empty());
}

TEST(MeterSet, AskingWithoutCreatingEventsNamesTheParanoidSetting) {
  FakePerfSys sys;
  sys.openErrno = [](const perf_event_attr &, pid_t, int) { return EACCES; };
  auto set = MeterSet::probe(asking(sys));
  EXPECT_FALSE(find(*set, "perf-hardware").present);
  const Source &sw = find(*set, "perf-software");
  EXPECT_FALSE(sw.present);
  EXPECT_NE(sw.detail.find("forbids it"), std::string::npos) << sw.detail;
}

TEST(MeterSet, SourcesListEverySourceInTheReportsShape) {
  FakePerfSys sys;
  TempTree tree("sys-powercap");
  auto set = MeterSet::probe(options(sys, tree.root));
  const std::vector<Source> &sources = set->sources();
  ASSERT_EQ(sources.size(), 6u);
  std::vector<std::string> names;
  for (const Source &s : sources) {
    names.push_back(s.name);
    EXPECT_TRUE(s.kind == "counters" || s.kind == "energy");
    EXPECT_FALSE(s.detail.empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"perf-hardware", "perf-software", "rdpmc",
                                             "rapl-powercap", "perf-power", "nvml"}));
}

TEST(MeterSet, PrimaryMetersNeverCountADomainTwice) {
  FakePerfSys sys;
  TempTree tree("sys-powercap");
  {
    auto set = MeterSet::probe(options(sys, tree.root));
    std::vector<size_t> primary = set->primaryMeters();
    ASSERT_EQ(primary.size(), 1u);
    EXPECT_EQ(set->meter(primary[0]).name(), "rapl:psys");
  }
  tree.remove("class/powercap/intel-rapl:1");
  auto set = MeterSet::probe(options(sys, tree.root));
  std::vector<std::string> names;
  for (size_t i : set->primaryMeters())
    names.push_back(set->meter(i).name());
  EXPECT_EQ(names, (std::vector<std::string>{"rapl:package-0", "rapl:package-0:dram"}));
}

TEST(MeterSet, ReadingsAreSinceStart) {
  FakePerfSys sys;
  TempTree tree("sys-powercap");
  auto set = MeterSet::probe(options(sys, tree.root));
  tree.write("class/powercap/intel-rapl:1/energy_uj", "5000000"); // before start: not counted
  set->start();
  tree.write("class/powercap/intel-rapl:1/energy_uj", "7500000");
  Reading r = set->makeReading();
  set->readAll(r);
  size_t psys = set->primaryMeters()[0];
  EXPECT_TRUE(r.energyValid[psys]);
  EXPECT_DOUBLE_EQ(r.joules[psys], 2.5);
  EXPECT_GE(r.seconds, 0.0);
}

TEST(MeterSet, AMeterThatNeverMovesIsReportedAsNotBackedByHardware) {
  FakePerfSys sys;
  auto set = MeterSet::probe(options(sys, kFixtures + "/sys-perf-power"));
  ASSERT_EQ(set->meterCount(), 2u);
  for (int fd : sys.fds())
    sys.event(fd).readData = {12345}; // the counter never advances, as in a VM
  set->start();
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  set->stop();
  const Source &power = find(*set, "perf-power");
  EXPECT_TRUE(power.present);
  EXPECT_FALSE(power.used);
  EXPECT_NE(power.detail.find("read 0 J"), std::string::npos) << power.detail;
}

// The runtime waits for a meter to count before it opens the sampler's
// per-task counters: the energy since the baseline says whether one has.
TEST(MeterSet, EnergySinceTheBaselineTellsAMeterThatCountsFromOneThatDoesNot) {
  FakePerfSys sys;
  auto set = MeterSet::probe(options(sys, kFixtures + "/sys-perf-power"));
  ASSERT_EQ(set->meterCount(), 2u);
  std::vector<int> fds = sys.fds();
  for (int fd : fds)
    sys.event(fd).readData = {12345};
  set->takeBaseline();
  EXPECT_FALSE(set->energySinceBaseline());
  sys.event(fds.back()).readData = {12346};
  EXPECT_TRUE(set->energySinceBaseline());
}

TEST(MeterSet, MetersThatDidNotStartAreNotUsedAndSayWhy) {
  FakePerfSys sys;
  auto set = MeterSet::probe(options(sys, kFixtures + "/sys-perf-power"));
  set->noteMetersThatDidNotStart(0.1, /*programEnded=*/false);
  const Source &power = find(*set, "perf-power");
  EXPECT_FALSE(power.used);
  EXPECT_NE(power.detail.find("counted nothing in the first 0.100 s"), std::string::npos)
      << power.detail;
  EXPECT_NE(power.detail.find("a VM"), std::string::npos) << power.detail;
  set->stop(); // never started: takes no reading, adds nothing
  EXPECT_EQ(power.detail.find("read 0 J"), std::string::npos) << power.detail;
}

} // namespace
