//===- RooflineCommandTest.cpp - `energy-report roofline` through its API --===//
#include "TestSupport.h"

#include "energy/roofline/roofline_command.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace energy;
namespace fs = std::filesystem;

namespace {

struct Result {
  int Status;
  std::string Out, Err;
};

Result runCommand(const roofline::RooflineOptions &Options) {
  std::ostringstream Out, Err;
  int Status = roofline::runRooflineCommand(Options, Out, Err);
  return {Status, Out.str(), Err.str()};
}

roofline::RooflineOptions options(const fs::path &Output) {
  roofline::RooflineOptions O;
  O.Reports = {test::fixture("report_kernels.json").string()};
  O.Machine = test::fixture("profile.json");
  O.Output = Output;
  return O;
}

void expectOneLineError(const Result &R, const std::string &Contains) {
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find(Contains), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find('\n'), R.Err.size() - 1) << R.Err;
}

} // namespace

TEST(RooflineCommand, WritesSvgHtmlAndText) {
  fs::path Dir = test::scratchDir("command");
  for (const char *Name : {"roofline.svg", "roofline.html"}) {
    Result R = runCommand(options(Dir / Name));
    EXPECT_EQ(R.Status, 0) << R.Err;
    EXPECT_NE(R.Out.find("wrote"), std::string::npos);
    EXPECT_NE(R.Out.find("triad:loop@stream.c:20: 0.0833 FLOP/B, 1 GFLOP/s, memory-bound (DRAM), "
                         "75% of attainable"),
              std::string::npos)
        << R.Out;
    EXPECT_GT(fs::file_size(Dir / Name), 5000u);
  }
  Result Text = runCommand(options(""));
  EXPECT_EQ(Text.Status, 0);
  EXPECT_NE(Text.Out.find("triad:loop@stream.c:20: "), std::string::npos) << Text.Out;
}

TEST(RooflineCommand, RegionsOffTheRooflineAreOneLineUnlessVerbose) {
  Result Quiet = runCommand(options(test::scratchDir("quiet") / "r.html"));
  EXPECT_EQ(Quiet.Out.find("main: not on the roofline"), std::string::npos) << Quiet.Out;
  EXPECT_NE(Quiet.Out.find("1 region not on the roofline (1 no floating-point operations); "
                           "--verbose lists them"),
            std::string::npos)
      << Quiet.Out;
  auto Verbose = options("");
  Verbose.Verbose = true;
  Result Listed = runCommand(Verbose);
  EXPECT_NE(Listed.Out.find("main: not on the roofline (no floating-point operations)"),
            std::string::npos)
      << Listed.Out;
}

TEST(RooflineCommand, RegionsBelowTheMinimumShareAreLeftOutAndCounted) {
  auto O = options(test::scratchDir("share") / "r.svg");
  O.MinShare = 0.5;
  Result R = runCommand(O);
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Err.find("energy-report roofline: "), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("below 50% of the run's time left out (--min-share 0 shows them)"),
            std::string::npos)
      << R.Err;
  O.MinShare = 0;
  EXPECT_EQ(runCommand(O).Err, "");
  O.MinShare = 1.5;
  expectOneLineError(runCommand(O), "--min-share must be");
}

TEST(RooflineCommand, BadInputIsOneLineAndStatusTwo) {
  fs::path Dir = test::scratchDir("command-errors");
  expectOneLineError(runCommand(options(Dir / "plot.png")), "unknown extension");
  auto Missing = options(Dir / "r.svg");
  Missing.Reports = {(Dir / "absent.json").string()};
  expectOneLineError(runCommand(Missing), "cannot open (No such file or directory)");
  auto Corrupt = options(Dir / "r.svg");
  test::writeText(Dir / "corrupt.json", "{\"format\": \"energypass-report\", \"vers");
  Corrupt.Reports = {(Dir / "corrupt.json").string()};
  expectOneLineError(runCommand(Corrupt), "truncated JSON");
  auto WrongProfile = options(Dir / "r.svg");
  WrongProfile.Machine = test::fixture("report_kernels.json");
  expectOneLineError(runCommand(WrongProfile), "expected 'energypass-machine-profile'");
  auto Threads = options(Dir / "r.svg");
  Threads.Threads = 5;
  expectOneLineError(runCommand(Threads), "no ceilings for 5 thread(s)");
}

TEST(RooflineCommand, UnwritableOutputIsStatusOne) {
  Result R = runCommand(options("/nonexistent-dir/roofline.svg"));
  EXPECT_EQ(R.Status, 1);
  EXPECT_NE(R.Err.find("cannot write"), std::string::npos);
}
