//===- timeline_svg.cpp - Drawing a timeline's power and regions ----------===//
//
// Plain SVG 1.1, no script, so that it opens in any browser and in CI
// artifacts. Intervals whose reading failed (null energy) leave a gap in the
// line rather than a made-up value. Region bands merge consecutive intervals
// of the same region into one rectangle, each with a <title> tooltip.
//
//===----------------------------------------------------------------------===//
#include "energy/report/timeline_svg.h"

#include "energy/report/report_error.h"
#include "energy/report/units.h"
#include "xml/XmlText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace energy::report {

namespace {

constexpr double Width = 960, PlotTop = 40, PlotHeight = 300, Left = 70, Right = 20,
                 BandHeight = 16, BandGap = 4;
constexpr const char *Palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                   "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
constexpr size_t PaletteSize = sizeof Palette / sizeof Palette[0];

std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  return Buf;
}

struct Scale {
  double t0, t1, maxWatts;
  double x(double T) const { return Left + (T - t0) / (t1 - t0) * (Width - Left - Right); }
  double y(double W) const { return PlotTop + PlotHeight - W / maxWatts * PlotHeight; }
};

std::optional<double> watts(const TimelineInterval &I, size_t Meter) {
  if (!I.energy[Meter] || I.end <= I.start)
    return std::nullopt;
  return *I.energy[Meter] / (I.end - I.start);
}

double niceCeiling(double V) {
  double Step = std::pow(10.0, std::floor(std::log10(V)));
  for (double M : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (M * Step >= V)
      return M * Step;
  return 10 * Step;
}

Scale makeScale(const Timeline &T, const std::string &Origin) {
  double MaxW = 0.0;
  bool Any = false;
  for (const TimelineInterval &I : T.intervals)
    for (size_t M = 0; M < T.meters.size(); ++M)
      if (auto W = watts(I, M)) {
        MaxW = std::max(MaxW, *W);
        Any = true;
      }
  if (!Any)
    throw ReportError(
        Origin + ": the timeline has " +
        (T.meters.empty() ? std::string("no energy meter") : std::string("no meter reading")) +
        ", so there is no power to plot; record on a machine with RAPL or "
        "NVML (docs/meters.md), or join a wall meter's log with energy-stat "
        "--meter-csv LOG -I 20 -o FILE");
  return {T.intervals.front().start, T.intervals.back().end, niceCeiling(MaxW > 0 ? MaxW : 1.0)};
}

void drawAxes(const Scale &S, std::ostream &OS) {
  double Bottom = PlotTop + PlotHeight;
  OS << "<g stroke=\"#999\" font-size=\"11\" fill=\"#333\">\n";
  for (int K = 0; K <= 4; ++K) {
    double W = S.maxWatts * K / 4, Y = S.y(W);
    OS << "<line x1=\"" << Left << "\" x2=\"" << Width - Right << "\" y1=\"" << num(Y) << "\" y2=\""
       << num(Y) << "\" stroke-opacity=\"0.3\"/>"
       << "<text x=\"" << Left - 6 << "\" y=\"" << num(Y + 4)
       << "\" text-anchor=\"end\" stroke=\"none\">" << formatRatio(W) << " W</text>\n";
  }
  for (int K = 0; K <= 5; ++K) {
    double T = S.t0 + (S.t1 - S.t0) * K / 5, X = S.x(T);
    OS << "<text x=\"" << num(X) << "\" y=\"" << num(Bottom + 14)
       << "\" text-anchor=\"middle\" stroke=\"none\">" << formatSeconds(T) << "</text>\n";
  }
  OS << "</g>\n";
}

void drawPower(const Timeline &T, const Scale &S, std::ostream &OS) {
  for (size_t M = 0; M < T.meters.size(); ++M) {
    std::string Path;
    bool Open = false;
    for (const TimelineInterval &I : T.intervals) {
      auto W = watts(I, M);
      if (!W) {
        Open = false;
        continue;
      }
      Path += (Open ? "L" : "M") + num(S.x(I.start)) + "," + num(S.y(*W)) + "L" + num(S.x(I.end)) +
              "," + num(S.y(*W));
      Open = true;
    }
    OS << "<path fill=\"none\" stroke-width=\"1.5\" stroke=\"" << Palette[M % PaletteSize]
       << "\" d=\"" << Path << "\"><title>"
       << xml::escape(T.meters[M].name + " (" + T.meters[M].domain + ")") << "</title></path>\n";
  }
}

std::string regionLabel(const TimelinePlot &P, uint64_t Id) {
  return Id < P.regionNames.size() ? P.regionNames[Id] : "region " + std::to_string(Id);
}

/// One band row per thread slot; returns the y below the last row.
double drawBands(const Timeline &T, const TimelinePlot &P, const Scale &S, std::ostream &OS) {
  std::set<uint64_t> Slots;
  for (const TimelineInterval &I : T.intervals)
    for (const TimelineThreadEntry &E : I.threads)
      Slots.insert(E.thread);
  double Y = PlotTop + PlotHeight + 24;
  for (uint64_t Slot : Slots) {
    OS << "<text x=\"" << Left - 6 << "\" y=\"" << num(Y + 12)
       << "\" font-size=\"11\" text-anchor=\"end\">thread " << Slot << "</text>\n";
    std::optional<uint64_t> Current;
    double From = 0, To = 0;
    auto Flush = [&] {
      if (!Current)
        return;
      OS << "<rect x=\"" << num(S.x(From)) << "\" y=\"" << num(Y) << "\" width=\""
         << num(std::max(S.x(To) - S.x(From), 0.5)) << "\" height=\"" << BandHeight << "\" fill=\""
         << Palette[*Current % PaletteSize] << "\"><title>" << xml::escape(regionLabel(P, *Current))
         << ", " << formatSeconds(From) << " to " << formatSeconds(To) << "</title></rect>\n";
    };
    for (const TimelineInterval &I : T.intervals) {
      std::optional<uint64_t> Region;
      for (const TimelineThreadEntry &E : I.threads)
        if (E.thread == Slot)
          Region = E.region;
      if (Region != Current || I.start != To) {
        Flush();
        Current = Region;
        From = I.start;
      }
      To = I.end;
    }
    Flush();
    Y += BandHeight + BandGap;
  }
  return Y;
}

/// The regions seen in the bands, longest first.
std::vector<uint64_t> legendRegions(const Timeline &T) {
  std::map<uint64_t, double> Seconds;
  for (const TimelineInterval &I : T.intervals)
    for (const TimelineThreadEntry &E : I.threads)
      if (E.region)
        Seconds[*E.region] += I.end - I.start;
  std::vector<uint64_t> Ids;
  for (auto &[Id, S] : Seconds)
    Ids.push_back(Id);
  std::stable_sort(Ids.begin(), Ids.end(),
                   [&](uint64_t A, uint64_t B) { return Seconds[A] > Seconds[B]; });
  return Ids;
}

double drawLegend(const Timeline &T, const TimelinePlot &P, double Y, std::ostream &OS) {
  double X = Left;
  Y += 8;
  auto Entry = [&](const char *Colour, const std::string &Label) {
    std::string Text = elideName(Label, 40);
    double Wide = 18 + 6.5 * displayWidth(Text) + 14;
    if (X + Wide > Width - Right) {
      X = Left;
      Y += 16;
    }
    OS << "<rect x=\"" << num(X) << "\" y=\"" << num(Y) << "\" width=\"12\""
       << " height=\"10\" fill=\"" << Colour << "\"/><text x=\"" << num(X + 16) << "\" y=\""
       << num(Y + 9) << "\" font-size=\"11\">" << xml::escape(Text) << "</text>\n";
    X += Wide;
  };
  for (size_t M = 0; M < T.meters.size(); ++M)
    Entry(Palette[M % PaletteSize], T.meters[M].name + " (" + T.meters[M].domain + ", W)");
  for (uint64_t Id : legendRegions(T))
    Entry(Palette[Id % PaletteSize], regionLabel(P, Id));
  return Y + 24;
}

} // namespace

void writeTimelineSvg(const Timeline &T, const TimelinePlot &Plot, const std::string &Origin,
                      std::ostream &OS) {
  if (T.intervals.empty())
    throw ReportError(Origin + ": the timeline has no intervals (the run was "
                               "shorter than one sampling period); lower the period "
                               "or run longer");
  Scale S = makeScale(T, Origin);
  std::ostringstream Body;
  drawAxes(S, Body);
  drawPower(T, S, Body);
  double Bottom = drawLegend(T, Plot, drawBands(T, Plot, S, Body), Body);
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Width << "\" height=\""
     << num(Bottom) << "\" viewBox=\"0 0 " << Width << " " << num(Bottom)
     << "\" font-family=\"sans-serif\">\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
     << "<text x=\"" << Left << "\" y=\"22\" font-size=\"14\">" << xml::escape(Plot.title)
     << "</text>\n"
     << Body.str() << "</svg>\n";
}

} // namespace energy::report
