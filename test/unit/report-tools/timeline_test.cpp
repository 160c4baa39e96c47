//===- timeline_test.cpp - Reading, attributing and plotting a timeline ---===//
#include "energy/report/report_error.h"
#include "energy/report/timeline.h"
#include "energy/report/timeline_svg.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

using namespace energy::report;
using nlohmann::json;

namespace {

json twoIntervals() {
  return json::parse(R"({
    "format": "energypass-timeline", "version": 1, "period_s": 0.02,
    "start_epoch_s": 1.0, "intervals_sampled": 2, "intervals_per_record": 1,
    "events": ["cycles", "instructions"],
    "meters": [{"name": "rapl:package-0", "domain": "package"}],
    "threads": [{"thread": 0, "tid": 1}, {"thread": 1, "tid": 2}],
    "intervals": [
      {"t_start": 0.0, "t_end": 0.02, "energy_j": [0.5], "process": [null, null],
       "threads": [{"thread": 0, "region": 3, "counters": [100, null]},
                   {"thread": 1, "region": 4, "counters": [7, 8]}]},
      {"t_start": 0.02, "t_end": 0.04, "energy_j": [null], "process": [null, null],
       "threads": [{"thread": 0, "region": 3, "counters": [50, null]},
                   {"thread": 1, "region": null, "counters": [1, 1]}]}]})");
}

} // namespace

TEST(Timeline, ReadsIntervalsAndNulls) {
  Timeline T = parseTimeline(twoIntervals(), "t.json");
  ASSERT_EQ(T.intervals.size(), 2u);
  EXPECT_EQ(T.meters[0].domain, "package");
  EXPECT_FALSE(T.intervals[1].energy[0]);
  EXPECT_FALSE(T.intervals[1].threads[1].region);
}

TEST(Timeline, RefusesOtherVersionsAndBadShapes) {
  json Doc = twoIntervals();
  Doc["version"] = 2;
  EXPECT_THROW(parseTimeline(Doc, "t.json"), ReportError);
  Doc = twoIntervals();
  Doc["format"] = "energypass-report";
  EXPECT_THROW(parseTimeline(Doc, "t.json"), ReportError);
  Doc = twoIntervals();
  Doc["intervals"][0]["threads"][0]["counters"] = {1};
  EXPECT_THROW(parseTimeline(Doc, "t.json"), ReportError);
  Doc = twoIntervals();
  Doc["intervals"][0]["t_end"] = -1.0;
  EXPECT_THROW(parseTimeline(Doc, "t.json"), ReportError);
  Doc = twoIntervals();
  Doc["intervals"][1].erase("energy_j");
  EXPECT_THROW(parseTimeline(Doc, "t.json"), ReportError);
}

TEST(Timeline, CountersGoToTheRegionOnTopOfEachThread) {
  auto ByRegion = regionCounters(parseTimeline(twoIntervals(), "t.json"));
  ASSERT_EQ(ByRegion.size(), 2u);
  const RegionCounters &Three = ByRegion.at(3);
  EXPECT_DOUBLE_EQ(Three.seconds, 0.04);
  EXPECT_DOUBLE_EQ(Three.values.at("cycles"), 150.0);
  EXPECT_EQ(Three.values.count("instructions"), 0u);
  EXPECT_EQ(Three.uncounted, std::vector<std::string>{"instructions"});
  EXPECT_DOUBLE_EQ(ByRegion.at(4).values.at("instructions"), 8.0);
  EXPECT_TRUE(ByRegion.at(4).uncounted.empty());
}

TEST(TimelineSvg, PlotsPowerAndBands) {
  std::ostringstream Out;
  writeTimelineSvg(parseTimeline(twoIntervals(), "t.json"),
                   {"title", {"a", "b", "c", "solve", "init"}}, "t.json", Out);
  std::string Svg = Out.str();
  // 0.5 J over 20 ms is 25 W, the top of a 25 W axis.
  EXPECT_NE(Svg.find(">25 W</text>"), std::string::npos);
  EXPECT_NE(Svg.find("<title>solve, 0 s to 40.0 ms</title>"), std::string::npos);
  EXPECT_NE(Svg.find("<title>init, 0 s to 20.0 ms</title>"), std::string::npos);
}

TEST(TimelineSvg, RefusesATimelineWithoutPower) {
  json Doc = twoIntervals();
  Doc["meters"] = json::array();
  for (auto &I : Doc["intervals"])
    I["energy_j"] = json::array();
  std::ostringstream Out;
  try {
    writeTimelineSvg(parseTimeline(Doc, "t.json"), {}, "t.json", Out);
    FAIL() << "no error";
  } catch (const ReportError &E) {
    EXPECT_NE(std::string(E.what()).find("no energy meter"), std::string::npos);
  }
}
