//===- LabelPlacementTest.cpp - Region labels that do not collide ---------===//
//
// label_placement.h on hand-made scenes: a lone point gets the usual
// right-above position, a point at the plot's edge is labelled inwards, and
// points on top of each other get labels that overlap neither each other nor
// the other discs, with a leader line once they had to move out.
//
//===----------------------------------------------------------------------===//
#include "energy/roofline/label_placement.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace energy::roofline;

namespace {

const LabelBox Plot{0, 0, 600, 400};

LabelRequest labelled(double Cx, double Cy, double Radius, double Width) {
  return {Cx, Cy, Radius, Width, 12};
}

bool inside(const LabelBox &Box, const LabelBox &Bounds) {
  return Box.X >= Bounds.X && Box.Y >= Bounds.Y && Box.X + Box.Width <= Bounds.X + Bounds.Width &&
         Box.Y + Box.Height <= Bounds.Y + Bounds.Height;
}

} // namespace

TEST(LabelPlacement, ALonePointIsLabelledRightAboveWithoutLeader) {
  auto Placed = placeLabels({labelled(300, 200, 10, 80)}, {}, Plot);
  ASSERT_EQ(Placed.size(), 1u);
  EXPECT_GT(Placed[0].Box.X, 300);
  EXPECT_LT(Placed[0].Box.Y + Placed[0].Box.Height, 200);
  EXPECT_FALSE(Placed[0].Leader);
}

TEST(LabelPlacement, APointAtTheRightEdgeIsLabelledInwards) {
  auto Placed = placeLabels({labelled(590, 200, 6, 120)}, {}, Plot);
  EXPECT_TRUE(inside(Placed[0].Box, Plot));
  EXPECT_LT(Placed[0].Box.X + Placed[0].Box.Width, 590);
}

TEST(LabelPlacement, CrowdedPointsGetSeparateLabelsClearOfOtherDiscs) {
  std::vector<LabelRequest> Requests, Circles;
  for (int I = 0; I < 6; ++I) {
    Requests.push_back(labelled(300 + I, 200 + I, 12, 150));
    Circles.push_back(Requests.back());
  }
  auto Placed = placeLabels(Requests, Circles, Plot);
  bool AnyLeader = false;
  for (std::size_t I = 0; I < Placed.size(); ++I) {
    EXPECT_TRUE(inside(Placed[I].Box, Plot)) << I;
    AnyLeader |= Placed[I].Leader;
    for (std::size_t J = I + 1; J < Placed.size(); ++J)
      EXPECT_EQ(Placed[I].Box.overlap(Placed[J].Box), 0) << I << " and " << J;
  }
  EXPECT_TRUE(AnyLeader); // six labels do not fit in the first ring
}

TEST(LabelPlacement, OverlapIsTheAreaInCommon) {
  LabelBox A{0, 0, 10, 10};
  EXPECT_EQ(A.overlap({5, 5, 10, 10}), 25);
  EXPECT_EQ(A.overlap({10, 0, 5, 5}), 0); // touching edges do not overlap
  EXPECT_GT(estimateLabelWidth("gemm_blocked:loop@gemm.c:40"), estimateLabelWidth("dot"));
}

TEST(LabelPlacement, LabelsOfCloseParallelLinesAvoidEachOtherAndTheLines) {
  // Two rising lines 6 px apart, as L2 and L3 bandwidth roofs can be: the
  // lower one's label cannot go above its line, which the upper one crosses.
  std::vector<LineLabel> Lines = {{0, 400, 300, 100, 120, 12}, {0, 406, 300, 106, 120, 12}};
  auto Placed = placeLineLabels(Lines);
  ASSERT_EQ(Placed.size(), 2u);
  EXPECT_TRUE(Placed[0].Clear);
  EXPECT_TRUE(Placed[1].Clear);
  EXPECT_NEAR(Placed[0].Angle, -45, 1e-9);
  EXPECT_LT(Placed[0].Y, 400 - Placed[0].X) << "above the upper line";
  EXPECT_GT(Placed[1].Y, 406 - Placed[1].X + 12) << "below the lower line by the text's height";
}
