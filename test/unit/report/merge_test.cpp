//===- merge_test.cpp - Merging many processes' reports into one ----------===//
#include "energy/report/reader.h"
#include "energy/report/region_listing.h"
#include "energy/report/report_inputs.h"
#include "energy/report/report_merge.h"

#include "fixture.h"

#include "support/Formats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

using namespace energy::report;
using energy::report::test::daxpyDocument;
using energy::report::test::sampledDaxpy;
using nlohmann::json;

namespace {

json merged(const std::vector<json> &Docs) {
  ReportMerger Merger;
  for (size_t I = 0; I < Docs.size(); ++I)
    Merger.add(Docs[I], "r" + std::to_string(I) + ".json");
  return Merger.result();
}

const json &regionNamed(const json &Doc, const std::string &Name) {
  for (const json &Region : Doc["regions"])
    if (Region["name"] == Name)
      return Region;
  throw std::runtime_error("no region " + Name);
}

/// Every integer under A, scaled by N, equals the one at the same place in B.
void expectScaledCounts(const json &A, const json &B, uint64_t N) {
  ASSERT_EQ(A.type(), B.type());
  if (A.is_object()) {
    ASSERT_EQ(A.size(), B.size());
    for (const auto &[Key, Value] : A.items())
      expectScaledCounts(Value, B[Key], N);
  } else {
    EXPECT_EQ(A.get<uint64_t>() * N, B.get<uint64_t>());
  }
}

TEST(ReportMerge, EveryCountsKeySumsExactly) {
  json Doc = merged({sampledDaxpy(1), sampledDaxpy(2), sampledDaxpy(3)});
  json One = sampledDaxpy(1);
  parseReport(Doc, "merged.json"); // a valid report
  for (const json &Region : One["regions"]) {
    const json &Sum = regionNamed(Doc, Region["name"]);
    expectScaledCounts(Region["counts"], Sum["counts"], 3);
    EXPECT_EQ(Sum["calls"], Region["calls"].get<uint64_t>() * 3);
    EXPECT_DOUBLE_EQ(Sum["energy_j"]["modelled"].get<double>(),
                     3 * Region["energy_j"]["modelled"].get<double>());
    EXPECT_TRUE(Sum["energy_j"]["measured"].is_null());
  }
  expectScaledCounts(One["totals"]["counts"], Doc["totals"]["counts"], 3);
  EXPECT_EQ(Doc["threads"], 3 * One["threads"].get<int>());
  EXPECT_EQ(Doc["program"]["processes"].size(), 3u);
  EXPECT_EQ(Doc["program"]["processes"][1]["pid"], 2);
  EXPECT_EQ(Doc["program"]["processes"][1]["report"], "r1.json");
}

TEST(ReportMerge, WallTimeSpansFromTheFirstStartToTheLastEnd) {
  json Later = sampledDaxpy(2);
  Later["program"]["start_time"] = "2026-11-30T00:00:01.25Z";
  Later["program"]["argv"] = {"./later"};
  json Doc = merged({Later, sampledDaxpy(1)});
  EXPECT_NEAR(Doc["program"]["wall_time_s"].get<double>(), 1.75, 1e-9);
  EXPECT_EQ(Doc["program"]["pid"], 1); // the process that started first
}

TEST(ReportMerge, SampledPeriodsAddAndUncertaintiesAddInQuadrature) {
  json Doc = merged({sampledDaxpy(1), sampledDaxpy(2)});
  const json &Time = Doc["regions"][0]["time_s"];
  EXPECT_EQ(Time["periods"]["self"], 20);
  EXPECT_EQ(Time["periods"]["inclusive"], 60);
  EXPECT_NEAR(Time["uncertainty"]["self"].get<double>(), 0.004 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(Time["self"].get<double>(), 0.2, 1e-12);
  EXPECT_EQ(Doc["timing"]["mode"], "sampled");
  EXPECT_EQ(Doc["timing"]["periods"], 200);
  EXPECT_EQ(Doc["timing"]["rate_hz"], 1000); // how it sampled, not summed
}

TEST(ReportMerge, TheTriggerIsKeptOrSaysThatProcessesDiffered) {
  json TaskClock = sampledDaxpy(1), AlsoTaskClock = sampledDaxpy(2), CpuTimer = sampledDaxpy(3);
  TaskClock["timing"]["trigger"] = AlsoTaskClock["timing"]["trigger"] = "task-clock";
  CpuTimer["timing"]["trigger"] = "cpu-timer";
  EXPECT_EQ(merged({TaskClock, AlsoTaskClock})["timing"]["trigger"], "task-clock");
  EXPECT_EQ(merged({TaskClock, CpuTimer})["timing"]["trigger"], "task-clock and cpu-timer");
}

// Reports without a call tree merge into one without: an empty tree would
// say that every region ran outside it.
TEST(ReportMerge, ACallTreeOnlyWhereAnInputHadOne) {
  json First = sampledDaxpy(1), Second = sampledDaxpy(2);
  First.erase("call_tree");
  Second.erase("call_tree");
  EXPECT_FALSE(merged({First, Second}).contains("call_tree"));
  json WithTree = merged({First, sampledDaxpy(2)});
  ASSERT_TRUE(WithTree.contains("call_tree"));
  EXPECT_EQ(WithTree["call_tree"].size(), 2u);
}

TEST(ReportMerge, RegionsMatchByIdentityWhateverTheirOrder) {
  json First = sampledDaxpy(1), Second = sampledDaxpy(2, "00000000000000aa", 2);
  // The second process ran only the loop's function, listed in another order.
  std::swap(Second["regions"][0], Second["regions"][1]);
  Second["regions"][0]["id"] = 0;
  Second["regions"][0]["parent"] = 1;
  Second["regions"][1]["id"] = 1;
  Second["regions"][1]["parent"] = nullptr;
  Second["call_tree"][0]["region"] = 1;
  Second["call_tree"][1]["region"] = 0;
  json Doc = merged({First, Second});
  parseReport(Doc, "merged.json");
  ASSERT_EQ(Doc["regions"].size(), 2u);
  EXPECT_EQ(regionNamed(Doc, "main")["calls"], 3);
  const json &Loop = regionNamed(Doc, "daxpy:loop@daxpy.c:4");
  EXPECT_EQ(Loop["calls"], 12);
  EXPECT_EQ(Loop["parent"], regionNamed(Doc, "main")["id"]);
  // One call path main -> loop, from both processes.
  ASSERT_EQ(Doc["call_tree"].size(), 2u);
  EXPECT_NEAR(Doc["call_tree"][1]["time_s"]["inclusive"].get<double>(), 0.6, 1e-12);
  EXPECT_EQ(Doc["call_tree"][1]["region"], Loop["id"]);
}

TEST(ReportMerge, SameModuleWithDifferentHashesStaysApart) {
  json Doc = merged({sampledDaxpy(1, "00000000000000aa"), sampledDaxpy(2, "00000000000000bb")});
  parseReport(Doc, "merged.json");
  ASSERT_EQ(Doc["modules"].size(), 2u);
  EXPECT_EQ(Doc["modules"][0]["hash"], "00000000000000aa");
  EXPECT_EQ(Doc["modules"][1]["hash"], "00000000000000bb");
  ASSERT_EQ(Doc["regions"].size(), 4u);
  EXPECT_EQ(Doc["regions"][0]["calls"], 1);
  EXPECT_EQ(Doc["regions"][2]["calls"], 1);
  EXPECT_EQ(Doc["regions"][3]["parent"], 2); // within its own module
  EXPECT_EQ(Doc["regions_not_run"], 2);
  EXPECT_EQ(Doc["call_tree"].size(), 4u);
}

TEST(ReportMerge, Version1AndVersion2MergeIntoTheCurrentVersion) {
  json Doc = merged({daxpyDocument(), sampledDaxpy(2)});
  Report R = parseReport(Doc, "merged.json");
  EXPECT_EQ(Doc["version"], energy::format::Report.Version);
  EXPECT_EQ(R.timing, "mixed"); // an exact and a sampled process
  std::string Header = listingHeader(R, ListingOptions{});
  EXPECT_NE(Header.find(" | 2 processes | 4 threads | times: mixed"), std::string::npos) << Header;
  ASSERT_EQ(Doc["modules"].size(), 1u); // the version 1 module has no hash
  EXPECT_EQ(Doc["modules"][0]["hash"], "00000000000000aa");
  EXPECT_EQ(R.regions.size(), 2u);
  EXPECT_EQ(R.regions[1].calls, 8u);
  // The version 1 region had no sampling error; the sampled one's remains.
  EXPECT_DOUBLE_EQ(Doc["regions"][0]["time_s"]["uncertainty"]["self"].get<double>(), 0.004);
}

TEST(ReportMerge, AMergedReportMergesAgainWithItsProcesses) {
  json Twice = merged({merged({sampledDaxpy(1), sampledDaxpy(2)}), sampledDaxpy(3)});
  ASSERT_EQ(Twice["program"]["processes"].size(), 3u);
  EXPECT_EQ(Twice["program"]["processes"][0]["report"], "r0.json");
  EXPECT_EQ(Twice["regions"][0]["calls"], 3);
}

TEST(ReportMerge, TheSameProcessTwiceIsRefused) {
  ReportMerger Merger;
  Merger.add(sampledDaxpy(7), "a.json");
  try {
    Merger.add(sampledDaxpy(7), "b.json");
    FAIL() << "accepted process 7 twice";
  } catch (const ReportError &E) {
    EXPECT_NE(std::string(E.what()).find("b.json: holds process 7"), std::string::npos) << E.what();
    EXPECT_NE(std::string(E.what()).find("a.json holds too"), std::string::npos);
  }
}

std::string writeTemp(const std::string &Name, const json &Doc) {
  std::string Path = ::testing::TempDir() + Name;
  std::ofstream(Path) << Doc.dump();
  return Path;
}

std::string mergeErrorOf(const std::vector<std::string> &Paths) {
  try {
    mergeReportFiles(Paths);
  } catch (const ReportError &E) {
    return E.what();
  }
  return "";
}

TEST(ReportMerge, ADamagedSectionIsRefusedNamingItsFile) {
  std::string Good = writeTemp("good.json", sampledDaxpy(1));
  json BadTree = sampledDaxpy(2);
  BadTree["call_tree"][1]["region"] = 9;
  EXPECT_NE(mergeErrorOf({Good, writeTemp("tree.json", BadTree)}).find("tree.json: "),
            std::string::npos);
  json BadModule = sampledDaxpy(3);
  BadModule["modules"][0]["hash"] = 17;
  std::string Error = mergeErrorOf({Good, writeTemp("module.json", BadModule)});
  EXPECT_NE(Error.find("module.json: a section the merge reads is damaged"), std::string::npos)
      << Error;
}

} // namespace
