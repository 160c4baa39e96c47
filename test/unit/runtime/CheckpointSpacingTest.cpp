// How far apart checkpoints are (runtime/lib/CheckpointSpacing.h).
#include "CheckpointSpacing.h"

#include <gtest/gtest.h>

namespace energy::rt {
namespace {

constexpr uint64_t Second = 1000000000;

TEST(CheckpointSpacing, SmallProcessesTakeTheDefaultPeriod) {
  EXPECT_EQ(checkpointSpacingNs(10 * Second, false, 2.0), 10 * Second);
}

TEST(CheckpointSpacing, LargeProcessesStretchItToStayWithinTheBudget) {
  // 256 MiB: 102.4 ms a checkpoint at most, 0.01% of 1024 s.
  EXPECT_EQ(checkpointSpacingNs(10 * Second, false, 256.0), 1024 * Second);
}

TEST(CheckpointSpacing, AChosenPeriodIsKeptWhateverTheMemory) {
  EXPECT_EQ(checkpointSpacingNs(1 * Second, true, 4096.0), 1 * Second);
}

} // namespace
} // namespace energy::rt
