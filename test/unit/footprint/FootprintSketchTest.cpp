//===- FootprintSketchTest.cpp - The runtime's distinct-line sketch -------===//
//
// The sketch behind regions[].footprint (runtime/lib/FootprintSketch.h): exact
// while small, a HyperLogLog beyond, mergeable; and the whole estimate the
// report makes, sampled distinct lines x N, on a million lines at N = 64.
//
//===----------------------------------------------------------------------===//
#include "FootprintSketch.h"

#include "energy/abi.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>

using energy::rt::FootprintSketch;

namespace {

std::unique_ptr<FootprintSketch> emptySketch() {
  auto Sketch = std::make_unique<FootprintSketch>();
  Sketch->clear();
  return Sketch;
}

// The pass's and the runtime's sampling test (abi.h).
bool sampled(uint64_t Line, uint64_t OneIn) {
  return Line * ENERGY_FOOTPRINT_HASH < UINT64_MAX / OneIn;
}

double relativeError(double Estimate, double Truth) { return std::abs(Estimate - Truth) / Truth; }

TEST(FootprintSketch, CountsFewKeysExactlyAndIgnoresRepeats) {
  auto Sketch = emptySketch();
  EXPECT_EQ(Sketch->estimate(), 0);
  for (int Round = 0; Round < 3; ++Round)
    for (uint64_t Key = 0; Key < 300; ++Key)
      Sketch->insert(Key * 7919);
  EXPECT_TRUE(Sketch->isExact());
  EXPECT_EQ(Sketch->estimate(), 300);
}

TEST(FootprintSketch, BecomesHyperLogLogWhenFullAndKeepsCounting) {
  auto Sketch = emptySketch();
  for (uint64_t Key = 0; Key <= FootprintSketch::MaxExact; ++Key)
    Sketch->insert(Key);
  EXPECT_FALSE(Sketch->isExact());
  EXPECT_LT(relativeError(Sketch->estimate(), FootprintSketch::MaxExact + 1), 0.05);
}

TEST(FootprintSketch, EstimatesAMillionRandomKeysWithinTwoPercent) {
  auto Sketch = emptySketch();
  std::mt19937_64 Random(42);
  for (int I = 0; I < 1000000; ++I)
    Sketch->insert(Random() >> 8);
  EXPECT_LT(relativeError(Sketch->estimate(), 1e6), 0.02);
}

TEST(FootprintSketch, MillionDistinctLinesSampledOneIn64WithinFivePercent) {
  // Three arrays as a triad touches them, plus a million scattered lines.
  for (bool Scattered : {false, true}) {
    auto Sketch = emptySketch();
    std::mt19937_64 Random(7);
    const uint64_t Lines = 1000000;
    for (uint64_t I = 0; I < Lines; ++I) {
      uint64_t Line = Scattered ? Random() >> 6 : (0x7f0000000000ull >> 6) + I;
      if (sampled(Line, 64))
        Sketch->insert(Line);
    }
    double Estimate = Sketch->estimate() * 64;
    EXPECT_LT(relativeError(Estimate, Lines), 0.05) << (Scattered ? "scattered" : "contiguous");
  }
}

TEST(FootprintSketch, OneInSixtyFourIsASubsetOfOneInSixteen) {
  for (uint64_t Line = 0; Line < 100000; ++Line)
    if (sampled(Line, 64))
      ASSERT_TRUE(sampled(Line, 16)) << Line;
}

TEST(FootprintSketch, MergeIsTheUnionInEveryRepresentation) {
  // exact + exact, exact + HyperLogLog, HyperLogLog + HyperLogLog; half overlap.
  for (uint64_t PerSide : {100ull, 250ull, 50000ull}) {
    auto A = emptySketch(), B = emptySketch(), Small = emptySketch();
    for (uint64_t Key = 0; Key < PerSide; ++Key) {
      A->insert(Key);
      B->insert(Key + PerSide / 2);
    }
    for (uint64_t Key = 0; Key < 10; ++Key)
      Small->insert(1000000 + Key);
    A->merge(*B);
    double Union = PerSide + PerSide / 2;
    EXPECT_LT(relativeError(A->estimate(), Union), 0.04) << PerSide;
    Small->merge(*A);
    EXPECT_LT(relativeError(Small->estimate(), Union + 10), 0.04) << PerSide;
  }
}

TEST(FootprintSketch, MergingAnEmptySketchChangesNothing) {
  auto A = emptySketch(), Empty = emptySketch();
  for (uint64_t Key = 0; Key < 5000; ++Key)
    A->insert(Key);
  double Before = A->estimate();
  A->merge(*Empty);
  EXPECT_EQ(A->estimate(), Before);
  Empty->merge(*emptySketch());
  EXPECT_EQ(Empty->estimate(), 0);
}

} // namespace
