//===- ExternalMeterTest.cpp - A wall meter's CSV, integrated -------------===//
#include "meters/ExternalMeter.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace energy::meters;

namespace {

PowerLog parsed(const char *csv) {
  PowerLog log;
  std::string error;
  EXPECT_TRUE(parsePowerCsv(csv, log, error)) << error;
  return log;
}

TEST(ExternalMeter, ParsesWithHeaderCommentsAndBlankLines) {
  PowerLog log = parsed("timestamp,watts\n# meter 1\n\n100.0,50\n101.0, 70\r\n102.5,70\n");
  ASSERT_EQ(log.samples.size(), 3u);
  EXPECT_DOUBLE_EQ(log.samples[1].watts, 70.0);
  EXPECT_DOUBLE_EQ(log.samples[2].time, 102.5);
}

TEST(ExternalMeter, TrapezoidOverWholeSegments) {
  PowerLog log = parsed("0,100\n1,200\n2,200\n");
  EXPECT_DOUBLE_EQ(*integrateEnergy(log, 0, 2), 150.0 + 200.0);
}

TEST(ExternalMeter, IntervalsCutSegmentsWithLinearPower) {
  PowerLog log = parsed("0,100\n1,200\n2,200\n");
  // Power at 0.5 is 150 W: from 0.5 to 1 the mean is 175 W.
  EXPECT_DOUBLE_EQ(*integrateEnergy(log, 0.5, 1.0), 87.5);
  EXPECT_DOUBLE_EQ(*integrateEnergy(log, 0.25, 0.75), 75.0);
  EXPECT_DOUBLE_EQ(*integrateEnergy(log, 0.5, 1.5), 87.5 + 100.0);
  // Adjacent intervals add up to the whole.
  double parts = *integrateEnergy(log, 0, 0.3) + *integrateEnergy(log, 0.3, 1.7) +
                 *integrateEnergy(log, 1.7, 2);
  EXPECT_NEAR(parts, *integrateEnergy(log, 0, 2), 1e-9);
}

TEST(ExternalMeter, NothingOutsideTheLogIsExtrapolated) {
  PowerLog log = parsed("10,100\n20,100\n");
  EXPECT_FALSE(integrateEnergy(log, 5, 15).has_value());
  EXPECT_FALSE(integrateEnergy(log, 15, 25).has_value());
  EXPECT_TRUE(integrateEnergy(log, 10, 20).has_value());
}

TEST(ExternalMeter, BadLogsNameTheLine) {
  PowerLog log;
  std::string error;
  EXPECT_FALSE(parsePowerCsv("0,1\n1,2\nfoo,bar\n", log, error));
  EXPECT_NE(error.find("line 3: expected 'timestamp,watts'"), std::string::npos) << error;
  EXPECT_FALSE(parsePowerCsv("0,1\n1,-2\n", log, error));
  EXPECT_NE(error.find("line 2: negative power"), std::string::npos);
  EXPECT_FALSE(parsePowerCsv("5,1\n4,2\n", log, error));
  EXPECT_NE(error.find("line 2: timestamp does not increase"), std::string::npos);
  EXPECT_FALSE(parsePowerCsv("5,1\n", log, error));
  EXPECT_NE(error.find("fewer than two samples"), std::string::npos);
  EXPECT_FALSE(loadPowerCsv("/nonexistent/power.csv", log, error));
  EXPECT_NE(error.find("cannot read power log"), std::string::npos);
}

TEST(ExternalMeter, JoinsATimelineIntervalByInterval) {
  PowerLog log = parsed("1000,100\n1001,200\n1002,200\n");
  nlohmann::json timeline =
      nlohmann::json::parse(R"({"format":"energypass-timeline","version":1,"start_epoch_s":1000.0,
    "meters":[{"name":"rapl:package-0","domain":"package"}],
    "intervals":[{"t_start":0.0,"t_end":0.5,"energy_j":[1.0]},
                 {"t_start":0.5,"t_end":1.5,"energy_j":[2.0]},
                 {"t_start":1.5,"t_end":2.5,"energy_j":[3.0]}]})");
  std::string error;
  ASSERT_TRUE(joinExternalMeter(timeline, log, "external:wall", error)) << error;
  const nlohmann::json &doc = timeline;
  EXPECT_EQ(doc["meters"][1]["name"], "external:wall");
  EXPECT_EQ(doc["meters"][1]["domain"], "external");
  EXPECT_DOUBLE_EQ(doc["intervals"][0]["energy_j"][1].get<double>(), 62.5);
  EXPECT_DOUBLE_EQ(doc["intervals"][1]["energy_j"][1].get<double>(), 187.5);
  EXPECT_TRUE(doc["intervals"][2]["energy_j"][1].is_null()) << "past the log's end";
}

TEST(ExternalMeter, RefusesWhatIsNotATimelineOfAKnownVersion) {
  PowerLog log = parsed("0,1\n1,1\n");
  std::string error;
  nlohmann::json other = nlohmann::json::parse(R"({"format":"energypass-report","version":1})");
  EXPECT_FALSE(joinExternalMeter(other, log, "x", error));
  EXPECT_NE(error.find("not an energypass-timeline"), std::string::npos);
  nlohmann::json future =
      nlohmann::json::parse(R"({"format":"energypass-timeline","version":9,"intervals":[]})");
  EXPECT_FALSE(joinExternalMeter(future, log, "x", error));
  EXPECT_NE(error.find("version 9 is not supported"), std::string::npos);
  nlohmann::json notAnObject = nlohmann::json::array();
  EXPECT_FALSE(joinExternalMeter(notAnObject, log, "x", error));
  // Members of the wrong type are refused in the message, not by an exception.
  nlohmann::json numberedFormat = nlohmann::json::parse(R"({"format":7,"version":1})");
  EXPECT_FALSE(joinExternalMeter(numberedFormat, log, "x", error));
  EXPECT_NE(error.find("not an energypass-timeline"), std::string::npos);
  nlohmann::json textVersion =
      nlohmann::json::parse(R"({"format":"energypass-timeline","version":"1","intervals":[]})");
  EXPECT_FALSE(joinExternalMeter(textVersion, log, "x", error));
  EXPECT_NE(error.find(R"(version "1" is not supported)"), std::string::npos) << error;
  nlohmann::json malformed =
      nlohmann::json::parse(R"({"format":"energypass-timeline","version":1,"meters":{},
                              "intervals":[{"t_start":"zero"}]})");
  EXPECT_FALSE(joinExternalMeter(malformed, log, "x", error));
  EXPECT_NE(error.find("malformed timeline"), std::string::npos) << error;
}

} // namespace
