//===- checkpoint_test.cpp - A checkpoint's mark and whether its run goes on ===//
#include "energy/report/checkpoint.h"
#include "energy/report/reader.h"

#include "fixture.h"

#include <gtest/gtest.h>

#include <climits>
#include <sys/wait.h>
#include <unistd.h>

using namespace energy::report;
using energy::report::test::daxpyDocument;

namespace {

Report checkpointOf(long long Pid, const std::string &Program, const std::string &Host) {
  nlohmann::json Doc = daxpyDocument();
  Doc["version"] = 4;
  Doc["checkpoint"] = {{"period_s", 10.0}};
  Report R = parseReport(Doc, "r.json");
  R.pid = Pid;
  R.programPath = Program;
  R.hostname = Host;
  return R;
}

std::string thisHost() {
  char Name[HOST_NAME_MAX + 1] = {};
  gethostname(Name, sizeof Name - 1);
  return Name;
}

std::string thisProgram() {
  char Path[PATH_MAX];
  ssize_t Length = readlink("/proc/self/exe", Path, sizeof Path);
  return Length > 0 ? std::string(Path, size_t(Length)) : "";
}

/// A pid that was this test's child and is reaped: gone.
long long goneProcess() {
  pid_t Child = fork();
  if (Child == 0)
    _exit(0);
  waitpid(Child, nullptr, 0);
  return Child;
}

TEST(Checkpoint, TheMarkIsReadAndAFinalReportHasNone) {
  EXPECT_EQ(checkpointOf(1, "p", "h").checkpointPeriodSeconds, 10.0);
  Report Final = parseReport(daxpyDocument(), "r.json");
  EXPECT_FALSE(Final.checkpointPeriodSeconds);
  EXPECT_EQ(checkpointNote(Final), "");
}

TEST(Checkpoint, ARunningProcessOfTheSameProgramIsStillGoing) {
  Report R = checkpointOf(getpid(), thisProgram(), thisHost());
  EXPECT_EQ(checkpointRun(R), CheckpointRun::Going);
  EXPECT_NE(checkpointNote(R).find("of a run still going (pid "), std::string::npos)
      << checkpointNote(R);
}

TEST(Checkpoint, AGoneProcessOrAnotherProgramDidNotEnd) {
  EXPECT_EQ(checkpointRun(checkpointOf(goneProcess(), thisProgram(), thisHost())),
            CheckpointRun::Ended);
  // The pid runs another program: reused, or the process called exec.
  Report Exec = checkpointOf(getpid(), "/bin/some-other-program", thisHost());
  EXPECT_EQ(checkpointRun(Exec), CheckpointRun::Ended);
  EXPECT_NE(checkpointNote(Exec).find("of a run that did not end (pid "), std::string::npos)
      << checkpointNote(Exec);
}

TEST(Checkpoint, AnotherHostsProcessCannotBeTold) {
  Report R = checkpointOf(getpid(), thisProgram(), thisHost() + "-elsewhere");
  EXPECT_EQ(checkpointRun(R), CheckpointRun::Unknown);
  EXPECT_NE(checkpointNote(R).find("that may still be going"), std::string::npos)
      << checkpointNote(R);
}

} // namespace
