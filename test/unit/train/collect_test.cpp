//===- collect_test.cpp - collect against a fake powercap tree ------------===//
//
// The VM that runs CI has no RAPL and no PMU, so these tests give collect a
// fake powercap tree whose energy counter the measured program itself
// advances, and count software events; hardware events must either work or
// fail with the way out.
//
//===----------------------------------------------------------------------===//
#include "test_helpers.h"

#include "energy/train/collect.h"
#include "energy/train/error.h"
#include "energy/train/perf_counters.h"
#include "energy/train/powercap.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

using namespace energy::train;

namespace {

/// A powercap root with one package zone at 1 J, wrapping at 10 J.
std::string fakePowercap(const std::string &Name) {
  std::string Root = test::temporaryDirectory(Name);
  std::filesystem::create_directories(Root + "/intel-rapl:0");
  std::filesystem::create_directories(Root + "/intel-rapl:0:0"); // a sub-zone
  test::writeFile(Root + "/intel-rapl:0/name", "package-0\n");
  test::writeFile(Root + "/intel-rapl:0/energy_uj", "1000000\n");
  test::writeFile(Root + "/intel-rapl:0/max_energy_range_uj", "10000000\n");
  test::writeFile(Root + "/intel-rapl:0:0/energy_uj", "5\n");
  return Root;
}

bool softwareCountersWork() {
  try {
    PerfCounters C(getpid(), {"task-clock"});
    return true;
  } catch (const TrainError &) {
    return false;
  }
}

std::string errorOf(const CollectOptions &O) {
  try {
    collectDataset(O);
  } catch (const TrainError &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(Powercap, ReadsPackageZonesAndHandlesWrapAround) {
  PowercapMeter M = PowercapMeter::open(fakePowercap("zones"));
  ASSERT_EQ(M.zones().size(), 1u);
  EXPECT_EQ(M.zones()[0].name, "package-0");
  EXPECT_EQ(M.read(), std::vector<uint64_t>{1000000});
  EXPECT_NEAR(M.joulesBetween({9000000}, {1000000}), 2.0, 1e-12);
}

TEST(Collect, NoRaplIsAClearError) {
  CollectOptions O;
  O.programs = {"true"};
  O.powercapRoot = test::temporaryDirectory("empty-powercap");
  std::string E = errorOf(O);
  EXPECT_NE(E.find("no RAPL energy meter"), std::string::npos) << E;
  EXPECT_NE(E.find("--powercap-root"), std::string::npos) << E;
}

TEST(Collect, SoftwareEventsAndFakeMeterGiveOneRowPerRun) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is not permitted here";
  std::string Root = fakePowercap("runs");
  CollectOptions O;
  // The program spends 2 J by advancing the fake meter (atomically, as
  // sysfs does), then idles.
  std::string Counter = Root + "/intel-rapl:0/energy_uj";
  O.programs = {"v=$(cat " + Counter + "); echo $((v + 2000000)) > " + Root +
                "/e.tmp && mv " + Root + "/e.tmp " + Counter + "; sleep 0.05"};
  O.runs = 2;
  O.powercapRoot = Root;
  O.softwareEventsOnly = true;
  Dataset D = collectDataset(O);
  ASSERT_EQ(D.rows(), 2u);
  EXPECT_EQ(D.features, softwareEvents());
  EXPECT_GE(D.seconds(0), 0.05);
  EXPECT_NEAR(D.power(0) * D.seconds(0), 2.0, 1e-9);
  EXPECT_NEAR(D.power(1) * D.seconds(1), 2.0, 1e-9);
  EXPECT_GT(D.x(0, D.featureIndex("task-clock")), 0.0);
  EXPECT_EQ(D.info.meter["kind"], "rapl-powercap");
}

TEST(Collect, TimelineGivesOneRowPerInterval) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is not permitted here";
  CollectOptions O;
  std::string Root = fakePowercap("timeline");
  std::string Counter = Root + "/intel-rapl:0/energy_uj";
  // A background loop advances the meter all the time, as RAPL does.
  O.programs = {"(while :; do v=$(cat " + Counter + "); echo $((v + 1000)) > " +
                Root + "/e.tmp && mv " + Root + "/e.tmp " + Counter +
                "; done) & sleep 0.5; kill $!"};
  O.runs = 1;
  O.timeline = true;
  O.intervalSeconds = 0.1;
  O.powercapRoot = Root;
  O.softwareEventsOnly = true;
  Dataset D = collectDataset(O);
  EXPECT_GE(D.rows(), 2u);
  EXPECT_EQ(D.info.kind, RowKind::Timeline);
  for (size_t R = 1; R < D.rows(); ++R)
    EXPECT_GT(D.timestamp(R), D.timestamp(R - 1));
}

TEST(Collect, HardwareEventsWorkOrNameTheWayOut) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is not permitted here";
  CollectOptions O;
  O.programs = {"true"};
  O.runs = 1;
  O.powercapRoot = fakePowercap("hardware");
  O.events = {"cycles"};
  std::string E = errorOf(O);
  if (!E.empty())
    EXPECT_NE(E.find("--software-events"), std::string::npos) << E;
}

TEST(Collect, FailingProgramsAndBadOptionsAreRefused) {
  CollectOptions O;
  O.powercapRoot = fakePowercap("fail");
  O.softwareEventsOnly = true;
  O.programs = {"exit 3"};
  if (softwareCountersWork())
    EXPECT_NE(errorOf(O).find("exit status 3"), std::string::npos);
  O.programs = {"true"};
  O.events = {"cycles"};
  EXPECT_NE(errorOf(O).find("hardware event but --software-events"), std::string::npos);
  O.events = {"no-such-event"};
  EXPECT_NE(errorOf(O).find("unknown perf event"), std::string::npos);
}
