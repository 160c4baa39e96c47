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
  // 256 MiB: 76.8 ms a checkpoint at most, 0.01% of 768 s.
  EXPECT_EQ(checkpointSpacingNs(10 * Second, false, 256.0), 768 * Second);
}

TEST(CheckpointSpacing, AChosenPeriodIsKeptWhateverTheMemory) {
  EXPECT_EQ(checkpointSpacingNs(1 * Second, true, 4096.0), 1 * Second);
}

} // namespace
} // namespace energy::rt
