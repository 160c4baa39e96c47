//===- label_placement.cpp - Labels that do not collide -------------------===//
#include "energy/roofline/label_placement.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace energy::roofline {
namespace {

constexpr double Gap = 3;       // between a circle and its label
constexpr double RingStep = 16; // each ring farther out
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
      {R.Cx + D, R.Cy - D - H, W, H},            // north-east
      {R.Cx + D, R.Cy + D, W, H},                // south-east
      {R.Cx - D - W, R.Cy - D - H, W, H},        // north-west
      {R.Cx - D - W, R.Cy + D, W, H},            // south-west
      {R.Cx + Distance, R.Cy - H / 2, W, H},     // east
      {R.Cx - Distance - W, R.Cy - H / 2, W, H}, // west
      {R.Cx - W / 2, R.Cy - Distance - H, W, H}, // north
      {R.Cx - W / 2, R.Cy + Distance, W, H},     // south
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
                                     const LabelBox &Bounds,
                                     const std::vector<LabelBox> &Obstacles) {
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
        for (const auto &Obstacle : Obstacles)
          Cost += 2 * Box.overlap(Obstacle);
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

namespace {

constexpr double LineLabelStart = 10; // px from the segment's start
constexpr double LineLabelStep = 4;
constexpr double LineLabelLift = 4; // baseline above the line
constexpr double LineLabelPad = 2;  // between two labels' boxes

/// Unit vectors along the lines and across them, upwards on the page.
struct Frame {
  double Ux, Uy, Nx, Ny;
  double along(double X, double Y) const { return X * Ux + Y * Uy; }
  double across(double X, double Y) const { return X * Nx + Y * Ny; }
};

Frame frameOf(const LineLabel &L) {
  double Dx = L.X2 - L.X1, Dy = L.Y2 - L.Y1;
  double Length = std::hypot(Dx, Dy);
  double Ux = Length > 0 ? Dx / Length : 1, Uy = Length > 0 ? Dy / Length : 0;
  return {Ux, Uy, Uy, -Ux};
}

/// A label's box, or a line, in the lines' frame.
struct FrameBox {
  double Along0, Along1, Across0, Across1;
  double overlap(const FrameBox &O) const {
    double A = std::min(Along1, O.Along1) - std::max(Along0, O.Along0) + LineLabelPad;
    double C = std::min(Across1, O.Across1) - std::max(Across0, O.Across0) + LineLabelPad;
    return A > 0 && C > 0 ? A * C : 0;
  }
  bool crosses(const FrameBox &Line) const {
    return Line.Across0 > Across0 && Line.Across0 < Across1 && Line.Along1 > Along0 &&
           Line.Along0 < Along1;
  }
};

FrameBox lineInFrame(const LineLabel &L, const Frame &F) {
  double A1 = F.along(L.X1, L.Y1), A2 = F.along(L.X2, L.Y2), C = F.across(L.X1, L.Y1);
  return {std::min(A1, A2), std::max(A1, A2), C, C};
}

/// The label Along px into its line, above it or below it.
PlacedLineLabel lineLabelAt(const LineLabel &L, const Frame &F, double Along, bool Above) {
  double Across = Above ? LineLabelLift : -(L.Height + 1);
  PlacedLineLabel P;
  P.X = L.X1 + Along * F.Ux + Across * F.Nx;
  P.Y = L.Y1 + Along * F.Uy + Across * F.Ny;
  P.Angle = std::atan2(F.Uy, F.Ux) * 180 / M_PI;
  double MinX = std::numeric_limits<double>::infinity(), MinY = MinX, MaxX = -MinX, MaxY = -MinX;
  for (double A : {0.0, L.Width})
    for (double C : {-2.0, L.Height - 2}) {
      double X = P.X + A * F.Ux + C * F.Nx, Y = P.Y + A * F.Uy + C * F.Ny;
      MinX = std::min(MinX, X), MaxX = std::max(MaxX, X);
      MinY = std::min(MinY, Y), MaxY = std::max(MaxY, Y);
    }
  P.Bounds = {MinX, MinY, MaxX - MinX, MaxY - MinY};
  return P;
}

FrameBox frameBoxOf(const PlacedLineLabel &P, const LineLabel &L, const Frame &F) {
  double Along = F.along(P.X, P.Y), Across = F.across(P.X, P.Y);
  return {Along, Along + L.Width, Across - 2, Across + L.Height - 2};
}

} // namespace

std::vector<PlacedLineLabel> placeLineLabels(const std::vector<LineLabel> &Labels) {
  std::vector<FrameBox> Lines;
  for (const auto &L : Labels)
    Lines.push_back(lineInFrame(L, frameOf(L)));
  std::vector<PlacedLineLabel> Placed;
  std::vector<FrameBox> Boxes;
  for (std::size_t I = 0; I < Labels.size(); ++I) {
    const LineLabel &L = Labels[I];
    Frame F = frameOf(L);
    double Length = std::hypot(L.X2 - L.X1, L.Y2 - L.Y1);
    PlacedLineLabel Best;
    FrameBox BestBox{};
    double BestCost = std::numeric_limits<double>::infinity();
    // Covering a label costs more than being crossed by another roof.
    auto CostOf = [&](const FrameBox &Box) {
      double Cost = 0;
      for (const FrameBox &Other : Boxes)
        Cost += 100 * Box.overlap(Other);
      for (std::size_t J = 0; J < Lines.size(); ++J)
        Cost += J != I && Box.crosses(Lines[J]);
      return Cost;
    };
    for (double Along = LineLabelStart;
         BestCost > 0 && (Along == LineLabelStart || Along + L.Width <= Length);
         Along += LineLabelStep)
      for (bool Above : {true, false}) {
        PlacedLineLabel Candidate = lineLabelAt(L, F, Along, Above);
        FrameBox Box = frameBoxOf(Candidate, L, F);
        double Cost = CostOf(Box);
        if (Cost < BestCost) {
          BestCost = Cost, Best = Candidate, BestBox = Box;
          if (Cost == 0)
            break;
        }
      }
    Best.Clear = BestCost == 0;
    Placed.push_back(Best);
    Boxes.push_back(BestBox);
  }
  return Placed;
}

} // namespace energy::roofline
