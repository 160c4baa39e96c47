//===- energy/roofline/plot_layout.h - Log-log axes of the roofline plot --===//
//
// Where things go on the page: the plot area, the decades each axis spans,
// and the transform between (FLOP/byte, GFLOP/s) and pixels. The SVG carries
// the same numbers as data- attributes on its #plot group, so tests (and
// anyone) can map every point back to the report's figures.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "energy/roofline/roofline_model.h"

namespace energy::roofline {

struct PlotLayout {
  double Width = 1000, Height = 660;
  double Left = 80, Right = 270, Top = 50, Bottom = 90; // margins; labels live in them
  double XLogMin = -2, XLogMax = 2;                     // decades of FLOP/byte
  double YLogMin = -1, YLogMax = 3;                     // decades of GFLOP/s

  double plotLeft() const { return Left; }
  double plotTop() const { return Top; }
  double plotWidth() const { return Width - Left - Right; }
  double plotHeight() const { return Height - Top - Bottom; }
  double plotRight() const { return Left + plotWidth(); }
  double plotBottom() const { return Top + plotHeight(); }

  double x(double Intensity) const;
  double y(double Gflops) const;
  bool containsIntensity(double Intensity) const;
};

/// Whole decades that hold every point, locality wall, ridge point and peak,
/// with room around them.
PlotLayout layoutFor(const RooflineAnalysis &Analysis);

} // namespace energy::roofline
