//===- SvgRendererTest.cpp - The plot's coordinates are the report's numbers ===//
//
// Parses the SVG the renderer writes: every region circle's pixel position,
// mapped back through the axis transform the SVG declares on #plot, must give
// the intensity and GFLOP/s computed by hand from the fixture report's counts.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "energy/roofline/svg_renderer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>

using namespace energy;

namespace {

double attribute(const std::string &Element, const std::string &Name) {
  std::smatch Match;
  std::regex Pattern(" " + Name + "=\"([^\"]*)\"");
  if (!std::regex_search(Element, Match, Pattern))
    throw std::runtime_error("no attribute " + Name + " in " + Element);
  return std::stod(Match[1]);
}

std::string textAttribute(const std::string &Element, const std::string &Name) {
  std::smatch Match;
  std::regex Pattern(" " + Name + "=\"([^\"]*)\"");
  return std::regex_search(Element, Match, Pattern) ? Match[1].str() : "";
}

std::vector<std::string> elements(const std::string &Svg, const std::string &Opening) {
  std::vector<std::string> Found;
  for (std::size_t At = Svg.find(Opening); At != std::string::npos; At = Svg.find(Opening, At + 1))
    Found.push_back(Svg.substr(At, Svg.find('>', At) - At + 1));
  return Found;
}

struct Axes {
  double XLogMin, XLogMax, YLogMin, YLogMax, Left, Top, Width, Height;
  explicit Axes(const std::string &Svg) {
    std::string Plot = elements(Svg, "<g id=\"plot\"").at(0);
    XLogMin = attribute(Plot, "data-x-log-min");
    XLogMax = attribute(Plot, "data-x-log-max");
    YLogMin = attribute(Plot, "data-y-log-min");
    YLogMax = attribute(Plot, "data-y-log-max");
    Left = attribute(Plot, "data-left");
    Top = attribute(Plot, "data-top");
    Width = attribute(Plot, "data-width");
    Height = attribute(Plot, "data-height");
  }
  double intensity(double Cx) const {
    return std::pow(10.0, XLogMin + (Cx - Left) / Width * (XLogMax - XLogMin));
  }
  double gflops(double Cy) const {
    return std::pow(10.0, YLogMin + (Top + Height - Cy) / Height * (YLogMax - YLogMin));
  }
};

// Figures computed from the fixture's counts by hand, independently of the library.
const std::map<std::string, std::pair<double, double>> Expected = {
    {"triad:loop@stream.c:20", {2.0 / 24, 2e7 / 0.02 / 1e9}},
    {"dot:loop@dot.c:8", {2.0 / 16, 2e6 / 1e-4 / 1e9}},
    {"matmul:loop@matmul.c:12", {2.0 / 32, 2.0 * 256 * 256 * 256 / 0.05 / 1e9}},
    {"gemm_blocked:loop@gemm.c:40", {10, 2e9 / 0.04 / 1e9}},
    {"saxpy:loop@saxpy.c:5", {2.0 / 12, 2e6 / 1e-3 / 1e9}},
};

} // namespace

TEST(SvgRenderer, PointsMapBackToTheReportThroughTheAxisTransform) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  Axes Ax(Svg);
  auto Circles = elements(Svg, "<circle class=\"region\"");
  ASSERT_EQ(Circles.size(), 6u);
  std::size_t Checked = 0;
  for (const auto &Circle : Circles) {
    auto It = Expected.find(textAttribute(Circle, "data-name"));
    if (It == Expected.end())
      continue;
    ++Checked;
    double I = Ax.intensity(attribute(Circle, "cx")), G = Ax.gflops(attribute(Circle, "cy"));
    EXPECT_NEAR(I / It->second.first, 1, 1e-3) << It->first;
    EXPECT_NEAR(G / It->second.second, 1, 1e-3) << It->first;
    EXPECT_DOUBLE_EQ(attribute(Circle, "data-intensity"), It->second.first) << It->first;
  }
  EXPECT_EQ(Checked, Expected.size());
}

TEST(SvgRenderer, AxesAreWholeDecadesHoldingEveryPointAndPeak) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  Axes Ax(Svg);
  EXPECT_EQ(Ax.XLogMin, std::floor(Ax.XLogMin));
  EXPECT_LE(Ax.XLogMin, std::log10(1.0 / 16));   // matmul at 0.0625
  EXPECT_GE(Ax.XLogMax, std::log10(256.0 / 12)); // matmul's locality wall
  EXPECT_GE(Ax.YLogMax, std::log10(160.0));      // float peak
  EXPECT_LE(Ax.YLogMin, std::log10(0.67));       // matmul, the slowest point
}

TEST(SvgRenderer, CeilingsAreLabelledWithTheirValues) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  for (const char *Label : {">L1 load: 320 GB/s<", ">L2 triad: 120 GB/s<", ">L3 triad: 40 GB/s<",
                            ">DRAM copy (NT): 16 GB/s<", ">double AVX-512 FMA: 80 GFLOP/s<",
                            ">float AVX-512 FMA: 160 GFLOP/s<", ">double scalar FMA: 10 GFLOP/s<"})
    EXPECT_NE(Svg.find(Label), std::string::npos) << Label;
  // AVX2 FMA and AVX-512 without FMA are both 40: one line, both named.
  EXPECT_NE(Svg.find("double AVX-512 = AVX2 FMA: 40 GFLOP/s"), std::string::npos);
  auto Lines = elements(Svg, "<line class=\"ceiling bandwidth\"");
  EXPECT_EQ(Lines.size(), 4u);
  Axes Ax(Svg);
  for (const auto &Line : Lines) {
    // Each bandwidth roof ends at its ridge point on the double peak.
    double Bw = attribute(Line, "data-gbytes-per-s");
    EXPECT_NEAR(Ax.intensity(attribute(Line, "x2")) / (80 / Bw), 1, 1e-3);
    EXPECT_NEAR(Ax.gflops(attribute(Line, "y2")) / 80, 1, 1e-3);
  }
}

TEST(SvgRenderer, RidgePointsWallsLegendAndTopLabels) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  EXPECT_EQ(elements(Svg, "<path class=\"ridge\"").size(), 4u);
  auto Walls = elements(Svg, "<g class=\"locality-wall\"");
  ASSERT_EQ(Walls.size(), 2u); // triad and matmul carry a footprint
  EXPECT_EQ(elements(Svg, "<text class=\"region-label\"").size(), 5u);
  EXPECT_NE(Svg.find("point area: modelled energy"), std::string::npos);
  EXPECT_NE(Svg.find("DRAM-bound"), std::string::npos);
  // Names are escaped, never raw markup.
  EXPECT_NE(Svg.find("std::vector&lt;double, A&amp;&gt;::push_back"), std::string::npos);
  EXPECT_EQ(Svg.find("vector<double"), std::string::npos);
}

TEST(SvgRenderer, EmptyReportStillDrawsTheCeilings) {
  auto Report = test::fixtureReport();
  Report.Regions.clear();
  std::string Svg = roofline::renderSvg(roofline::analyse(Report, test::fixtureProfile()));
  EXPECT_TRUE(elements(Svg, "<circle class=\"region\"").empty());
  EXPECT_EQ(elements(Svg, "<line class=\"ceiling bandwidth\"").size(), 4u);
  EXPECT_NE(Svg.find("</svg>"), std::string::npos);
}

TEST(SvgRenderer, LocalityWallIsAnArrowFromThePointToItsIntensity) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  Axes Ax(Svg);
  for (const auto &Wall : elements(Svg, "<g class=\"locality-wall\"")) {
    std::size_t At = Svg.find(Wall);
    std::string Bar = elements(Svg.substr(At), "<line class=\"wall\"").at(0);
    EXPECT_NEAR(Ax.intensity(attribute(Bar, "x1")) / attribute(Wall, "data-intensity"), 1, 1e-3);
  }
  // matmul's wall is far to the right of its point: an arrow leads there.
  std::string Matmul = Svg.substr(Svg.find("<g class=\"locality-wall\" data-id=\"3\""));
  std::string Arrow = elements(Matmul, "<line class=\"wall-arrow\"").at(0);
  EXPECT_NEAR(Ax.intensity(attribute(Arrow, "x1")), 2.0 / 32, 1e-3);
  EXPECT_NE(Matmul.find("blocking could move it to 21.3 FLOP/B"), std::string::npos);
}

TEST(SvgRenderer, HierarchicalPointsSitAtTheirLevelsIntensity) {
  std::string Svg = roofline::renderSvg(test::fixtureAnalysis());
  Axes Ax(Svg);
  auto Levels = elements(Svg, "<g class=\"level-point\"");
  ASSERT_EQ(Levels.size(), 4u); // matmul: L2, L3, DRAM; triad: DRAM
  for (const auto &Level : Levels) {
    std::size_t At = Svg.find(Level);
    std::string Ring = elements(Svg.substr(At), "<circle").at(0);
    EXPECT_NEAR(Ax.intensity(attribute(Ring, "cx")) / attribute(Level, "data-intensity"), 1, 1e-3);
  }
}

TEST(SvgRenderer, RegionLabelsNeitherOverlapNorLeaveThePlot) {
  // Five regions at almost the same spot, as dot and laplacian in the cg demo.
  auto Report = test::fixtureReport();
  auto Crowd = Report.Regions.at(2); // dot
  Report.Regions.clear();
  for (int I = 0; I < 5; ++I) {
    Crowd.Id = I;
    Crowd.Name = Crowd.Demangled = "crowded_region_number_" + std::to_string(I);
    Crowd.SelfSeconds *= 1.02;
    Crowd.Counts.Flops += 1000;
    Report.Regions.push_back(Crowd);
  }
  std::string Svg = roofline::renderSvg(roofline::analyse(Report, test::fixtureProfile()));
  Axes Ax(Svg);
  struct Box {
    double X, Y, W, H;
  };
  std::vector<Box> Boxes;
  for (const auto &Label : elements(Svg, "<text class=\"region-label\"")) {
    double H = attribute(Label, "data-height");
    Boxes.push_back(
        {attribute(Label, "x"), attribute(Label, "y") + 2 - H, attribute(Label, "data-width"), H});
  }
  ASSERT_EQ(Boxes.size(), 5u);
  for (std::size_t I = 0; I < Boxes.size(); ++I) {
    const Box &A = Boxes[I];
    EXPECT_GE(A.X, Ax.Left);
    EXPECT_LE(A.X + A.W, Ax.Left + Ax.Width);
    for (std::size_t J = I + 1; J < Boxes.size(); ++J) {
      const Box &B = Boxes[J];
      bool Apart = A.X + A.W <= B.X || B.X + B.W <= A.X || A.Y + A.H <= B.Y || B.Y + B.H <= A.Y;
      EXPECT_TRUE(Apart) << "labels " << I << " and " << J << " overlap";
    }
  }
}
