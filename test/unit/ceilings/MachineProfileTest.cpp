//===- MachineProfileTest.cpp - The machine profile format ----------------===//
#include "TestSupport.h"

#include "energy/roofline/input_error.h"
#include "energy/roofline/machine_profile.h"

#include <gtest/gtest.h>

using namespace energy;
using RooflineInputError = energy::roofline::InputError;

static std::string errorOf(const std::string &Text) {
  try {
    roofline::profileFromJson(Text, "p.json");
  } catch (const RooflineInputError &E) {
    return E.what();
  }
  return "";
}

static std::string fixtureWith(const std::string &From, const std::string &To) {
  std::string Text = test::readText(test::fixture("profile.json"));
  auto At = Text.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  return Text.replace(At, From.size(), To);
}

TEST(MachineProfile, RoundTripsThroughJson) {
  roofline::MachineProfile Profile = test::fixtureProfile();
  roofline::MachineProfile Again = roofline::profileFromJson(roofline::profileToJson(Profile), "x");
  EXPECT_EQ(roofline::profileToJson(Again), roofline::profileToJson(Profile));
  EXPECT_EQ(Again.Peaks.size(), 9u);
  EXPECT_EQ(Again.Bandwidths.size(), 8u);
  ASSERT_EQ(Again.Sweeps.size(), 1u);
  EXPECT_EQ(Again.Sweeps[0].Points[3].WorkingSetBytes, 1073741824u);
  EXPECT_EQ(Again.Machine.Caches[2].SharedCpus, 2);
}

TEST(MachineProfile, WritesAtomicallyAndReadsBack) {
  auto Dir = test::scratchDir("profile-write");
  auto Path = Dir / "nested" / "machine.json";
  roofline::writeProfile(test::fixtureProfile(), Path);
  EXPECT_EQ(roofline::readProfile(Path).Machine.Hash, "00000000feedf00d");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(Path.parent_path()), {}), 1);
}

TEST(MachineProfile, RefusesUnknownVersionsFormatsAndCorruptFiles) {
  EXPECT_NE(
      errorOf(fixtureWith("\"version\": 1", "\"version\": 2")).find("version 2 is not supported"),
      std::string::npos);
  EXPECT_NE(errorOf(fixtureWith("energypass-machine-profile", "something-else"))
                .find("format is 'something-else'"),
            std::string::npos);
  std::string Whole = test::readText(test::fixture("profile.json"));
  EXPECT_NE(errorOf(Whole.substr(0, Whole.size() / 2)).find("not valid JSON"), std::string::npos);
  EXPECT_NE(errorOf("[1,2]").find("not a machine profile"), std::string::npos);
  EXPECT_NE(errorOf("").find("not valid JSON"), std::string::npos);
}

TEST(MachineProfile, NamesTheBadFieldInOneLine) {
  std::string Missing = errorOf(fixtureWith("\"cpu_model\"", "\"cpu_modle\""));
  EXPECT_NE(Missing.find("missing 'machine.cpu_model'"), std::string::npos) << Missing;
  std::string Typed = errorOf(fixtureWith("\"gflops\": 80}", "\"gflops\": \"80\"}"));
  EXPECT_NE(Typed.find("'peaks[].gflops' must be a number"), std::string::npos) << Typed;
  EXPECT_EQ(Typed.find('\n'), std::string::npos);
}

TEST(MachineProfile, ValidationRejectsImpossibleFigures) {
  EXPECT_NE(
      errorOf(fixtureWith("\"gflops\": 80}", "\"gflops\": -80}")).find("not a positive figure"),
      std::string::npos);
  EXPECT_NE(
      errorOf(fixtureWith("\"level\": \"L3\"", "\"level\": \"L0.5\"")).find("unknown memory level"),
      std::string::npos);
  EXPECT_NE(
      errorOf(fixtureWith("\"isa\": \"sse\"", "\"isa\": \"neon\"")).find("unknown ISA 'neon'"),
      std::string::npos);
  roofline::MachineProfile Empty;
  EXPECT_THROW(roofline::validateProfile(Empty), RooflineInputError);
}

TEST(MachineProfile, MissingFileSaysHowToMakeOne) {
  try {
    roofline::readProfile("/nonexistent/machine.json");
    FAIL();
  } catch (const RooflineInputError &E) {
    EXPECT_NE(std::string(E.what()).find("run energy-ceilings"), std::string::npos);
  }
}

TEST(MachineProfile, BestCeilingsPerPrecisionAndLevel) {
  auto Profile = test::fixtureProfile();
  EXPECT_EQ(roofline::bestPeak(Profile, "double", 1)->Gflops, 80);
  EXPECT_EQ(roofline::bestPeak(Profile, "float", 2)->Gflops, 320);
  EXPECT_FALSE(roofline::bestPeak(Profile, "double", 3));
  auto Levels = roofline::bestBandwidthPerLevel(Profile, 1);
  ASSERT_EQ(Levels.size(), 4u);
  EXPECT_EQ(Levels[0].Level, "L1");
  EXPECT_EQ(Levels[0].GBytesPerSecond, 320); // load beats triad
  EXPECT_EQ(Levels[3].Level, "DRAM");
  EXPECT_EQ(Levels[3].GBytesPerSecond, 16); // non-temporal copy beats triad
  EXPECT_EQ(roofline::measuredThreadCounts(Profile), (std::vector<int>{1, 2}));
}

TEST(MachineProfile, SummaryListsEveryCeiling) {
  std::string Summary = roofline::formatProfileSummary(test::fixtureProfile());
  EXPECT_NE(Summary.find("double avx512 fma     1 thread(s)      80.00 GFLOP/s"), std::string::npos)
      << Summary;
  EXPECT_NE(Summary.find("DRAM triad"), std::string::npos);
  EXPECT_EQ(Summary.find("caches: not listed"), std::string::npos);
}

TEST(MachineProfile, SummarySaysWhenTheMachineListsNoCaches) {
  roofline::MachineProfile Profile = test::fixtureProfile();
  Profile.Machine.Caches.clear();
  EXPECT_NE(roofline::formatProfileSummary(Profile).find(
                "caches: not listed by this machine (neither sysfs nor CPUID): every bandwidth "
                "is taken as DRAM's"),
            std::string::npos);
}
