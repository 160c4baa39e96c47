//===- svg_renderer.cpp - The roofline as an SVG picture ------------------===//
#include "energy/roofline/svg_renderer.h"

#include "energy/report/units.h"
#include "energy/roofline/describe.h"
#include "energy/roofline/label_placement.h"
#include "energy/roofline/plot_layout.h"
#include "xml/XmlText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace energy::roofline {
namespace {

constexpr double LabelSpacing = 13;
constexpr double LabelHeight = 12;

std::string px(double Value) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.2f", Value);
  return Text;
}

// Full precision, so the figures in the SVG are the report's, not rounded ones.
std::string exact(double Value) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.17g", Value);
  return Text;
}

// Decades as people write them: 0.01, 0.1, 1, 10, 100, 1000, 10000.
std::string tickLabel(int Decade) {
  double Value = std::pow(10.0, Decade);
  return Decade < 0 ? report::formatRatio(Value)
                    : report::formatCount(static_cast<std::uint64_t>(std::llround(Value)));
}

// "axpy:loop@/work/src/cg.c:31" -> "axpy:loop@cg.c:31": on the plot the
// directory says nothing the title does not, and it crowds the name out.
std::string withoutDirectory(const std::string &Name) {
  std::size_t At = Name.rfind('@');
  std::size_t Slash = Name.rfind('/');
  if (At == std::string::npos || Slash == std::string::npos || Slash < At)
    return Name;
  return Name.substr(0, At + 1) + Name.substr(Slash + 1);
}

std::string shorten(const std::string &Name, std::size_t Max) {
  return Name.size() <= Max ? Name : Name.substr(0, Max - 3) + "...";
}

// One horizontal in-core ceiling; ceilings within 3% of each other share a
// line, otherwise AVX2 FMA and AVX-512 without FMA would print on top of each other.
struct ComputeLine {
  std::string Label;
  std::string Precision;
  double Gflops = 0;
  bool Primary = false;
};

// "L2" -> "2", "DRAM" -> "D": what fits in a level point's ring.
std::string levelInitial(const std::string &Level) {
  return Level.size() == 2 && Level[0] == 'L' ? Level.substr(1) : Level.substr(0, 1);
}

std::vector<ComputeLine> visibleComputeLines(const RooflineModel &Model) {
  // double: best per ISA, and the widest ISA without FMA; float: its peak only.
  std::map<std::string, ComputeCeiling> BestPerIsa;
  const ComputeCeiling *WidestNoFma = nullptr;
  for (const auto &C : Model.Compute) {
    if (C.Precision != "double")
      continue;
    auto [It, New] = BestPerIsa.try_emplace(C.Isa, C);
    if (!New && C.Gflops > It->second.Gflops)
      It->second = C;
    if (!C.Fma && (!WidestNoFma || C.Gflops > WidestNoFma->Gflops))
      WidestNoFma = &C;
  }
  std::vector<ComputeCeiling> Chosen;
  for (auto &[Isa, C] : BestPerIsa)
    Chosen.push_back(C);
  if (WidestNoFma && std::none_of(Chosen.begin(), Chosen.end(), [&](const ComputeCeiling &C) {
        return C.Isa == WidestNoFma->Isa && C.Fma == WidestNoFma->Fma;
      }))
    Chosen.push_back(*WidestNoFma);
  std::sort(Chosen.begin(), Chosen.end(), [](const ComputeCeiling &A, const ComputeCeiling &B) {
    return A.Gflops != B.Gflops ? A.Gflops > B.Gflops : A.label() < B.label();
  });

  std::vector<ComputeLine> Lines;
  for (const auto &C : Chosen) {
    if (!Lines.empty() && Lines.back().Gflops <= C.Gflops * 1.03) {
      Lines.back().Label += " = " + C.label().substr(C.Precision.size() + 1);
      continue;
    }
    Lines.push_back({C.label(), "double", C.Gflops, Lines.empty()});
  }
  double FloatPeak = 0;
  for (const auto &C : Model.Compute)
    if (C.Precision == "float")
      FloatPeak = std::max(FloatPeak, C.Gflops);
  if (FloatPeak > 0)
    for (const auto &C : Model.Compute)
      if (C.Precision == "float" && C.Gflops == FloatPeak) {
        Lines.insert(Lines.begin(), {C.label(), "float", C.Gflops, false});
        break;
      }
  return Lines;
}

class SvgWriter {
public:
  SvgWriter(const RooflineAnalysis &Analysis, const SvgOptions &Options)
      : A(Analysis), Model(Analysis.Model), Options(Options), L(layoutFor(Analysis)) {}

  std::string write() {
    open();
    axes();
    computeCeilings();
    bandwidthCeilings();
    ridgePoints();
    localityWalls();
    levelPoints();
    regionPoints();
    legend();
    Out << "</g>\n</svg>\n";
    return Out.str();
  }

private:
  void open() {
    Out << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"roofline\" width=\"" << L.Width
        << "\" height=\"" << L.Height << "\" viewBox=\"0 0 " << L.Width << " " << L.Height
        << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"11\">\n";
    Out << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    std::string Title = Options.Title.empty()
                            ? "Roofline: " + (A.Program.empty() ? std::string("report") : A.Program)
                            : Options.Title;
    Out << "<text class=\"title\" x=\"" << L.Left
        << "\" y=\"24\" font-size=\"16\" font-weight=\"bold\">" << xml::escape(Title)
        << "</text>\n";
    Out << "<text class=\"subtitle\" x=\"" << L.Left << "\" y=\"40\" fill=\"#555\">cache-aware "
        << "roofline: exact FLOPs over bytes loaded and stored (L1 traffic); "
        << describeThreads(Model) << "</text>\n";
    if (std::string Below = describeBelowShare(A); !Below.empty())
      Out << "<text class=\"left-out\" data-count=\"" << A.BelowShare.size() << "\" x=\"" << L.Left
          << "\" y=\"54\" fill=\"#555\">" << xml::escape(Below) << "</text>\n";
    Out << "<defs><clipPath id=\"plot-area\"><rect x=\"" << px(L.plotLeft()) << "\" y=\""
        << px(L.plotTop()) << "\" width=\"" << px(L.plotWidth()) << "\" height=\""
        << px(L.plotHeight()) << "\"/></clipPath></defs>\n";
    Out << "<g id=\"plot\" data-x-log-min=\"" << L.XLogMin << "\" data-x-log-max=\"" << L.XLogMax
        << "\" data-y-log-min=\"" << L.YLogMin << "\" data-y-log-max=\"" << L.YLogMax
        << "\" data-left=\"" << L.plotLeft() << "\" data-top=\"" << L.plotTop()
        << "\" data-width=\"" << L.plotWidth() << "\" data-height=\"" << L.plotHeight() << "\">\n";
  }

  void axes() {
    Out << "<rect class=\"frame\" x=\"" << px(L.plotLeft()) << "\" y=\"" << px(L.plotTop())
        << "\" width=\"" << px(L.plotWidth()) << "\" height=\"" << px(L.plotHeight())
        << "\" fill=\"#fcfcfc\" stroke=\"#333\"/>\n";
    for (int D = static_cast<int>(L.XLogMin); D <= static_cast<int>(L.XLogMax); ++D) {
      double X = L.x(std::pow(10.0, D));
      Out << "<line class=\"grid\" x1=\"" << px(X) << "\" y1=\"" << px(L.plotTop()) << "\" x2=\""
          << px(X) << "\" y2=\"" << px(L.plotBottom()) << "\" stroke=\"#e4e4e4\"/>\n";
      Out << "<text class=\"tick x-tick\" x=\"" << px(X) << "\" y=\"" << px(L.plotBottom() + 16)
          << "\" text-anchor=\"middle\">" << tickLabel(D) << "</text>\n";
    }
    for (int D = static_cast<int>(L.YLogMin); D <= static_cast<int>(L.YLogMax); ++D) {
      double Y = L.y(std::pow(10.0, D));
      Out << "<line class=\"grid\" x1=\"" << px(L.plotLeft()) << "\" y1=\"" << px(Y) << "\" x2=\""
          << px(L.plotRight()) << "\" y2=\"" << px(Y) << "\" stroke=\"#e4e4e4\"/>\n";
      Out << "<text class=\"tick y-tick\" x=\"" << px(L.plotLeft() - 6) << "\" y=\"" << px(Y + 4)
          << "\" text-anchor=\"end\">" << tickLabel(D) << "</text>\n";
    }
    Out << "<text class=\"axis-label\" x=\"" << px(L.plotLeft() + L.plotWidth() / 2) << "\" y=\""
        << px(L.plotBottom() + 36) << "\" text-anchor=\"middle\" font-size=\"13\">"
        << "Arithmetic intensity (FLOP/byte)</text>\n";
    double MidY = L.plotTop() + L.plotHeight() / 2;
    Out << "<text class=\"axis-label\" x=\"22\" y=\"" << px(MidY)
        << "\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 22 " << px(MidY)
        << ")\">Performance (GFLOP/s)</text>\n";
  }

  void computeCeilings() {
    double FastestBw = Model.Bandwidth.front().GBytesPerSecond;
    double LastLabelY = -1e9;
    for (const auto &Line : visibleComputeLines(Model)) {
      double Y = L.y(Line.Gflops);
      double X0 = std::max(L.plotLeft(), L.x(Line.Gflops / FastestBw));
      const char *Dash = Line.Precision == "float" ? " stroke-dasharray=\"6 3\"" : "";
      Out << "<line class=\"ceiling compute\" data-gflops=\"" << exact(Line.Gflops)
          << "\" data-precision=\"" << Line.Precision << "\" x1=\"" << px(X0) << "\" y1=\"" << px(Y)
          << "\" x2=\"" << px(L.plotRight()) << "\" y2=\"" << px(Y) << "\" stroke=\"#222\""
          << " stroke-width=\"" << (Line.Primary ? 2.5 : 1.2) << "\"" << Dash << "/>\n";
      double LabelY = std::max(Y + 4, LastLabelY + LabelSpacing);
      LastLabelY = LabelY;
      std::string Text = Line.Label + ": " + report::formatRatio(Line.Gflops) + " GFLOP/s";
      Out << "<text class=\"ceiling-label\" data-width=\"" << px(estimateLabelWidth(Text))
          << "\" data-height=\"" << px(LabelHeight) << "\" x=\"" << px(L.plotRight() + 6)
          << "\" y=\"" << px(LabelY) << "\">" << xml::escape(Text) << "</text>\n";
    }
  }

  void bandwidthCeilings() {
    double Peak = Model.peak("double");
    std::vector<const BandwidthCeiling *> Drawn;
    std::vector<LineLabel> Labels;
    std::vector<std::string> Texts;
    for (const auto &Level : Model.Bandwidth) {
      double Bw = Level.GBytesPerSecond;
      double IStart = std::max(std::pow(10.0, L.XLogMin), std::pow(10.0, L.YLogMin) / Bw);
      double IEnd = std::min(Peak / Bw, std::pow(10.0, L.XLogMax));
      if (IStart >= IEnd)
        continue;
      double X1 = L.x(IStart), Y1 = L.y(Bw * IStart), X2 = L.x(IEnd), Y2 = L.y(Bw * IEnd);
      Out << "<line class=\"ceiling bandwidth\" data-level=\"" << Level.Level
          << "\" data-gbytes-per-s=\"" << exact(Bw) << "\" x1=\"" << px(X1) << "\" y1=\"" << px(Y1)
          << "\" x2=\"" << px(X2) << "\" y2=\"" << px(Y2) << "\" stroke=\"" << colourOf(Level.Level)
          << "\" stroke-width=\"2\"/>\n";
      Texts.push_back(Level.Level + " " + Level.Kernel + (Level.NonTemporal ? " (NT)" : "") + ": " +
                      report::formatRatio(Bw) + " GB/s");
      Labels.push_back({X1, Y1, X2, Y2, estimateLabelWidth(Texts.back()), LabelHeight});
      Drawn.push_back(&Level);
    }
    std::vector<PlacedLineLabel> Placed = placeLineLabels(Labels);
    for (std::size_t I = 0; I < Placed.size(); ++I) {
      const PlacedLineLabel &P = Placed[I];
      Out << "<text class=\"ceiling-label\" data-level=\"" << Drawn[I]->Level << "\" data-width=\""
          << px(Labels[I].Width) << "\" data-height=\"" << px(LabelHeight) << "\" x=\"" << px(P.X)
          << "\" y=\"" << px(P.Y) << "\" fill=\"" << colourOf(Drawn[I]->Level)
          << "\" transform=\"rotate(" << px(P.Angle) << " " << px(P.X) << " " << px(P.Y) << ")\">"
          << xml::escape(Texts[I]) << "</text>\n";
      CeilingLabels.push_back(P.Bounds);
    }
  }

  void ridgePoints() {
    for (const auto &Ridge : Model.Ridges) {
      if (Ridge.Precision != "double" || !L.containsIntensity(Ridge.Intensity))
        continue;
      double X = L.x(Ridge.Intensity), Y = L.y(Ridge.Gflops);
      Out << "<path class=\"ridge\" data-level=\"" << Ridge.Level << "\" data-intensity=\""
          << exact(Ridge.Intensity) << "\" d=\"M" << px(X) << " " << px(Y - 5) << " L" << px(X + 5)
          << " " << px(Y) << " L" << px(X) << " " << px(Y + 5) << " L" << px(X - 5) << " " << px(Y)
          << " Z\" fill=\"" << colourOf(Ridge.Level) << "\" stroke=\"#222\"><title>" << Ridge.Level
          << " ridge point: " << report::formatRatio(Ridge.Intensity) << " FLOP/B</title></path>\n";
    }
  }

  // From the point to where it would sit if every byte came from DRAM once:
  // an arrow along the intensity axis ending at a vertical wall.
  void localityWalls() {
    for (const auto &Point : A.Points) {
      if (!Point.WallIntensity || !L.containsIntensity(*Point.WallIntensity))
        continue;
      double X0 = L.x(Point.Intensity), X1 = L.x(*Point.WallIntensity), Y = L.y(Point.Gflops);
      std::string Colour = colourOf(Point.colourKey());
      Out << "<g class=\"locality-wall\" data-id=\"" << Point.Region.Id << "\" data-intensity=\""
          << exact(*Point.WallIntensity) << "\" stroke=\"" << Colour << "\" fill=\"" << Colour
          << "\">";
      if (X1 - X0 > 12)
        Out << "<line class=\"wall-arrow\" x1=\"" << px(X0) << "\" y1=\"" << px(Y) << "\" x2=\""
            << px(X1 - 7) << "\" y2=\"" << px(Y)
            << "\" stroke-dasharray=\"4 3\" stroke-width=\"1.5\"/>"
            << "<path d=\"M" << px(X1 - 8) << " " << px(Y - 4) << " L" << px(X1) << " " << px(Y)
            << " L" << px(X1 - 8) << " " << px(Y + 4) << " Z\" stroke=\"none\"/>";
      Out << "<line class=\"wall\" x1=\"" << px(X1) << "\" y1=\"" << px(Y - 11) << "\" x2=\""
          << px(X1) << "\" y2=\"" << px(Y + 11) << "\" stroke-width=\"3\"/><title>"
          << xml::escape(Point.Region.Demangled + ": " + describeLocalityWall(Point))
          << "</title></g>\n";
    }
  }

  // Each counter-derived level as a ring in the region's colour, joined to
  // the region's L1 point by a thin line along the intensity axis.
  void levelPoints() {
    for (const auto &Point : A.Points) {
      std::string Colour = colourOf(Point.colourKey());
      double Y = L.y(Point.Gflops);
      for (const auto &Level : Point.LevelPoints) {
        if (!L.containsIntensity(Level.Intensity))
          continue;
        double X = L.x(Level.Intensity);
        Out << "<g class=\"level-point\" data-id=\"" << Point.Region.Id << "\" data-level=\""
            << Level.Level << "\" data-event=\"" << xml::escape(Level.Event)
            << "\" data-intensity=\"" << exact(Level.Intensity) << "\" stroke=\"" << Colour
            << "\"><line x1=\"" << px(L.x(Point.Intensity)) << "\" y1=\"" << px(Y) << "\" x2=\""
            << px(X) << "\" y2=\"" << px(Y)
            << "\" stroke-width=\"1\" stroke-opacity=\"0.6\"/><circle cx=\"" << px(X) << "\" cy=\""
            << px(Y) << "\" r=\"6\" fill=\"#ffffff\" stroke-width=\"2\"/><text x=\"" << px(X)
            << "\" y=\"" << px(Y + 3) << "\" text-anchor=\"middle\" font-size=\"7\" "
            << "stroke=\"none\" fill=\"" << Colour << "\">" << levelInitial(Level.Level)
            << "</text><title>" << xml::escape(Point.Region.Demangled) << ": "
            << report::formatRatio(Level.Intensity) << " FLOP/B at " << Level.Level << " ("
            << xml::escape(Level.Event) << " x 64 B)</title></g>\n";
      }
    }
  }

  void regionPoints() {
    double Largest = 0;
    for (const auto &Point : A.Points)
      Largest = std::max(Largest, Point.sizeMetric(A.SizedByEnergy));
    Out << "<g class=\"regions\" clip-path=\"url(#plot-area)\">\n";
    // Largest first, so small points are drawn on top and stay hoverable.
    for (const auto &Point : A.Points) {
      double Radius = radiusOf(Point, Largest);
      Out << "<circle class=\"region\" data-id=\"" << Point.Region.Id << "\" data-name=\""
          << xml::escape(Point.Region.Name) << "\" data-intensity=\"" << exact(Point.Intensity)
          << "\" data-gflops=\"" << exact(Point.Gflops) << "\" data-level=\"" << Point.colourKey()
          << "\" data-percent=\"" << exact(Point.PercentOfAttainable) << "\" cx=\""
          << px(L.x(Point.Intensity)) << "\" cy=\"" << px(L.y(Point.Gflops)) << "\" r=\""
          << px(Radius) << "\" fill=\"" << colourOf(Point.colourKey())
          << "\" fill-opacity=\"0.7\" stroke=\"#111\"><title>" << xml::escape(describeRegion(Point))
          << "</title></circle>\n";
    }
    Out << "</g>\n";
    regionLabels(Largest);
  }

  double radiusOf(const RegionPoint &Point, double Largest) const {
    return 4 + 16 * std::sqrt(Largest > 0 ? Point.sizeMetric(A.SizedByEnergy) / Largest : 1);
  }

  // The largest regions' names, placed so that they cover neither each other
  // nor other regions (label_placement.h).
  void regionLabels(double Largest) {
    std::vector<LabelRequest> Circles, Requests;
    std::vector<std::string> Names;
    for (const auto &Point : A.Points) {
      Circles.push_back({L.x(Point.Intensity), L.y(Point.Gflops), radiusOf(Point, Largest), 0, 0});
      if (Names.size() < Options.LabelTop) {
        Names.push_back(shorten(withoutDirectory(Point.Region.Demangled), 36));
        Requests.push_back(Circles.back());
        Requests.back().Width = estimateLabelWidth(Names.back());
        Requests.back().Height = LabelHeight;
      }
    }
    LabelBox Bounds{L.plotLeft(), L.plotTop(), L.plotWidth(), L.plotHeight()};
    std::vector<PlacedLabel> Placed = placeLabels(Requests, Circles, Bounds, CeilingLabels);
    for (std::size_t I = 0; I < Placed.size(); ++I) {
      const LabelBox &Box = Placed[I].Box;
      const RegionPoint &Point = A.Points[I];
      if (Placed[I].Leader)
        Out << "<line class=\"label-leader\" data-id=\"" << Point.Region.Id << "\" x1=\""
            << px(Requests[I].Cx) << "\" y1=\"" << px(Requests[I].Cy) << "\" x2=\""
            << px(std::clamp(Requests[I].Cx, Box.X, Box.X + Box.Width)) << "\" y2=\""
            << px(std::clamp(Requests[I].Cy, Box.Y, Box.Y + Box.Height))
            << "\" stroke=\"#666\" stroke-width=\"0.8\"/>\n";
      Out << "<text class=\"region-label\" data-id=\"" << Point.Region.Id << "\" data-width=\""
          << px(Box.Width) << "\" data-height=\"" << px(Box.Height) << "\" x=\"" << px(Box.X)
          << "\" y=\"" << px(Box.Y + Box.Height - 2)
          << "\" font-weight=\"bold\" paint-order=\"stroke\" stroke=\"#ffffff\" stroke-width=\"3\">"
          << xml::escape(Names[I]) << "</text>\n";
    }
  }

  void legend() {
    double Y = L.plotBottom() + 58, X = L.plotLeft();
    std::vector<std::string> Keys;
    for (const auto &Level : Model.Bandwidth)
      Keys.push_back(Level.Level);
    Keys.push_back("compute");
    Out << "<g class=\"legend\">";
    for (const auto &Key : Keys) {
      Out << "<circle cx=\"" << px(X + 5) << "\" cy=\"" << px(Y - 4) << "\" r=\"5\" fill=\""
          << colourOf(Key) << "\"/><text x=\"" << px(X + 14) << "\" y=\"" << px(Y) << "\">"
          << (Key == "compute" ? "compute-bound" : Key + "-bound") << "</text>";
      X += 100;
    }
    Out << "<text x=\"" << px(X + 10) << "\" y=\"" << px(Y)
        << "\">point area: " << (A.SizedByEnergy ? "modelled energy" : "self time") << "</text>";
    std::string Ridges = "ridge points (double):";
    for (const auto &Ridge : Model.Ridges)
      if (Ridge.Precision == "double")
        Ridges += " " + Ridge.Level + " " + report::formatRatio(Ridge.Intensity);
    Out << "<text x=\"" << px(L.plotLeft()) << "\" y=\"" << px(Y + 18) << "\">" << Ridges
        << " FLOP/B</text></g>\n";
  }

  const RooflineAnalysis &A;
  const RooflineModel &Model;
  const SvgOptions &Options;
  PlotLayout L;
  std::ostringstream Out;
  std::vector<LabelBox> CeilingLabels; // bandwidth labels, which region labels avoid
};

} // namespace

std::string colourOf(const std::string &Key) {
  static const std::map<std::string, std::string> Colours = {
      {"L1", "#1f77b4"}, {"L2", "#2ca02c"},   {"L3", "#ff7f0e"},
      {"L4", "#8c564b"}, {"DRAM", "#d62728"}, {"compute", "#9467bd"}};
  auto It = Colours.find(Key);
  return It == Colours.end() ? "#7f7f7f" : It->second;
}

std::string renderSvg(const RooflineAnalysis &Analysis, const SvgOptions &Options) {
  return SvgWriter(Analysis, Options).write();
}

} // namespace energy::roofline
