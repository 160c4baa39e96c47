//===- node_meters_test.cpp - A node's meters counted once per job --------===//
#include "energy/report/node_meters.h"
#include "energy/report/reader.h"

#include "job_fixture.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace energy::report;
using energy::report::test::mergedJob;
using energy::report::test::rankReport;
using nlohmann::json;

namespace {

double rankMeasured(const json &Region, uint64_t Rank) {
  for (const json &Entry : Region["by_rank"])
    if (Entry["rank"] == Rank)
      return Entry["energy_j"]["measured"].get<double>();
  throw std::runtime_error("no rank " + std::to_string(Rank));
}

// Ranks 0 and 1 share node a, whose meters each saw whole (10 J and 9.5 J
// over runs of slightly different length); rank 2 is alone on node b.
TEST(JobNodeMeters, EachNodeCountsOnceSharedByCpuTime) {
  json Job = mergedJob(
      {rankReport(0, "a", 10.0, 1.0), rankReport(1, "a", 9.5, 3.0), rankReport(2, "b", 5.0, 2.0)});
  EXPECT_EQ(Job["job"]["node_meters"], "once");
  EXPECT_DOUBLE_EQ(Job["totals"]["energy_j"]["measured"].get<double>(), 15.0);
  const json &Loop = Job["regions"][1];
  EXPECT_DOUBLE_EQ(rankMeasured(Loop, 0), 10.0 * 1 / 4 * 3 / 4);
  EXPECT_DOUBLE_EQ(rankMeasured(Loop, 1), 10.0 * 3 / 4 * 3 / 4);
  EXPECT_DOUBLE_EQ(rankMeasured(Loop, 2), 5.0 * 3 / 4);
  double Sum = 0.0;
  for (const json &Region : Job["regions"])
    Sum += Region["energy_j"]["measured"].get<double>();
  EXPECT_DOUBLE_EQ(Sum, 15.0);
  parseReport(Job, "job.json"); // still a valid report
}

TEST(JobNodeMeters, WithoutMetersNothingChanges) {
  json A = rankReport(0, "a", 0, 1.0), B = rankReport(1, "a", 0, 1.0);
  for (json *Doc : {&A, &B}) {
    (*Doc)["totals"]["energy_j"]["measured"] = nullptr;
    for (json &Region : (*Doc)["regions"])
      Region["energy_j"]["measured"] = nullptr;
  }
  json Job = mergedJob({A, B});
  EXPECT_FALSE(Job["job"].contains("node_meters"));
  EXPECT_TRUE(Job["totals"]["energy_j"]["measured"].is_null());
}

TEST(JobNodeMeters, RanksWithoutCpuTimeShareEqually) {
  std::vector<RankMeter> Ranks = {{0, "a", 8.0, std::nullopt, 0.0},
                                  {1, "a", 6.0, std::nullopt, 0.0}};
  std::map<uint64_t, double> Factors = nodeShareFactors(Ranks);
  EXPECT_DOUBLE_EQ(Factors[0] * 8.0, 4.0);
  EXPECT_DOUBLE_EQ(Factors[1] * 6.0, 4.0);
}

} // namespace
