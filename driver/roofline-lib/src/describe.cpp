//===- describe.cpp - The roofline in words -------------------------------===//
#include "energy/roofline/describe.h"

#include "energy/report/units.h"

#include <sstream>

namespace energy::roofline {

std::string describeLocalityWall(const RegionPoint &Point) {
  double Wall = *Point.WallIntensity;
  std::string Figure = report::formatRatio(Wall) + " FLOP/B";
  // Within 10% of the wall every byte is already used about once.
  if (Wall <= Point.Intensity * 1.1)
    return "at its locality wall (" + Figure + "): each byte is used once, blocking cannot raise it";
  return "locality wall: blocking could move it to " + Figure + " (each byte from DRAM once)";
}

std::string describeRegion(const RegionPoint &Point) {
  std::string Line = Point.Region.Demangled + ": " + report::formatRatio(Point.Intensity) +
                     " FLOP/B, " + report::formatRatio(Point.Gflops) + " GFLOP/s, ";
  Line += Point.BoundBy == Bound::Compute ? "compute-bound (" : "memory-bound (";
  Line += Point.BindingRoof + "), " + report::formatRatio(Point.PercentOfAttainable) +
          "% of attainable";
  for (const auto &Level : Point.LevelPoints)
    Line += "; " + Level.Level + " " + report::formatRatio(Level.Intensity) + " FLOP/B (" +
            Level.Event + ")";
  if (Point.WallIntensity)
    Line += "; " + describeLocalityWall(Point);
  return Line;
}

std::string describeRegions(const RooflineAnalysis &Analysis, std::size_t Limit) {
  std::ostringstream Out;
  const RooflineModel &Model = Analysis.Model;
  Out << "roofline ceilings (" << Model.Threads << " thread" << (Model.Threads > 1 ? "s" : "")
      << "):";
  for (const auto &Level : Model.Bandwidth)
    Out << " " << Level.Level << " " << report::formatRatio(Level.GBytesPerSecond) << " GB/s;";
  Out << " peak";
  for (const char *Precision : {"double", "float"})
    Out << " " << Precision << " " << report::formatRatio(Model.peak(Precision)) << " GFLOP/s";
  Out << "\n";
  std::size_t Shown = 0;
  for (const auto &Point : Analysis.Points) {
    if (Limit && Shown++ == Limit)
      break;
    Out << describeRegion(Point) << "\n";
  }
  std::vector<std::string> Idle;
  for (const auto &Skipped : Analysis.Skipped) {
    if (Skipped.Reason == NeverRanReason)
      Idle.push_back(Skipped.Region.Demangled);
    else
      Out << Skipped.Region.Demangled << ": not on the roofline (" << Skipped.Reason << ")\n";
  }
  if (!Idle.empty()) {
    Out << Idle.size() << (Idle.size() == 1 ? " region" : " regions") << " never ran:";
    for (std::size_t I = 0; I < Idle.size(); ++I)
      Out << (I ? ", " : " ") << Idle[I];
    Out << "\n";
  }
  return Out.str();
}

} // namespace energy::roofline
