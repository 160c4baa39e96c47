//===- describe.cpp - The roofline in words -------------------------------===//
#include "energy/roofline/describe.h"

#include "energy/roofline/number_format.h"

#include <sstream>

namespace energy::roofline {

std::string describeRegion(const RegionPoint &Point) {
  std::string Line = Point.Region.Demangled + ": " + formatFigure(Point.Intensity) + " FLOP/B, " +
                     formatFigure(Point.Gflops) + " GFLOP/s, ";
  Line += Point.BoundBy == Bound::Compute ? "compute-bound (" : "memory-bound (";
  Line += Point.BindingRoof + "), " + formatFigure(Point.PercentOfAttainable) + "% of attainable";
  if (Point.WallIntensity)
    Line += "; locality wall at " + formatFigure(*Point.WallIntensity) +
            " FLOP/B if each byte came from DRAM once";
  return Line;
}

std::string describeRegions(const RooflineAnalysis &Analysis, std::size_t Limit) {
  std::ostringstream Out;
  const RooflineModel &Model = Analysis.Model;
  Out << "roofline ceilings (" << Model.Threads << " thread" << (Model.Threads > 1 ? "s" : "")
      << "):";
  for (const auto &Level : Model.Bandwidth)
    Out << " " << Level.Level << " " << formatFigure(Level.GBytesPerSecond) << " GB/s;";
  Out << " peak";
  for (const char *Precision : {"double", "float"})
    Out << " " << Precision << " " << formatFigure(Model.peak(Precision)) << " GFLOP/s";
  Out << "\n";
  std::size_t Shown = 0;
  for (const auto &Point : Analysis.Points) {
    if (Limit && Shown++ == Limit)
      break;
    Out << describeRegion(Point) << "\n";
  }
  for (const auto &Skipped : Analysis.Skipped)
    Out << Skipped.Region.Demangled << ": not on the roofline (" << Skipped.Reason << ")\n";
  return Out.str();
}

} // namespace energy::roofline
