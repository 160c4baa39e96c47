//===- ReportDirectoryTest.cpp - Where reports go, their names, `last` ----===//
#include "support/ReportDirectory.h"
#include "ChildProcess.h"
#include "support/UtcTime.h"

#include <gtest/gtest.h>

#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

using energy::test::TempDir;
using namespace energy::support;

namespace {

/// A fake environment for reportDirectories().
SettingLookup settings(std::map<std::string, std::string> Values) {
  return [Values = std::move(Values)](const char *Name) -> const char * {
    auto It = Values.find(Name);
    return It == Values.end() ? nullptr : It->second.c_str();
  };
}

std::vector<std::string> candidates(std::map<std::string, std::string> Values,
                                    const std::string &PasswdHome = "/home/pw") {
  return reportDirectories(settings(std::move(Values)), PasswdHome).Candidates;
}

using Names = std::vector<std::string>;

TEST(ReportDirectory, StateThenCacheUnderHome) {
  EXPECT_EQ(candidates({{"HOME", "/home/u"}}),
            (Names{"/home/u/.local/state/energypass", "/home/u/.cache/energypass"}));
}

TEST(ReportDirectory, XdgVariablesWhenAbsolute) {
  EXPECT_EQ(
      candidates(
          {{"HOME", "/home/u"}, {"XDG_STATE_HOME", "/s"}, {"XDG_CACHE_HOME", "relative/cache"}}),
      (Names{"/s/energypass", "/home/u/.cache/energypass"}));
}

// `env -i` leaves no HOME: the password database says where home is.
TEST(ReportDirectory, PasswordEntryWithoutHome) {
  EXPECT_EQ(candidates({}),
            (Names{"/home/pw/.local/state/energypass", "/home/pw/.cache/energypass"}));
  EXPECT_EQ(candidates({{"HOME", "not/absolute"}}).front(), "/home/pw/.local/state/energypass");
  EXPECT_TRUE(candidates({}, "").empty());
}

TEST(ReportDirectory, ChosenDirectoryAlone) {
  ReportDirectories Dirs =
      reportDirectories(settings({{"ENERGY_REPORT_DIR", "/ci/reports"}, {"HOME", "/h"}}), "/p");
  EXPECT_EQ(Dirs.Candidates, Names{"/ci/reports"});
  EXPECT_TRUE(Dirs.UserChosen);
  EXPECT_FALSE(reportDirectories(settings({{"HOME", "/h"}}), "/p").UserChosen);
}

TEST(ReportDirectory, NamesOfProgramTimeAndPid) {
  EXPECT_EQ(reportFileName("daxpy", 4242, 0), "daxpy.19700101T000000Z.4242.json");
  EXPECT_EQ(reportFileName("lua 5.4/x", 1, 1764652620), "lua_5.4_x.20251202T051700Z.1.json");
  EXPECT_EQ(reportFileName("..", 7, 0), "_..19700101T000000Z.7.json");
  EXPECT_EQ(reportFileName("", 7, 0), "program.19700101T000000Z.7.json");
}

TEST(UtcTime, AgreesWithGmtimeAcrossLeapDaysAndCenturies) {
  // 1900 (no leap day), 2000 (one), the epoch's neighbours, a leap day's end.
  for (int64_t T : {int64_t(-2208988800), int64_t(-1), int64_t(0), int64_t(951782399),
                    int64_t(951868799), int64_t(1764652620), int64_t(4107542399)}) {
    time_t Seconds = time_t(T);
    struct tm Want = {};
    ASSERT_TRUE(gmtime_r(&Seconds, &Want));
    UtcTime Got = utcTime(T);
    EXPECT_EQ(Got.Year, Want.tm_year + 1900) << T;
    EXPECT_EQ(Got.Month, unsigned(Want.tm_mon + 1)) << T;
    EXPECT_EQ(Got.Day, unsigned(Want.tm_mday)) << T;
    EXPECT_EQ(Got.Hour, unsigned(Want.tm_hour)) << T;
    EXPECT_EQ(Got.Minute, unsigned(Want.tm_min)) << T;
    EXPECT_EQ(Got.Second, unsigned(Want.tm_sec)) << T;
  }
}

TEST(ReportDirectory, DefaultDirectoryIsCreatedPrivate) {
  TempDir Dir;
  std::string Path = Dir.file("a/b/energypass");
  std::string Error;
  ASSERT_TRUE(ensureReportDirectory(Path, /*UserChosen=*/false, Error)) << Error;
  struct stat St;
  ASSERT_EQ(stat(Path.c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0700u);
}

TEST(ReportDirectory, DefaultDirectoryOthersCanWriteIsRefused) {
  TempDir Dir;
  std::string Path = Dir.file("shared");
  ASSERT_EQ(mkdir(Path.c_str(), 0700), 0);
  ASSERT_EQ(chmod(Path.c_str(), 0777), 0);
  std::string Error;
  EXPECT_FALSE(ensureReportDirectory(Path, false, Error));
  EXPECT_NE(Error.find("writable by group or others"), std::string::npos) << Error;
  EXPECT_TRUE(ensureReportDirectory(Path, /*UserChosen=*/true, Error)) << Error;
}

TEST(ReportDirectory, FallsBackToTheNextCandidate) {
  TempDir Dir;
  std::ofstream(Dir.file("file")) << "x";
  ReportDirectories Dirs{{Dir.file("file/energypass"), Dir.file("cache/energypass")}, false};
  std::string Error;
  EXPECT_EQ(usableReportDirectory(Dirs, Error), Dir.file("cache/energypass"));
}

TEST(ReportDirectory, EachRefusedCandidateIsNamedByTheDirectoryWanted) {
  TempDir Dir;
  std::ofstream(Dir.file("home")) << "not a directory";
  ReportDirectories Dirs{
      {Dir.file("home/.local/state/energypass"), Dir.file("home/.cache/energypass")}, false};
  std::string Error;
  EXPECT_EQ(usableReportDirectory(Dirs, Error), "");
  EXPECT_EQ(Error, "cannot create " + Dir.file("home/.local/state/energypass") + " (at " +
                       Dir.file("home/.local") + "): Not a directory; cannot create " +
                       Dir.file("home/.cache/energypass") + " (at " + Dir.file("home/.cache") +
                       "): Not a directory");
}

TEST(ReportDirectory, LastLinksTheNewestAndLatestFollowsIt) {
  TempDir Dir;
  std::ofstream(Dir.file("a.json")) << "{}";
  std::ofstream(Dir.file("b.json")) << "{}";
  std::string Error;
  ASSERT_TRUE(linkLatestReport(Dir.path(), "a.json", Error)) << Error;
  ASSERT_TRUE(linkLatestReport(Dir.path(), "b.json", Error)) << Error;
  EXPECT_EQ(std::filesystem::read_symlink(Dir.file("last")), "b.json");
  EXPECT_EQ(latestReport(Dir.path()), Dir.file("b.json"));
  // No temporary link left behind.
  int Entries = 0;
  for ([[maybe_unused]] const auto &E : std::filesystem::directory_iterator(Dir.path()))
    ++Entries;
  EXPECT_EQ(Entries, 3);
}

TEST(ReportDirectory, PlantedLastIsLeftAlone) {
  TempDir Dir;
  std::ofstream(Dir.file("target")) << "theirs";
  ASSERT_EQ(symlink(Dir.file("target").c_str(), Dir.file("last").c_str()), 0);
  std::string Error;
  EXPECT_FALSE(linkLatestReport(Dir.path(), "a.json", Error));
  EXPECT_NE(Error.find("leads outside the directory"), std::string::npos) << Error;
  EXPECT_EQ(std::filesystem::read_symlink(Dir.file("last")), Dir.file("target"));
  // A regular file named last is the user's, not the runtime's.
  std::filesystem::remove(Dir.file("last"));
  std::ofstream(Dir.file("last")) << "mine";
  EXPECT_FALSE(linkLatestReport(Dir.path(), "a.json", Error));
  EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::symlink_status(Dir.file("last"))));
}

TEST(ReportDirectory, LatestWithoutLinkIsTheNewestReport) {
  TempDir Dir;
  EXPECT_EQ(latestReport(Dir.path()), "");
  std::ofstream(Dir.file("old.json")) << "{}";
  std::ofstream(Dir.file("new.json")) << "{}";
  std::ofstream(Dir.file("notes.txt")) << "";
  timespec Times[2] = {{1000, 0}, {1000, 0}};
  utimensat(AT_FDCWD, Dir.file("old.json").c_str(), Times, 0);
  EXPECT_EQ(latestReport(Dir.path()), Dir.file("new.json"));
}

TEST(ReportDirectory, SmallDirectoriesAreSweptByEveryWriter) {
  for (uint64_t Draw = 0; Draw < 100; ++Draw)
    EXPECT_TRUE(sweepDue(SweepBudgetBytes, Draw));
}

TEST(ReportDirectory, LargeDirectoriesAreSweptByOneWriterInTheirSizeOverTheBudget) {
  // Ten budgets of entries: one draw in ten sweeps, so the entries read per
  // report stay about one budget's.
  unsigned Due = 0;
  for (uint64_t Draw = 0; Draw < 1000; ++Draw)
    Due += sweepDue(10 * SweepBudgetBytes, Draw);
  EXPECT_EQ(Due, 100u);
  EXPECT_TRUE(sweepDue(10 * SweepBudgetBytes + 1, 0));
  EXPECT_FALSE(sweepDue(10 * SweepBudgetBytes + 1, 10));
}

TEST(ReportDirectory, AWriterSweepsASmallDirectoryOfStaleTemporaries) {
  TempDir Dir;
  std::string Stale = Dir.file("old.20260101T000000Z.1.json.tmp.abcdefABCDEF");
  std::ofstream(Stale) << "";
  timespec Times[2] = {{1000, 0}, {1000, 0}};
  ASSERT_EQ(utimensat(AT_FDCWD, Stale.c_str(), Times, 0), 0);
  EXPECT_EQ(sweepStaleTemporariesWhenDue(Dir.path()), 1u);
  EXPECT_FALSE(std::filesystem::exists(Stale));
}

} // namespace
