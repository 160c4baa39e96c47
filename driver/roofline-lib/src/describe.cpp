//===- describe.cpp - The roofline in words -------------------------------===//
#include "energy/roofline/describe.h"

#include "energy/report/units.h"

#include <map>
#include <sstream>

namespace energy::roofline {

std::string describeLocalityWall(const RegionPoint &Point) {
  double Wall = *Point.WallIntensity;
  std::string Figure = report::formatRatio(Wall) + " FLOP/B";
  // Within 10% of the wall every byte is already used about once.
  if (Wall <= Point.Intensity * 1.1)
    return "at its locality wall (" + Figure +
           "): each byte is used once, blocking cannot raise it";
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

std::string describeThreads(const RooflineModel &Model) {
  if (Model.Threads == 1)
    return "rates per thread (FLOPs / thread time), ceilings of 1 thread";
  std::string N = std::to_string(Model.Threads);
  return "rates per thread (FLOPs / thread time summed over threads), ceilings of " + N +
         " threads / " + N;
}

std::string describeBelowShare(const RooflineAnalysis &Analysis) {
  std::size_t N = Analysis.BelowShare.size();
  if (N == 0)
    return {};
  return std::to_string(N) + (N == 1 ? " region" : " regions") + " below " +
         report::formatRatio(100 * Analysis.MinShare) +
         "% of the run's time left out (--min-share 0 shows them)";
}

namespace {

/// "3 regions not on the roofline (2 no floating-point operations, 1 no
/// self time measured); --verbose lists them".
std::string summariseSkipped(const std::vector<const SkippedRegion *> &Skipped) {
  std::map<std::string, std::size_t> ByReason;
  for (const SkippedRegion *S : Skipped)
    ++ByReason[S->Reason];
  std::string Line = std::to_string(Skipped.size()) +
                     (Skipped.size() == 1 ? " region" : " regions") + " not on the roofline (";
  bool First = true;
  for (const auto &[Reason, Count] : ByReason) {
    Line += (First ? "" : ", ") + std::to_string(Count) + " " + Reason;
    First = false;
  }
  return Line + "); --verbose lists them";
}

} // namespace

std::string describeRegions(const RooflineAnalysis &Analysis, std::size_t Limit,
                            SkippedLines Lines) {
  std::ostringstream Out;
  const RooflineModel &Model = Analysis.Model;
  if (Model.Threads == 1)
    Out << "roofline ceilings (1 thread):";
  else
    Out << "roofline ceilings per thread (" << Model.Threads << "-thread ceilings / "
        << Model.Threads << "; regions' rates are per thread):";
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
  std::vector<const SkippedRegion *> Unplaced;
  for (const auto &Skipped : Analysis.Skipped) {
    if (Skipped.Reason == NeverRanReason)
      Idle.push_back(Skipped.Region.Demangled);
    else
      Unplaced.push_back(&Skipped);
  }
  if (Lines == SkippedLines::List)
    for (const SkippedRegion *S : Unplaced)
      Out << S->Region.Demangled << ": not on the roofline (" << S->Reason << ")\n";
  else if (!Unplaced.empty())
    Out << summariseSkipped(Unplaced) << "\n";
  if (!Idle.empty()) {
    Out << Idle.size() << (Idle.size() == 1 ? " region" : " regions") << " never ran:";
    for (std::size_t I = 0; I < Idle.size(); ++I)
      Out << (I ? ", " : " ") << Idle[I];
    Out << "\n";
  }
  return Out.str();
}

} // namespace energy::roofline
