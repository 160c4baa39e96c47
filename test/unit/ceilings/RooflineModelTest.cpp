//===- RooflineModelTest.cpp - Known kernels land where arithmetic says ---===//
//
// The fixture report holds the exact counts of kernels with analytic
// intensity (STREAM triad 2 FLOPs / 24 bytes, dot product 2 / 16, naive
// matmul at -O0 2 / 32, a blocked gemm at 10 FLOP/B); the fixture profile has
// round ceilings (peak 80 GFLOP/s double; L1 320, L2 120, L3 40, DRAM 16 GB/s)
// so every expected figure below can be checked by hand.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "energy/roofline/describe.h"
#include "energy/roofline/input_error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace energy;
using roofline::Bound;

TEST(RooflineModel, CeilingsAndRidgePointsOfOneThread) {
  auto Model = roofline::buildModel(test::fixtureProfile(), 1);
  EXPECT_EQ(Model.peak("double"), 80);
  EXPECT_EQ(Model.peak("float"), 160);
  ASSERT_EQ(Model.Bandwidth.size(), 4u);
  EXPECT_EQ(Model.Bandwidth[1].Level, "L2");
  for (const auto &Ridge : Model.Ridges)
    if (Ridge.Precision == "double" && Ridge.Level == "DRAM")
      EXPECT_DOUBLE_EQ(Ridge.Intensity, 80.0 / 16); // where 16 GB/s * I meets 80 GFLOP/s
  EXPECT_EQ(Model.Ridges.size(), 8u);
  EXPECT_DOUBLE_EQ(Model.attainable(Model.Bandwidth[3], "double", 1.0), 16);
  EXPECT_DOUBLE_EQ(Model.attainable(Model.Bandwidth[3], "double", 100.0), 80);
}

TEST(RooflineModel, TriadIsTwoFlopsPerTwentyFourBytesAndDramBound) {
  auto A = test::fixtureAnalysis();
  const auto &Triad = test::pointNamed(A, "triad:loop@stream.c:20");
  EXPECT_DOUBLE_EQ(Triad.Intensity, 2.0 / 24);
  EXPECT_DOUBLE_EQ(Triad.Gflops, 2e7 / 0.02 / 1e9);
  EXPECT_EQ(Triad.BoundBy, Bound::Memory);
  EXPECT_EQ(Triad.BindingRoof, "DRAM");
  EXPECT_DOUBLE_EQ(Triad.Attainable, 16.0 * 2 / 24);
  EXPECT_DOUBLE_EQ(Triad.PercentOfAttainable, 75);
  ASSERT_TRUE(Triad.WallIntensity);
  // Streaming: no reuse to win. The footprint is 58594 sampled lines x 64 x 64 B.
  EXPECT_DOUBLE_EQ(*Triad.WallIntensity, 2e7 / 240001024.0);
}

TEST(RooflineModel, DotProductIsTwoFlopsPerSixteenBytes) {
  auto A = test::fixtureAnalysis();
  const auto &Dot = test::pointNamed(A, "dot:loop@dot.c:8");
  EXPECT_DOUBLE_EQ(Dot.Intensity, 2.0 / 16);
  EXPECT_DOUBLE_EQ(Dot.Gflops, 20);
  // Roofs at 1/8 FLOP/B: DRAM 2, L3 5, L2 15, L1 40 GFLOP/s: 20 is under L1 only.
  EXPECT_EQ(Dot.BindingRoof, "L1");
  EXPECT_DOUBLE_EQ(Dot.PercentOfAttainable, 50);
  EXPECT_FALSE(Dot.WallIntensity);
}

TEST(RooflineModel, NaiveMatmulAtO0AndItsLocalityWall) {
  auto A = test::fixtureAnalysis();
  const auto &Matmul = test::pointNamed(A, "matmul:loop@matmul.c:12");
  EXPECT_DOUBLE_EQ(Matmul.Intensity, 2.0 / 32);
  EXPECT_EQ(Matmul.BindingRoof, "DRAM");
  ASSERT_TRUE(Matmul.WallIntensity);
  // 2 n^3 FLOPs over 3 n^2 doubles touched once: n / 12 FLOP/B for n = 256.
  EXPECT_DOUBLE_EQ(*Matmul.WallIntensity, 256.0 / 12);
}

TEST(RooflineModel, BlockedGemmIsComputeBound) {
  auto A = test::fixtureAnalysis();
  const auto &Gemm = test::pointNamed(A, "gemm_blocked:loop@gemm.c:40");
  EXPECT_DOUBLE_EQ(Gemm.Intensity, 10);
  EXPECT_DOUBLE_EQ(Gemm.Gflops, 50);
  EXPECT_EQ(Gemm.BoundBy, Bound::Compute);
  EXPECT_EQ(Gemm.BindingRoof, "double AVX-512 FMA peak");
  EXPECT_DOUBLE_EQ(Gemm.PercentOfAttainable, 62.5);
}

TEST(RooflineModel, FloatKernelsUseTheFloatPeak) {
  auto A = test::fixtureAnalysis();
  const auto &Saxpy = test::pointNamed(A, "saxpy:loop@saxpy.c:5");
  EXPECT_EQ(Saxpy.Precision, "float");
  EXPECT_DOUBLE_EQ(Saxpy.Intensity, 2.0 / 12);
  EXPECT_EQ(Saxpy.BindingRoof, "DRAM");
}

TEST(RooflineModel, RegionsWithoutFlopsAreSkippedWithTheReason) {
  auto A = test::fixtureAnalysis();
  ASSERT_EQ(A.Skipped.size(), 1u);
  EXPECT_EQ(A.Skipped[0].Region.Name, "main");
  EXPECT_EQ(A.Skipped[0].Reason, "no floating-point operations");
  EXPECT_EQ(A.Points.size(), 6u);
}

TEST(RooflineModel, PointsAreOrderedByModelledEnergy) {
  auto A = test::fixtureAnalysis();
  EXPECT_TRUE(A.SizedByEnergy);
  EXPECT_EQ(A.Points.front().Region.Name, "gemm_blocked:loop@gemm.c:40");
  for (std::size_t I = 1; I < A.Points.size(); ++I)
    EXPECT_GE(*A.Points[I - 1].Region.ModelledJoules, *A.Points[I].Region.ModelledJoules);
}

TEST(RooflineModel, ThreadCountFollowsTheReport) {
  auto Profile = test::fixtureProfile();
  EXPECT_EQ(roofline::chooseThreadCount(Profile, 1), 1);
  EXPECT_EQ(roofline::chooseThreadCount(Profile, 8), 2);
  EXPECT_EQ(roofline::chooseThreadCount(Profile, 0), 1);
  auto Report = test::fixtureReport();
  Report.Threads = 2;
  EXPECT_EQ(roofline::analyse(Report, Profile).Model.Threads, 2);
  EXPECT_THROW(roofline::buildModel(Profile, 3), roofline::InputError);
}

TEST(RooflineModel, CountersGiveOnePointPerLevelOfTheHierarchy) {
  auto A = test::fixtureAnalysis();
  const auto &Matmul = test::pointNamed(A, "matmul:loop@matmul.c:12");
  // 2^25 FLOPs over 64-byte lines: 2^22 L1 misses come from L2, 2^20 LLC
  // loads from L3, 2^16 LLC misses from DRAM. An event no thread could
  // count (null) is no level.
  ASSERT_EQ(Matmul.LevelPoints.size(), 3u);
  EXPECT_EQ(Matmul.LevelPoints[0].Level, "L2");
  EXPECT_DOUBLE_EQ(Matmul.LevelPoints[0].Intensity, 33554432.0 / (4194304.0 * 64));
  EXPECT_EQ(Matmul.LevelPoints[1].Level, "L3");
  EXPECT_DOUBLE_EQ(Matmul.LevelPoints[1].Intensity, 0.5);
  EXPECT_EQ(Matmul.LevelPoints[2].Level, "DRAM");
  EXPECT_EQ(Matmul.LevelPoints[2].Event, "LLC-load-misses");
  EXPECT_DOUBLE_EQ(Matmul.LevelPoints[2].Intensity, 8);
  // cache-misses is preferred to LLC-load-misses for DRAM: it counts stores too.
  const auto &Triad = test::pointNamed(A, "triad:loop@stream.c:20");
  ASSERT_EQ(Triad.LevelPoints.size(), 1u);
  EXPECT_EQ(Triad.LevelPoints[0].Event, "cache-misses");
  EXPECT_DOUBLE_EQ(Triad.LevelPoints[0].Intensity, 2e7 / (3750000.0 * 64));
  EXPECT_TRUE(test::pointNamed(A, "dot:loop@dot.c:8").LevelPoints.empty());
}

TEST(Describe, SaysTheSameInWords) {
  auto A = test::fixtureAnalysis();
  EXPECT_EQ(roofline::describeRegion(test::pointNamed(A, "dot:loop@dot.c:8")),
            "dot:loop@dot.c:8: 0.125 FLOP/B, 20 GFLOP/s, memory-bound (L1), 50% of attainable");
  EXPECT_EQ(roofline::describeRegion(test::pointNamed(A, "gemm_blocked:loop@gemm.c:40")),
            "gemm_blocked:loop@gemm.c:40: 10 FLOP/B, 50 GFLOP/s, compute-bound "
            "(double AVX-512 FMA peak), 62.5% of attainable");
  EXPECT_EQ(roofline::describeRegion(test::pointNamed(A, "matmul:loop@matmul.c:12")),
            "matmul:loop@matmul.c:12: 0.0625 FLOP/B, 0.671 GFLOP/s, memory-bound (DRAM), 67.1% of "
            "attainable; L2 0.125 FLOP/B (L1-dcache-load-misses); L3 0.5 FLOP/B (LLC-loads); "
            "DRAM 8 FLOP/B (LLC-load-misses); locality wall: blocking could move it to 21.3 "
            "FLOP/B (each byte from DRAM once)");
  EXPECT_NE(roofline::describeRegion(test::pointNamed(A, "triad:loop@stream.c:20"))
                .find("at its locality wall (0.0833 FLOP/B): each byte is used once, blocking "
                      "cannot raise it"),
            std::string::npos);
  std::string All = roofline::describeRegions(A);
  EXPECT_NE(All.find("main: not on the roofline (no floating-point operations)"),
            std::string::npos);
  EXPECT_NE(All.find("DRAM 16 GB/s"), std::string::npos);
}

TEST(Describe, NamesRegionsThatNeverRanInOneLine) {
  std::ifstream In(test::fixture("report_kernels.json"));
  nlohmann::json Doc = nlohmann::json::parse(In);
  nlohmann::json Idle = Doc["regions"][0];
  Idle["id"] = Doc["regions"].size();
  Idle["name"] = Idle["demangled"] = "dot:loop#2@dot.c:8";
  Idle["calls"] = 0;
  Idle["time_s"] = {{"inclusive", 0.0}, {"self", 0.0}};
  for (auto &[Key, Value] : Idle["counts"].items())
    if (Value.is_number())
      Value = 0;
  Idle.erase("footprint");
  Idle.erase("counters");
  Doc["regions"].push_back(Idle);
  auto A = roofline::analyse(roofline::regionsFromReportJson(Doc.dump(), "r.json"),
                             test::fixtureProfile());
  std::string All = roofline::describeRegions(A);
  EXPECT_NE(All.find("\n1 region never ran: dot:loop#2@dot.c:8\n"), std::string::npos);
  EXPECT_EQ(All.find("dot:loop#2@dot.c:8: not on the roofline"), std::string::npos);
  // A region that ran without FLOPs keeps its own line and reason.
  EXPECT_NE(All.find("main: not on the roofline (no floating-point operations)"),
            std::string::npos);
}

TEST(ReportRegions, RefusesForeignCorruptAndUnknownVersions) {
  auto ErrorOf = [](const std::string &Text) {
    try {
      roofline::regionsFromReportJson(Text, "r.json");
    } catch (const roofline::InputError &E) {
      return std::string(E.what());
    }
    return std::string();
  };
  std::string Report = test::readText(test::fixture("report_kernels.json"));
  EXPECT_NE(ErrorOf(Report.substr(0, 500)).find("truncated JSON"), std::string::npos);
  std::string V2 = Report;
  V2.replace(V2.find("\"version\": 1"), 12, "\"version\": 8");
  EXPECT_NE(ErrorOf(V2).find("unsupported report version 8"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"format\": \"energypass-machine-profile\", \"version\": 1}")
                .find("expected \"energypass-report\""),
            std::string::npos);
  std::string NoTime = Report;
  NoTime.replace(NoTime.find("\"time_s\""), 8, "\"time_x\"");
  EXPECT_NE(ErrorOf(NoTime).find("time_s"), std::string::npos);
}

TEST(ReportRegions, RefusesAMistypedFootprintOrCounter) {
  std::string Report = test::readText(test::fixture("report_kernels.json"));
  auto ErrorOf = [&](const std::string &From, const std::string &To) {
    std::string Text = Report;
    Text.replace(Text.find(From), From.size(), To);
    try {
      roofline::regionsFromReportJson(Text, "r.json");
    } catch (const roofline::InputError &E) {
      return std::string(E.what());
    }
    return std::string();
  };
  EXPECT_EQ(ErrorOf("\"bytes\": 240001024", "\"bytes\": -1"),
            "r.json: key regions[1].footprint.bytes must be a non-negative integer, found a "
            "negative integer; the report is damaged or was not written by the EnergyPass "
            "runtime (see docs/formats/report.md)");
  EXPECT_NE(ErrorOf("\"cache-misses\": 3750000", "\"cache-misses\": \"many\"")
                .find("key regions[1].counters.self.cache-misses must be a number, found a "
                      "string"),
            std::string::npos);
}

TEST(RooflineModel, CeilingsOfSeveralThreadsArePerThread) {
  // Rates are per thread (FLOPs over thread time summed over threads), so
  // the 2-thread ceilings are halved: 160 GFLOP/s and 20 GB/s of DRAM for
  // two threads are 80 and 10 for each.
  auto Model = roofline::buildModel(test::fixtureProfile(), 2);
  EXPECT_DOUBLE_EQ(Model.peak("double"), 80);
  EXPECT_DOUBLE_EQ(Model.Bandwidth.back().GBytesPerSecond, 10);
  EXPECT_NE(roofline::describeThreads(Model).find("ceilings of 2 threads / 2"), std::string::npos);
}
