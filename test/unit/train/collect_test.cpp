//===- collect_test.cpp - collect against a fake powercap tree ------------===//
//
// The VM that runs CI has no RAPL and no PMU, so these tests give collect a
// fake powercap tree whose energy counter the measured program itself
// advances, and count software events; hardware events must either work or
// fail with the way out. The counter is rewritten in place, as sysfs updates
// it: the meters read an open energy_uj again at each sample.
//
//===----------------------------------------------------------------------===//
#include "test_helpers.h"

#include "energy/train/collect.h"
#include "energy/train/error.h"

#include "meters/Counters.h"
#include "meters/Events.h"
#include "support/Settings.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

/// A shell command that adds Microjoules to the zone's counter in place.
/// Shell text that adds Microjoules to a fake energy counter with builtins
/// only: a loop of it advances the meter within every 0.1 s interval even on a
/// loaded machine, where forking `cat` each time left intervals without a step.
std::string spend(const std::string &Counter, int Microjoules) {
  return "read v < " + Counter + "; echo $((v + " + std::to_string(Microjoules) + ")) 1<> " +
         Counter;
}

bool softwareCountersWork() {
  energy::meters::EventSpec TaskClock;
  if (!energy::meters::lookupGenericEvent("task-clock", TaskClock))
    return false;
  energy::meters::CounterSet Counters({TaskClock});
  energy::meters::CounterOptions Options;
  Options.pid = getpid();
  return Counters.open(Options) == 1;
}

std::string errorOf(const CollectOptions &O) {
  try {
    collectDataset(O);
  } catch (const TrainError &E) {
    return E.what();
  }
  return "";
}

/// Sets an environment variable for one test. The meters' ENERGY_* settings
/// are read once (support/Settings.h): read again after each change.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *Name, const std::string &Value) : Name(Name) {
    setenv(Name, Value.c_str(), 1);
    energy::support::reloadSettingsForTesting();
  }
  ~ScopedEnvironment() {
    unsetenv(Name);
    energy::support::reloadSettingsForTesting();
  }

private:
  const char *Name;
};

} // namespace

TEST(Collect, ReadsThePowercapTreeUnderTheSysfsRoot) {
  std::string Sys = test::temporaryDirectory("sysfs-root");
  std::filesystem::create_directories(Sys + "/class");
  std::filesystem::rename(fakePowercap("sysfs-powercap"), Sys + "/class/powercap");
  ScopedEnvironment Root("ENERGY_SYSFS_ROOT", Sys);
  CollectOptions O;
  O.programs = {spend(Sys + "/class/powercap/intel-rapl:0/energy_uj", 2000000)};
  O.runs = 2;
  O.softwareEventsOnly = true;
  if (!softwareCountersWork()) {
    EXPECT_EQ(errorOf(O).find("no RAPL energy meter"), std::string::npos) << errorOf(O);
    return;
  }
  Dataset D = collectDataset(O);
  EXPECT_EQ(D.info.meter["root"], Sys + "/class/powercap");
  EXPECT_EQ(D.info.meter["zones"], nlohmann::json::array({"package-0"}));
  EXPECT_NEAR(D.power(1) * D.seconds(1), 2.0, 1e-9);
}

TEST(Collect, NoRaplUnderTheSysfsRootNamesIt) {
  std::string Sys = test::temporaryDirectory("empty-sysfs-root");
  ScopedEnvironment Root("ENERGY_SYSFS_ROOT", Sys);
  CollectOptions O;
  O.programs = {"true"};
  std::string E = errorOf(O);
  EXPECT_NE(E.find("no RAPL energy meter: " + Sys + "/class/powercap has no"), std::string::npos)
      << E;
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
  // The program spends 2 J by advancing the fake meter, then idles.
  O.programs = {spend(Root + "/intel-rapl:0/energy_uj", 2000000) + "; sleep 0.05"};
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
  // A background loop advances the meter all the time, as RAPL does.
  O.programs = {"(while :; do " + spend(Root + "/intel-rapl:0/energy_uj", 1000) +
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

TEST(Collect, AProgramEndedBySignalIsRefusedWithTheShellsStatus) {
  if (!softwareCountersWork())
    GTEST_SKIP() << "perf_event_open is not permitted here";
  CollectOptions O;
  O.powercapRoot = fakePowercap("signalled");
  O.softwareEventsOnly = true;
  O.programs = {"kill -TERM $$"};
  EXPECT_NE(errorOf(O).find("failed (exit status 143)"), std::string::npos) << errorOf(O);
}
