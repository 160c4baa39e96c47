//===- job_balance_test.cpp - How evenly a job's ranks worked -------------===//
#include "energy/report/job_balance.h"
#include "energy/report/reader.h"

#include "job_fixture.h"

#include <gtest/gtest.h>

using namespace energy::report;
using energy::report::test::daxpyDocument;
using energy::report::test::mergedJob;
using energy::report::test::rankReport;
using nlohmann::json;

namespace {

TEST(JobBalance, ImbalanceIsMaxOverMeanOverEveryRank) {
  EXPECT_DOUBLE_EQ(*imbalance({1.0, 3.0}, 2), 1.5);
  EXPECT_DOUBLE_EQ(*imbalance({2.0, 2.0}, 2), 1.0);
  // A region only one of four ranks ran.
  EXPECT_DOUBLE_EQ(*imbalance({5.0}, 4), 4.0);
  EXPECT_FALSE(imbalance({0.0, 0.0}, 2));
}

TEST(JobBalance, PerRegionSlowestRankAndMpiShare) {
  std::vector<json> Ranks = {rankReport(0, "a", 4.0, 1.0, 0.1), rankReport(1, "a", 4.0, 1.0, 0.3),
                             rankReport(2, "a", 4.0, 1.0, 0.2)};
  for (json &Rank : Ranks)
    Rank["regions"][0]["kind"] = "mpi"; // main's self time stands for MPI's
  Report R = parseReport(mergedJob(Ranks), "job.json");
  std::optional<JobBalance> B = jobBalance(R);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->ranks, 3u);
  const RegionBalance &Loop = B->regions.front();
  EXPECT_EQ(R.regions[Loop.region].name, "daxpy:loop@daxpy.c:4");
  EXPECT_DOUBLE_EQ(*Loop.timeImbalance, 0.3 / 0.2);
  EXPECT_EQ(Loop.slowestRank, 1u);
  EXPECT_DOUBLE_EQ(Loop.slowestSeconds, 0.3);
  EXPECT_DOUBLE_EQ(B->mpiShare(), 0.3 / (0.3 + 0.6));
  EXPECT_DOUBLE_EQ(*B->total.timeImbalance, 0.4 / 0.3);
  EXPECT_EQ(B->total.slowestRank, 1u);
  EXPECT_DOUBLE_EQ(*timeImbalance(R, R.regions[Loop.region]), 1.5);
}

TEST(JobBalance, AReportOfNoJobHasNone) {
  Report R = parseReport(daxpyDocument(), "daxpy.json");
  EXPECT_FALSE(jobBalance(R));
  EXPECT_FALSE(timeImbalance(R, R.regions[0]));
}

} // namespace
