//===- label_placement.cpp - Labels that do not collide -------------------===//
#include "energy/roofline/label_placement.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace energy::roofline {
namespace {

constexpr double Gap = 3;         // between a circle and its label
constexpr double RingStep = 16;   // each ring farther out
constexpr int Rings = 5;

double circleOverlap(const LabelBox &Box, const LabelRequest &Circle) {
  // Overlap of the box with the circle's bounding square, shrunk to the
  // square inscribed in the circle: labels may graze a disc's corner.
  double Half = Circle.Radius * 0.85;
  return Box.overlap({Circle.Cx - Half, Circle.Cy - Half, 2 * Half, 2 * Half});
}

double outside(const LabelBox &Box, const LabelBox &Bounds) {
  double Inside = Box.overlap(Bounds);
  return Box.Width * Box.Height - Inside;
}

/// The eight boxes around a point at Distance from its centre, the usual
/// reading positions first: right-above, right-below, left-above, ...
std::vector<LabelBox> candidatesAt(const LabelRequest &R, double Distance) {
  double D = Distance * 0.75; // diagonal positions sit on the circle's 45-degree line
  double W = R.Width, H = R.Height;
  return {
      {R.Cx + D, R.Cy - D - H, W, H},           // north-east
      {R.Cx + D, R.Cy + D, W, H},               // south-east
      {R.Cx - D - W, R.Cy - D - H, W, H},       // north-west
      {R.Cx - D - W, R.Cy + D, W, H},           // south-west
      {R.Cx + Distance, R.Cy - H / 2, W, H},    // east
      {R.Cx - Distance - W, R.Cy - H / 2, W, H}, // west
      {R.Cx - W / 2, R.Cy - Distance - H, W, H}, // north
      {R.Cx - W / 2, R.Cy + Distance, W, H},    // south
  };
}

} // namespace

double LabelBox::overlap(const LabelBox &O) const {
  double W = std::min(X + Width, O.X + O.Width) - std::max(X, O.X);
  double H = std::min(Y + Height, O.Y + O.Height) - std::max(Y, O.Y);
  return W > 0 && H > 0 ? W * H : 0;
}

double estimateLabelWidth(const std::string &Text) {
  double Width = 0;
  for (unsigned char C : Text)
    if ((C & 0xC0) != 0x80) // one advance per UTF-8 code point
      Width += C == ' ' || C == ':' || C == '.' || C == 'i' || C == 'l' ? 3.9 : 7.4;
  return Width;
}

std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest> &Requests,
                                     const std::vector<LabelRequest> &Circles,
                                     const LabelBox &Bounds) {
  std::vector<PlacedLabel> Placed;
  for (const auto &Request : Requests) {
    PlacedLabel Best;
    double BestCost = std::numeric_limits<double>::infinity();
    for (int Ring = 0; Ring < Rings && BestCost > 0; ++Ring) {
      for (const LabelBox &Box : candidatesAt(Request, Request.Radius + Gap + Ring * RingStep)) {
        // Leaving the plot costs most, then covering a label, then a disc.
        double Cost = 4 * outside(Box, Bounds);
        for (const auto &Other : Placed)
          Cost += 2 * Box.overlap(Other.Box);
        for (const auto &Circle : Circles)
          if (Circle.Cx != Request.Cx || Circle.Cy != Request.Cy)
            Cost += circleOverlap(Box, Circle);
        if (Cost < BestCost) {
          BestCost = Cost;
          Best = {Box, Ring > 0};
          if (Cost == 0)
            break;
        }
      }
    }
    Placed.push_back(Best);
  }
  return Placed;
}

} // namespace energy::roofline
