//===- speedscope_file_test.cpp - speedscope's sampled profiles -----------===//
#include "energy/export/speedscope_file.h"

#include "export_fixture.h"

#include <gtest/gtest.h>

using namespace energy::exporter;
using energy::exporter::test::callTreeInput;
using nlohmann::json;

TEST(SpeedscopeFile, OneSampledProfilePerMetric) {
  json F = speedscopeFile({callTreeInput()}, "energypass@test");
  EXPECT_EQ(F["$schema"], "https://www.speedscope.app/file-format-schema.json");
  EXPECT_EQ(F["exporter"], "energypass@test");
  ASSERT_EQ(F["profiles"].size(), 3u);
  EXPECT_EQ(F["profiles"][0]["name"],
            "energy (nJ), modelled by default-analytic-v1 - app (pid 4242)");
  EXPECT_EQ(F["profiles"][1]["unit"], "nanoseconds");
  EXPECT_EQ(F["profiles"][2]["name"], "FLOPs - app (pid 4242)");
  for (const json &P : F["profiles"]) {
    EXPECT_EQ(P["type"], "sampled");
    EXPECT_EQ(P["samples"].size(), P["weights"].size());
  }
}

TEST(SpeedscopeFile, WeightsAddUpToTheTotalAndFramesAreInRange) {
  json F = speedscopeFile({callTreeInput()}, "x");
  size_t Frames = F["shared"]["frames"].size();
  EXPECT_EQ(Frames, 3u); // main, helper, orphan: each once
  for (const json &P : F["profiles"]) {
    uint64_t Sum = 0;
    for (const json &W : P["weights"])
      Sum += W.get<uint64_t>();
    EXPECT_EQ(Sum, P["endValue"].get<uint64_t>());
    for (const json &Stack : P["samples"])
      for (const json &I : Stack)
        EXPECT_LT(I.get<size_t>(), Frames);
  }
  EXPECT_EQ(F["profiles"][2]["endValue"], 100);
  // FLOPs: main has none, so helper's two paths and orphan.
  EXPECT_EQ(F["profiles"][2]["weights"], json::parse("[60, 30, 10]"));
  EXPECT_EQ(F["shared"]["frames"][1],
            json::parse(R"({"name": "helper", "file": "/src/app.c", "line": 5})"));
}

TEST(SpeedscopeFile, SeveralReportsShareFramesAndHaveProfilesEach) {
  ExportInput A = callTreeInput(), B = callTreeInput();
  B.report.pid = 7;
  json F = speedscopeFile({A, B}, "x");
  EXPECT_EQ(F["profiles"].size(), 6u);
  EXPECT_EQ(F["shared"]["frames"].size(), 3u);
  EXPECT_EQ(F["profiles"][5]["name"], "FLOPs - app (pid 7)");
  EXPECT_EQ(F["name"], "2 EnergyPass reports");
}
