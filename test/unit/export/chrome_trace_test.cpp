//===- chrome_trace_test.cpp - Trace events from a report's timeline ------===//
#include "energy/export/chrome_trace.h"

#include "energy/report/report_error.h"
#include "export_fixture.h"

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

using namespace energy::exporter;
using energy::exporter::test::callTreeInput;
using energy::report::Timeline;
using nlohmann::json;

namespace {

/// Thread 0 runs helper (0..40 ms), then a loop nested in it (40..60 ms),
/// then nothing (60..80 ms); the meter's reading at 40..60 ms failed.
ExportInput timelineInput() {
  ExportInput In = callTreeInput();
  auto &R = In.report;
  energy::report::test::addRegion(R, "helper:loop@app.c:6", "loop", 6, 1, 0, 0.0, 0.0);
  Timeline T;
  T.period = 0.02;
  T.startEpochSeconds = 1000.0;
  T.threadIds = {{0, 4242}};
  T.events = {"instructions"};
  T.meters = {{"rapl:package-0", "package"}};
  auto Interval = [](double Start, std::optional<double> Joules, std::optional<uint64_t> Region) {
    return energy::report::TimelineInterval{Start, Start + 0.02, {Joules}, {{0, Region, {2e6}}}};
  };
  T.intervals = {Interval(0.00, 1.0, 1), Interval(0.02, 1.0, 1), Interval(0.04, std::nullopt, 3),
                 Interval(0.06, 2.0, std::nullopt)};
  R.timeline = T;
  return In;
}

std::vector<json> eventsOf(const json &Trace, const std::string &Phase) {
  std::vector<json> Out;
  for (const json &E : Trace["traceEvents"])
    if (E["ph"] == Phase)
      Out.push_back(E);
  return Out;
}

} // namespace

TEST(ChromeTrace, EveryEventHasPhaseTimePidAndTid) {
  json Trace = chromeTrace({timelineInput()}, "x");
  ASSERT_FALSE(Trace["traceEvents"].empty());
  for (const json &E : Trace["traceEvents"]) {
    EXPECT_TRUE(E.contains("ph") && E.contains("ts") && E.contains("pid") && E.contains("tid"))
        << E.dump();
    EXPECT_EQ(E["pid"], 4242);
  }
  EXPECT_EQ(Trace["displayTimeUnit"], "ms");
}

TEST(ChromeTrace, ProcessAndThreadsAreNamed) {
  json Trace = chromeTrace({timelineInput()}, "x");
  std::map<std::string, json> Meta;
  for (const json &E : eventsOf(Trace, "M"))
    Meta[E["name"]] = E;
  EXPECT_EQ(Meta["process_name"]["args"]["name"], "app (pid 4242)");
  EXPECT_EQ(Meta["thread_name"]["args"]["name"], "thread 0 (tid 4242)");
  EXPECT_EQ(Meta["thread_name"]["tid"], 4242);
}

TEST(ChromeTrace, RegionSlicesNestByParentLinks) {
  json Trace = chromeTrace({timelineInput()}, "x");
  auto Slices = eventsOf(Trace, "X");
  ASSERT_EQ(Slices.size(), 2u);
  // The loop closes first, inside helper, which spans both.
  EXPECT_EQ(Slices[0]["name"], "helper:loop@app.c:6");
  EXPECT_DOUBLE_EQ(Slices[0]["ts"].get<double>(), 40000.0);
  EXPECT_DOUBLE_EQ(Slices[0]["dur"].get<double>(), 20000.0);
  EXPECT_EQ(Slices[1]["name"], "helper");
  EXPECT_DOUBLE_EQ(Slices[1]["ts"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(Slices[1]["dur"].get<double>(), 60000.0);
  EXPECT_EQ(Slices[1]["tid"], 4242);
  EXPECT_EQ(Slices[1]["args"]["line"], 5);
}

TEST(ChromeTrace, PowerOfAFailedReadingIsCoveredByTheNextOne) {
  json Trace = chromeTrace({timelineInput()}, "x");
  std::vector<std::pair<double, double>> Power;
  for (const json &E : eventsOf(Trace, "C"))
    if (E["name"] == "power rapl:package-0 (package)")
      Power.emplace_back(E["ts"].get<double>(), E["args"]["W"].get<double>());
  ASSERT_EQ(Power.size(), 4u);
  EXPECT_NEAR(Power[0].second, 50.0, 1e-9);
  EXPECT_NEAR(Power[1].second, 50.0, 1e-9);
  // 2 J over 40..80 ms: the failed reading's interval and the next.
  EXPECT_NEAR(Power[2].first, 40000.0, 1e-6);
  EXPECT_NEAR(Power[2].second, 50.0, 1e-9);
  EXPECT_NEAR(Power[3].first, 80000.0, 1e-6);
  EXPECT_EQ(Power[3].second, 0.0);
}

TEST(ChromeTrace, ThreadRatesAreTheRegionsAndTheCountersOwn) {
  json Trace = chromeTrace({timelineInput()}, "x");
  std::vector<double> Flops, Instructions;
  for (const json &E : eventsOf(Trace, "C")) {
    if (E["name"] == "thread 0 (tid 4242) FLOP rate (estimate)")
      Flops.push_back(E["args"]["FLOP/s"].get<double>());
    if (E["name"] == "thread 0 (tid 4242) instructions rate")
      Instructions.push_back(E["args"]["per s"].get<double>());
  }
  // helper: 90 FLOPs in 0.3 s; the loop never had self time; then no region.
  ASSERT_EQ(Flops.size(), 5u);
  EXPECT_NEAR(Flops[0], 300.0, 1e-9);
  EXPECT_EQ(Flops[2], 0.0);
  EXPECT_EQ(Flops[3], 0.0);
  ASSERT_EQ(Instructions.size(), 4u);
  EXPECT_NEAR(Instructions[0], 1e8, 1e-3);
}

TEST(ChromeTrace, SeveralReportsAreSeveralProcessesLinedUpInTime) {
  ExportInput A = timelineInput(), B = timelineInput();
  B.report.timeline->startEpochSeconds = 1000.5; // started half a second later
  json Trace = chromeTrace({A, B}, "x");
  std::set<long long> Pids;
  double LatestSliceStart = 0;
  for (const json &E : Trace["traceEvents"]) {
    Pids.insert(E["pid"].get<long long>());
    if (E["ph"] == "X")
      LatestSliceStart = std::max(LatestSliceStart, E["ts"].get<double>());
  }
  EXPECT_EQ(Pids.size(), 2u); // the same pid twice is made unique
  EXPECT_NEAR(LatestSliceStart, 540000.0, 1e-6);
}

TEST(ChromeTrace, AReportWithoutATimelineIsAProcessWithMetadataOnly) {
  ExportInput In = callTreeInput();
  json Trace = chromeTrace({In}, "x");
  for (const json &E : Trace["traceEvents"])
    EXPECT_EQ(E["ph"], "M");
  EXPECT_EQ(Trace["otherData"]["reports"][0]["timeline"], false);
}

namespace {

/// One interval of 20 ms in which thread 0 (tid Tid) was in region 1.
json timelineJson(double StartEpoch, long long Tid) {
  return {{"format", "energypass-timeline"},
          {"version", 1},
          {"period_s", 0.02},
          {"start_epoch_s", StartEpoch},
          {"intervals_sampled", 1},
          {"intervals_per_record", 1},
          {"events", json::array()},
          {"meters", json::array()},
          {"threads", {{{"thread", 0}, {"tid", Tid}}}},
          {"intervals",
           {{{"t_start", 0.0},
             {"t_end", 0.02},
             {"energy_j", json::array()},
             {"process", json::array()},
             {"threads", {{{"thread", 0}, {"region", 1}, {"counters", json::array()}}}}}}}};
}

energy::report::MergedProcess mergedProcess(long long Pid, uint64_t Rank, const json &Timeline) {
  return {"/bin/app", {"./app"},
          Pid,        "r." + std::to_string(Pid) + ".json",
          Rank,       energy::report::parseTimeline(Timeline, "t.json")};
}

} // namespace

TEST(ChromeTrace, AMergedReportsProcessesAreProcessesOfTheirOwnWithTheirTimelines) {
  ExportInput In = callTreeInput();
  In.report.mergedProcesses = {{mergedProcess(100, 0, timelineJson(1000.0, 101)),
                                mergedProcess(200, 1, timelineJson(1000.5, 201))}};
  json Trace = chromeTrace({In}, "x");
  std::map<long long, std::string> Names;
  std::map<long long, std::vector<std::string>> Slices;
  for (const json &E : Trace["traceEvents"]) {
    if (E["ph"] == "M" && E["name"] == "process_name")
      Names[E["pid"]] = E["args"]["name"];
    if (E["ph"] == "X")
      Slices[E["pid"]].push_back(E["name"]);
  }
  EXPECT_EQ(Names[100], "rank 0: app (pid 100)");
  EXPECT_EQ(Names[200], "rank 1: app (pid 200)");
  EXPECT_EQ(Slices[100], std::vector<std::string>{"helper"});
  EXPECT_EQ(Slices[200], std::vector<std::string>{"helper"});
  EXPECT_EQ(Trace["otherData"]["reports"][1]["report"], "r.200.json");
}

TEST(ChromeTrace, AMergedProcessNamingARegionThatDoesNotExistIsRefused) {
  ExportInput In = callTreeInput();
  json Timeline = timelineJson(1000.0, 101);
  Timeline["intervals"][0]["threads"][0]["region"] = 99;
  In.report.mergedProcesses = {{mergedProcess(100, 0, Timeline)}};
  try {
    In.processes();
    FAIL() << "a timeline naming region 99 was read";
  } catch (const energy::report::ReportError &E) {
    EXPECT_NE(std::string(E.what()).find("names region 99"), std::string::npos) << E.what();
  }
}
