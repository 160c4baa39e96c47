//===- pprof_profile_test.cpp - The Profile message and its gzip file -----===//
#include "energy/export/pprof_profile.h"

#include "export_fixture.h"

#include "profile.pb.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <map>

using namespace energy::exporter;
using energy::exporter::test::callTreeInput;
namespace pb = perftools::profiles;

namespace {

pb::Profile decode(const std::vector<ExportInput> &Inputs) {
  pb::Profile P;
  EXPECT_TRUE(P.ParseFromString(serializedPprofProfile(Inputs)));
  return P;
}

const std::string &str(const pb::Profile &P, int64_t Index) {
  return P.string_table(static_cast<int>(Index));
}

/// Leaf function name of a sample.
std::string leafName(const pb::Profile &P, const pb::Sample &S) {
  uint64_t Location = S.location_id(0);
  for (const pb::Location &L : P.location())
    if (L.id() == Location)
      for (const pb::Function &F : P.function())
        if (F.id() == L.line(0).function_id())
          return str(P, F.name());
  return "";
}

std::string gunzip(const std::string &Gz) {
  z_stream S{};
  EXPECT_EQ(inflateInit2(&S, 15 + 16), Z_OK);
  std::string Out(1 << 20, '\0');
  S.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(Gz.data()));
  S.avail_in = static_cast<uInt>(Gz.size());
  S.next_out = reinterpret_cast<Bytef *>(Out.data());
  S.avail_out = static_cast<uInt>(Out.size());
  EXPECT_EQ(inflate(&S, Z_FINISH), Z_STREAM_END);
  Out.resize(S.total_out);
  inflateEnd(&S);
  return Out;
}

} // namespace

TEST(PprofProfile, SampleTypesHaveHonestUnits) {
  pb::Profile P = decode({callTreeInput()});
  std::vector<std::pair<std::string, std::string>> Types;
  for (const pb::ValueType &T : P.sample_type())
    Types.emplace_back(str(P, T.type()), str(P, T.unit()));
  EXPECT_EQ(Types, (std::vector<std::pair<std::string, std::string>>{{"energy", "nanojoules"},
                                                                     {"time", "nanoseconds"},
                                                                     {"flops", "count"},
                                                                     {"bytes", "bytes"},
                                                                     {"instructions", "count"}}));
  EXPECT_EQ(str(P, P.default_sample_type()), "energy");
  EXPECT_EQ(str(P, 0), "");
}

TEST(PprofProfile, OneSamplePerPathLeafFirstWithNamesAndLines) {
  pb::Profile P = decode({callTreeInput()});
  ASSERT_EQ(P.sample_size(), 4); // main, main;helper, helper, orphan
  const pb::Sample &Called = P.sample(1);
  ASSERT_EQ(Called.location_id_size(), 2);
  EXPECT_EQ(leafName(P, Called), "helper");
  EXPECT_EQ(Called.value(2), 60); // FLOPs by self time, 2:1
  for (const pb::Function &F : P.function()) {
    EXPECT_EQ(str(P, F.filename()), "/src/app.c");
    if (str(P, F.name()) == "helper")
      EXPECT_EQ(F.start_line(), 5);
  }
  for (const pb::Location &L : P.location())
    EXPECT_EQ(L.mapping_id(), 1u);
}

TEST(PprofProfile, ValuesAddUpToTheReportsTotals) {
  ExportInput In = callTreeInput();
  pb::Profile P = decode({In});
  std::vector<int64_t> Sums(5);
  for (const pb::Sample &S : P.sample())
    for (int M = 0; M < 5; ++M)
      Sums[M] += S.value(M);
  EXPECT_EQ(Sums, (std::vector<int64_t>{450000000, 450000000, 100, 800, 300}));
}

TEST(PprofProfile, SamplesCarryTheirProcessAndWhereTheStackCameFrom) {
  ExportInput A = callTreeInput(), B = callTreeInput();
  B.report.pid = 7;
  pb::Profile P = decode({A, B});
  EXPECT_EQ(P.sample_size(), 8);
  EXPECT_EQ(P.mapping_size(), 2);
  std::map<std::string, int> PerProcess;
  int Nesting = 0;
  for (const pb::Sample &S : P.sample())
    for (const pb::Label &L : S.label()) {
      if (str(P, L.key()) == "process")
        ++PerProcess[str(P, L.str())];
      if (str(P, L.key()) == "stack" && str(P, L.str()) == "region nesting")
        ++Nesting;
    }
  EXPECT_EQ(PerProcess, (std::map<std::string, int>{{"app (pid 4242)", 4}, {"app (pid 7)", 4}}));
  EXPECT_EQ(Nesting, 2); // orphan, once per report
}

TEST(PprofProfile, CommentsSayHowMetricsWereApportioned) {
  pb::Profile P = decode({callTreeInput()});
  std::string All;
  for (int64_t C : P.comment())
    All += str(P, C) + "\n";
  EXPECT_NE(All.find("split among its call paths in proportion to their self time"),
            std::string::npos);
  EXPECT_NE(All.find("energy modelled by default-analytic-v1"), std::string::npos);
  EXPECT_NE(All.find("1 regions have figures the call tree does not hold"), std::string::npos);
}

TEST(PprofProfile, TheFileIsTheMessageGzipped) {
  std::vector<ExportInput> Inputs{callTreeInput()};
  std::string File = pprofFile(Inputs);
  ASSERT_GT(File.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(File[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(File[1]), 0x8b);
  EXPECT_EQ(gunzip(File), serializedPprofProfile(Inputs));
}

TEST(PprofProfile, MeasuredEnergyOutsideRegionsIsAFrameOfItsOwn) {
  ExportInput In = callTreeInput();
  auto &R = In.report;
  R.sources.push_back({"rapl-powercap", "energy", true, true, ""});
  for (auto &Reg : R.regions)
    Reg.energy.measuredJoules = Reg.energy.modelledJoules;
  R.totalEnergy.measuredJoules = 0.5; // 0.05 J while no region was on top
  pb::Profile P = decode({In});
  const pb::Sample &Last = P.sample(P.sample_size() - 1);
  EXPECT_EQ(leafName(P, Last), "[outside any region]");
  EXPECT_EQ(Last.value(0), 50000000);
  int64_t Energy = 0;
  for (const pb::Sample &S : P.sample())
    Energy += S.value(0);
  EXPECT_EQ(Energy, 500000000);
  std::string All;
  for (int64_t C : P.comment())
    All += str(P, C) + "\n";
  EXPECT_NE(All.find("energy measured by rapl-powercap; energy the meters counted "
                     "while no region was on top is on the sample '[outside any region]'"),
            std::string::npos);
}
