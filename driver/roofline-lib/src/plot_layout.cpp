//===- plot_layout.cpp - Log-log axes of the roofline plot ----------------===//
#include "energy/roofline/plot_layout.h"

#include <algorithm>
#include <cmath>

namespace energy::roofline {

double PlotLayout::x(double Intensity) const {
  return plotLeft() + (std::log10(Intensity) - XLogMin) / (XLogMax - XLogMin) * plotWidth();
}

double PlotLayout::y(double Gflops) const {
  return plotBottom() - (std::log10(Gflops) - YLogMin) / (YLogMax - YLogMin) * plotHeight();
}

bool PlotLayout::containsIntensity(double Intensity) const {
  double Log = std::log10(Intensity);
  return Log >= XLogMin && Log <= XLogMax;
}

// Covers [Low, High] with a factor of Pad around it, in whole decades, at
// least MinSpan decades wide (grown on the low side, where small points go).
static void fitDecades(double Low, double High, double Pad, int MinSpan, double &LogMin,
                       double &LogMax) {
  LogMin = std::floor(std::log10(Low / Pad));
  LogMax = std::ceil(std::log10(High * Pad));
  if (LogMax - LogMin < MinSpan)
    LogMin = LogMax - MinSpan;
}

PlotLayout layoutFor(const RooflineAnalysis &Analysis) {
  PlotLayout Layout;
  // A third line of heading says how many regions were left out.
  if (!Analysis.BelowShare.empty())
    Layout.Top += 14;
  const RooflineModel &Model = Analysis.Model;
  double XLow = 1e300, XHigh = 0, YLow = 1e300;
  for (const auto &Ridge : Model.Ridges) {
    XLow = std::min(XLow, Ridge.Intensity);
    XHigh = std::max(XHigh, Ridge.Intensity);
  }
  for (const auto &Point : Analysis.Points) {
    XLow = std::min(XLow, Point.Intensity);
    XHigh = std::max(XHigh, Point.Intensity);
    YLow = std::min(YLow, Point.Gflops);
    if (Point.WallIntensity) {
      XLow = std::min(XLow, *Point.WallIntensity);
      XHigh = std::max(XHigh, *Point.WallIntensity);
    }
  }
  double Peak = std::max(Model.peak("double"), Model.peak("float"));
  if (XHigh == 0) // no ridges and no points: an empty but sensible frame
    XLow = 0.01, XHigh = 100;
  fitDecades(XLow, XHigh, 2.0, 4, Layout.XLogMin, Layout.XLogMax);
  // The slowest bandwidth roof at the left edge should be visible too.
  double SlowestBw = Model.Bandwidth.empty() ? 1 : Model.Bandwidth.back().GBytesPerSecond;
  YLow = std::min(YLow, SlowestBw * std::pow(10.0, Layout.XLogMin) * 2);
  fitDecades(YLow, Peak, 2.0, 4, Layout.YLogMin, Layout.YLogMax);
  return Layout;
}

} // namespace energy::roofline
