//===- JobInfoTest.cpp - A rank's job, from its launcher's environment ----===//
//
// Open MPI, MPICH/Hydra and Slurm describe a rank in variables of their own;
// the runtime reads them (ProcessInfo.h) and names the rank's default report
// after its job and rank (ReportLocation.h).
//
//===----------------------------------------------------------------------===//
#include "ProcessInfo.h"
#include "ReportLocation.h"
#include "support/Settings.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace energy::rt;

namespace {

constexpr const char *LauncherVariables[] = {"OMPI_COMM_WORLD_RANK",
                                             "OMPI_COMM_WORLD_SIZE",
                                             "OMPI_COMM_WORLD_LOCAL_RANK",
                                             "OMPI_MCA_ess_base_jobid",
                                             "OMPI_MCA_orte_ess_jobid",
                                             "PMIX_NAMESPACE",
                                             "PMI_RANK",
                                             "PMI_SIZE",
                                             "MPI_LOCALRANKID",
                                             "SLURM_PROCID",
                                             "SLURM_NTASKS",
                                             "SLURM_LOCALID",
                                             "SLURM_JOB_ID",
                                             "ENERGY_REPORT",
                                             "ENERGY_REPORT_DIR"};

class JobInfoTest : public ::testing::Test {
protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
    for (const char *Name : LauncherVariables)
      unsetenv(Name);
    energy::support::reloadSettingsForTesting();
  }
  /// ENERGY_* settings are read once (support/Settings.h): read again.
  static void set(const char *Name, const char *Value) {
    setenv(Name, Value, 1);
    energy::support::reloadSettingsForTesting();
  }
};

TEST_F(JobInfoTest, OutsideAJobThereIsNone) { EXPECT_FALSE(JobInfo::fromEnvironment().inJob()); }

TEST_F(JobInfoTest, OpenMpiRank) {
  set("OMPI_COMM_WORLD_RANK", "3");
  set("OMPI_COMM_WORLD_SIZE", "4");
  set("OMPI_COMM_WORLD_LOCAL_RANK", "1");
  set("OMPI_MCA_ess_base_jobid", "1966145537");
  set("PMIX_NAMESPACE", "other");
  JobInfo Job = JobInfo::fromEnvironment();
  EXPECT_EQ(Job.Launcher, "openmpi");
  EXPECT_EQ(Job.Id, "1966145537");
  EXPECT_EQ(Job.Rank, 3);
  EXPECT_EQ(Job.Size, 4);
  EXPECT_EQ(Job.LocalRank, 1);
  EXPECT_EQ(Job.Node, hostName());
}

TEST_F(JobInfoTest, OpenMpiJobIdFromPmixWithoutTheMcaOne) {
  set("OMPI_COMM_WORLD_RANK", "0");
  set("OMPI_COMM_WORLD_SIZE", "2");
  set("PMIX_NAMESPACE", "prterun-node-42@1");
  JobInfo Job = JobInfo::fromEnvironment();
  EXPECT_EQ(Job.Id, "prterun-node-42@1");
  EXPECT_EQ(Job.LocalRank, -1);
}

TEST_F(JobInfoTest, HydraGivesNoJobIdOutsideSlurm) {
  set("PMI_RANK", "1");
  set("PMI_SIZE", "2");
  set("MPI_LOCALRANKID", "1");
  JobInfo Job = JobInfo::fromEnvironment();
  EXPECT_EQ(Job.Launcher, "mpich");
  EXPECT_EQ(Job.Id, "");
  EXPECT_EQ(Job.Rank, 1);
  EXPECT_EQ(Job.LocalRank, 1);
}

TEST_F(JobInfoTest, SrunRank) {
  set("SLURM_PROCID", "17");
  set("SLURM_NTASKS", "64");
  set("SLURM_LOCALID", "5");
  set("SLURM_JOB_ID", "90210");
  JobInfo Job = JobInfo::fromEnvironment();
  EXPECT_EQ(Job.Launcher, "slurm");
  EXPECT_EQ(Job.Id, "90210");
  EXPECT_EQ(Job.Rank, 17);
  EXPECT_EQ(Job.Size, 64);
  EXPECT_EQ(Job.LocalRank, 5);
}

TEST_F(JobInfoTest, MpirunInsideASlurmAllocationIsOpenMpi) {
  set("SLURM_PROCID", "0");
  set("SLURM_NTASKS", "1");
  set("SLURM_JOB_ID", "90210");
  set("OMPI_COMM_WORLD_RANK", "2");
  set("OMPI_COMM_WORLD_SIZE", "8");
  JobInfo Job = JobInfo::fromEnvironment();
  EXPECT_EQ(Job.Launcher, "openmpi");
  EXPECT_EQ(Job.Rank, 2);
}

TEST_F(JobInfoTest, NonsenseRanksAreNoJob) {
  set("OMPI_COMM_WORLD_RANK", "4");
  set("OMPI_COMM_WORLD_SIZE", "4");
  EXPECT_FALSE(JobInfo::fromEnvironment().inJob());
  set("OMPI_COMM_WORLD_RANK", "1x");
  EXPECT_FALSE(JobInfo::fromEnvironment().inJob());
  set("OMPI_COMM_WORLD_RANK", "-1");
  EXPECT_FALSE(JobInfo::fromEnvironment().inJob());
}

ProcessInfo rankOf(long Rank, long Size, const char *Id) {
  ProcessInfo Process;
  Process.Pid = 4242;
  Process.ProgramName = "solver";
  Process.Job.Launcher = "openmpi";
  Process.Job.Id = Id;
  Process.Job.Rank = Rank;
  Process.Job.Size = Size;
  return Process;
}

std::string defaultReportName(const ProcessInfo &Process) {
  std::string Error;
  std::string Path = ReportLocation::choose(Process, 0).prepare(Error);
  EXPECT_EQ(Error, "");
  return Path.substr(Path.rfind('/') + 1);
}

TEST_F(JobInfoTest, DefaultNamesCarryTheJobAndTheRankPaddedToTheJobsSize) {
  set("ENERGY_REPORT_DIR", ::testing::TempDir().c_str());
  EXPECT_EQ(defaultReportName(rankOf(3, 1000, "77")),
            "solver.job77.rank003.19700101T000000Z.4242.json");
  EXPECT_EQ(defaultReportName(rankOf(999, 1000, "77")),
            "solver.job77.rank999.19700101T000000Z.4242.json");
  EXPECT_EQ(defaultReportName(rankOf(0, 1, "")), "solver.rank0.19700101T000000Z.4242.json");
  EXPECT_EQ(defaultReportName(rankOf(1, 2, "prterun-n@1")),
            "solver.jobprterun-n_1.rank1.19700101T000000Z.4242.json");
  ProcessInfo Alone = rankOf(0, 1, "");
  Alone.Job = JobInfo{};
  EXPECT_EQ(defaultReportName(Alone), "solver.19700101T000000Z.4242.json");
}

TEST_F(JobInfoTest, NamedReportsExpandTheJobAndTheRank) {
  set("ENERGY_REPORT", "/tmp/run.%j.%r.%p.json");
  std::string Error;
  EXPECT_EQ(ReportLocation::choose(rankOf(5, 8, "77"), 0).prepare(Error),
            "/tmp/run.77.5.4242.json");
  ProcessInfo Alone = rankOf(0, 1, "");
  Alone.Job = JobInfo{};
  EXPECT_EQ(ReportLocation::choose(Alone, 0).prepare(Error), "/tmp/run...4242.json");
}

} // namespace
