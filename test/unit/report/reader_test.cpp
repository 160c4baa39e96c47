//===- reader_test.cpp - Reading and validating reports -------------------===//
#include "energy/report/reader.h"

#include "fixture.h"

#include "support/Formats.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>

using namespace energy::report;
using energy::report::test::daxpyDocument;
using energy::report::test::fixturePath;
using energy::report::test::sampledDaxpy;
using nlohmann::json;

namespace {

// The ReportError message for Doc, or "" when it is accepted.
std::string errorOf(const json &Doc) {
  try {
    parseReport(Doc, "r.json");
  } catch (const ReportError &E) {
    return E.what();
  }
  return "";
}

std::string fileErrorOf(const std::string &Path) {
  try {
    readReport(Path);
  } catch (const ReportError &E) {
    return E.what();
  }
  return "";
}

std::string writeTemp(const std::string &Name, const std::string &Text) {
  std::string Path = ::testing::TempDir() + Name;
  std::ofstream(Path, std::ios::binary) << Text;
  return Path;
}

bool startsWith(const std::string &S, const std::string &Prefix) { return S.rfind(Prefix, 0) == 0; }

} // namespace

TEST(ReportReader, ReadsEveryDocumentedField) {
  Report R = readReport(fixturePath("daxpy.json"));
  EXPECT_EQ(R.origin, fixturePath("daxpy.json"));
  EXPECT_EQ(R.programPath, "/tmp/daxpy");
  EXPECT_EQ(R.argv, (std::vector<std::string>{"./daxpy", "1000"}));
  EXPECT_EQ(R.pid, 77);
  EXPECT_DOUBLE_EQ(R.wallSeconds, 0.5);
  EXPECT_EQ(R.logicalCpus, 4);
  EXPECT_EQ(R.threads, 2);
  ASSERT_EQ(R.sources.size(), 2u);
  EXPECT_EQ(R.sources[1].kind, "energy");
  EXPECT_FALSE(R.sources[1].present);
  ASSERT_TRUE(R.model.has_value());
  EXPECT_EQ(R.model->name, "default-analytic-v1");
  ASSERT_EQ(R.regions.size(), 2u);

  const Region &Loop = R.regions[1];
  EXPECT_EQ(Loop.kind, "loop");
  EXPECT_EQ(Loop.parent, 0u);
  EXPECT_FALSE(R.regions[0].parent.has_value());
  EXPECT_EQ(Loop.calls, 4u);
  EXPECT_DOUBLE_EQ(Loop.inclusiveSeconds, 0.3);
  EXPECT_DOUBLE_EQ(Loop.selfSeconds, 0.25);
  EXPECT_DOUBLE_EQ(Loop.counts.seconds, 0.25);
  EXPECT_EQ(Loop.flops, 2000u);
  EXPECT_EQ(Loop.counts.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA], 2000u);
  EXPECT_EQ(Loop.counts.flopsByWidth[ENERGY_WIDTH_SCALAR], 2000u);
  EXPECT_EQ(Loop.counts.bytesLoaded, 16000u);
  EXPECT_EQ(Loop.counts.bytesStored, 8000u);
  EXPECT_EQ(Loop.counts.instructions, 9000u);
  EXPECT_DOUBLE_EQ(Loop.energy.modelledJoules, 1.5);
  EXPECT_FALSE(Loop.energy.measuredJoules.has_value());
  EXPECT_EQ(R.totalFlops, 2000u);
  EXPECT_DOUBLE_EQ(R.totalEnergy.modelledJoules, 2.0);
  EXPECT_FALSE(R.hasMeasuredEnergy());
}

TEST(ReportReader, MeasuredEnergyAndNullModelAreRead) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["energy_j"]["measured"] = 1.75;
  Doc["sources"][1]["present"] = true;
  Doc["sources"][1]["used"] = true;
  Doc["model"] = nullptr;
  Report R = parseReport(Doc, "r.json");
  EXPECT_EQ(R.regions[1].energy.measuredJoules, 1.75);
  EXPECT_FALSE(R.model.has_value());
  EXPECT_TRUE(R.hasMeasuredEnergy());
}

TEST(ReportReader, UnknownVersionGetsTheDocumentedMessage) {
  json Doc = daxpyDocument();
  Doc["version"] = 8;
  EXPECT_EQ(errorOf(Doc), "r.json: unsupported report version 8 (this "
                          "energy-report reads versions 1 to 7); re-run the "
                          "program with a matching runtime");
}

TEST(ReportReader, VersionIsCheckedBeforeTheRestOfTheDocument) {
  json Doc = daxpyDocument();
  Doc["version"] = energy::format::Report.Version + 1;
  Doc.erase("regions");
  EXPECT_NE(errorOf(Doc).find("unsupported report version " +
                              std::to_string(energy::format::Report.Version + 1)),
            std::string::npos);
}

TEST(ReportReader, OtherDocumentsAreNotReports) {
  EXPECT_NE(errorOf(json::array({1, 2}))
                .find("not an EnergyPass report (no "
                      "\"format\" key)"),
            std::string::npos);
  json Doc = daxpyDocument();
  Doc["format"] = "energypass-model";
  EXPECT_EQ(errorOf(Doc), "r.json: not an EnergyPass report (format is "
                          "\"energypass-model\", expected "
                          "\"energypass-report\")");
}

TEST(ReportReader, MissingKeysAreNamedWithTheirPath) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["time_s"].erase("self");
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: missing key regions[1].time_s.self; "));
  Doc = daxpyDocument();
  Doc["regions"][0]["counts"]["flops_detail"]["half"].erase("sqrt");
  EXPECT_TRUE(
      startsWith(errorOf(Doc), "r.json: missing key regions[0].counts.flops_detail.half.sqrt; "));
  Doc = daxpyDocument();
  Doc["totals"].erase("energy_j");
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: missing key totals.energy_j"));
  Doc = daxpyDocument();
  Doc.erase("model"); // documented as object or null, never absent
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: missing key model;"));
}

TEST(ReportReader, MistypedKeysAreRefused) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["calls"] = "4";
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key regions[1].calls must be "
                                       "a non-negative integer, found a "
                                       "string"));
  Doc = daxpyDocument();
  Doc["regions"][1]["counts"]["bytes_loaded"] = -3;
  EXPECT_NE(errorOf(Doc).find("found a negative integer"), std::string::npos);
  Doc = daxpyDocument();
  Doc["program"]["argv"] = "./daxpy 1000";
  EXPECT_NE(errorOf(Doc).find("key program.argv must be an array"), std::string::npos);
  Doc = daxpyDocument();
  Doc["regions"][0]["time_s"]["inclusive"] = -0.1;
  EXPECT_NE(errorOf(Doc).find("must be zero or positive, found -0.1"), std::string::npos);
  Doc = daxpyDocument();
  Doc["sources"][0]["used"] = 1;
  EXPECT_NE(errorOf(Doc).find("sources[0].used must be a boolean"), std::string::npos);
}

TEST(ReportReader, ReadsRegionFootprintAndSelfCounters) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["footprint"] = {
      {"bytes", 8192}, {"lines_sampled", 2}, {"sample_one_in", 64}, {"line_bytes", 64}};
  Doc["regions"][1]["counters"] = {
      {"self", {{"cycles", 5000}, {"cache-misses", 12.5}, {"LLC-load-misses", nullptr}}},
      {"inclusive", {{"cycles", 7000}, {"cache-misses", 20}, {"LLC-load-misses", nullptr}}},
      {"scaled", true}};
  Report R = parseReport(Doc, "r.json");
  const Region &Loop = R.regions[1];
  EXPECT_EQ(Loop.footprintBytes, 8192u);
  // The event no thread could count (null) is left out, not read as 0.
  EXPECT_EQ(Loop.selfCounters,
            (std::map<std::string, double>{{"cycles", 5000}, {"cache-misses", 12.5}}));
  EXPECT_FALSE(R.regions[0].footprintBytes.has_value());
  EXPECT_FALSE(R.regions[0].selfCounters.has_value());
}

TEST(ReportReader, MistypedFootprintOrCountersAreNamedWithTheirPath) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["footprint"] = {{"bytes", "8 KiB"}};
  EXPECT_EQ(errorOf(Doc), "r.json: key regions[1].footprint.bytes must be a non-negative "
                          "integer, found a string; the report is damaged or was not written "
                          "by the EnergyPass runtime (see docs/formats/report.md)");
  Doc = daxpyDocument();
  Doc["regions"][1]["counters"] = {{"inclusive", json::object()}};
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: missing key regions[1].counters.self; "));
  Doc = daxpyDocument();
  Doc["regions"][0]["counters"] = {{"self", {{"cycles", -1}}}};
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key regions[0].counters.self.cycles must be "
                                       "zero or positive, found -1; "));
  Doc = daxpyDocument();
  Doc["regions"][0]["counters"] = {{"self", json::array({1, 2})}};
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key regions[0].counters.self must be an "
                                       "object, found an array; "));
}

TEST(ReportReader, RegionIdentitiesMustBeConsistent) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["id"] = 5;
  EXPECT_NE(errorOf(Doc).find("regions[1].id is 5 but the region is at index 1"),
            std::string::npos);
  Doc = daxpyDocument();
  Doc["regions"][1]["parent"] = 9;
  EXPECT_NE(errorOf(Doc).find("regions[1].parent names region 9, which does "
                              "not exist"),
            std::string::npos);
  Doc = daxpyDocument();
  Doc["regions"][1]["kind"] = "block";
  EXPECT_NE(errorOf(Doc).find("expected function, loop, user or mpi"), std::string::npos);
}

TEST(ReportReader, ReadsTheCallTree) {
  Report R = parseReport(sampledDaxpy(1), "r.json");
  ASSERT_TRUE(R.callTree.has_value());
  ASSERT_EQ(R.callTree->size(), 2u);
  const CallTreeNode &Loop = (*R.callTree)[1];
  EXPECT_EQ(Loop.region, 1u);
  EXPECT_EQ(Loop.parent, 0u);
  EXPECT_FALSE((*R.callTree)[0].parent.has_value());
  EXPECT_EQ(Loop.calls, 0u); // null in a sampled report
  EXPECT_DOUBLE_EQ(Loop.inclusiveSeconds, 0.3);
  EXPECT_DOUBLE_EQ(Loop.selfSeconds, 0.3);
  EXPECT_FALSE(parseReport(daxpyDocument(), "r.json").callTree.has_value());
}

TEST(ReportReader, CallTreeNamingAMissingRegionOrALaterParentIsRefused) {
  json Doc = sampledDaxpy(1);
  Doc["call_tree"][1]["region"] = 3;
  EXPECT_TRUE(startsWith(errorOf(Doc),
                         "r.json: key call_tree[1].region names region 3, which does not exist; "));
  Doc = sampledDaxpy(1);
  Doc["call_tree"][1]["parent"] = 1;
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key call_tree[1].parent is not an earlier node; "));
  Doc = sampledDaxpy(1);
  Doc["call_tree"][1]["id"] = 0;
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key call_tree[1].id is not the node's index 1; "));
  Doc = sampledDaxpy(1);
  Doc["call_tree"][0]["time_s"].erase("self");
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: missing key call_tree[0].time_s.self; "));
  // The runtime writes no null tree: one is damage, not absence.
  Doc = sampledDaxpy(1);
  Doc["call_tree"] = nullptr;
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key call_tree must be an array, found null; "))
      << errorOf(Doc);
}

TEST(ReportReader, ReadsAMergedReportsProcesses) {
  json Doc = daxpyDocument();
  json Process = {{"path", "/tmp/daxpy"},
                  {"argv", {"./daxpy"}},
                  {"pid", 7},
                  {"report", "r.7.json"},
                  {"rank", 1}};
  json Unnamed = {{"path", "/tmp/daxpy"}, {"argv", json::array()}, {"pid", 8}};
  Doc["program"]["processes"] = json::array({Process, Unnamed});
  Report R = parseReport(Doc, "r.json");
  ASSERT_TRUE(R.mergedProcesses.has_value());
  EXPECT_EQ(R.processCount(), 2u);
  const MergedProcess &First = (*R.mergedProcesses)[0];
  EXPECT_EQ(First.argv, std::vector<std::string>{"./daxpy"});
  EXPECT_EQ(First.pid, 7);
  EXPECT_EQ(First.report, "r.7.json");
  EXPECT_EQ(First.rank, 1u);
  EXPECT_FALSE(First.timeline.has_value());
  EXPECT_FALSE((*R.mergedProcesses)[1].report.has_value());
  EXPECT_EQ(parseReport(daxpyDocument(), "r.json").processCount(), 1u);

  Doc["program"]["processes"][1]["pid"] = "8";
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: key program.processes[1].pid must be an integer"));
  Doc["program"]["processes"] = json::array({Process});
  Doc["program"]["processes"][0]["timeline"] = {{"format", "energypass-timeline"}, {"version", 1}};
  EXPECT_TRUE(startsWith(errorOf(Doc), "r.json: program.processes[0]: missing key timeline."));
}

TEST(ReportReader, ErrorsAreOneLine) {
  json Doc = daxpyDocument();
  Doc["regions"][1]["counts"].erase("flops");
  std::string Message = errorOf(Doc);
  EXPECT_FALSE(Message.empty());
  EXPECT_EQ(Message.find('\n'), std::string::npos);
}

TEST(ReportReader, BadFilesAreRefusedWithTheirCause) {
  std::string Missing = ::testing::TempDir() + "no-such-report.json";
  std::remove(Missing.c_str());
  EXPECT_EQ(fileErrorOf(Missing), Missing + ": cannot open (No such file or directory); check the "
                                            "path given");

  std::string Empty = writeTemp("empty-report.json", "\n");
  EXPECT_TRUE(startsWith(fileErrorOf(Empty), Empty + ": empty file;"));

  std::string Text = daxpyDocument().dump();
  std::string Truncated = writeTemp("truncated-report.json", Text.substr(0, Text.size() - 40));
  EXPECT_TRUE(startsWith(fileErrorOf(Truncated), Truncated +
                                                     ": truncated JSON (the document ends "
                                                     "early, at byte " +
                                                     std::to_string(Text.size() - 40) + ")"));

  std::string Garbage = writeTemp("garbage-report.json", "{\"format\" 1}");
  EXPECT_EQ(fileErrorOf(Garbage), Garbage + ": not JSON (syntax error at byte 11); expected an "
                                            "energypass-report file");
}

TEST(ReportReader, NumbersBeyondDoubleRangeAreRefused) {
  std::string Text = daxpyDocument().dump();
  Text.replace(Text.find("\"wall_time_s\":0.5"), 17, "\"wall_time_s\":1e999");
  std::string Huge = writeTemp("huge-number-report.json", Text);
  EXPECT_EQ(fileErrorOf(Huge), Huge + ": a number in the file is out of range; "
                                      "the report is damaged, re-run the "
                                      "program");
}
