//===- marker_filter.cpp - The regions whose markers cost more than they tell -===//
#include "energy/report/marker_filter.h"

#include "energy/report/region_paths.h"
#include "energy/report/report_error.h"
#include "energy/report/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string_view>

namespace energy::report {

namespace {

constexpr double SampledEntryCost = 10;
constexpr double ExactEntryCost = 165;

/// Visits the regions that enclose From, innermost first; a damaged parent
/// chain is followed no further than the number of regions.
template <typename Visit> void forEachAncestor(const Report &R, const Region &From, Visit V) {
  std::optional<uint64_t> Parent = From.parent;
  for (size_t Steps = 0; Parent && *Parent < R.regions.size() && Steps < R.regions.size();
       ++Steps) {
    const Region &Up = R.regions[*Parent];
    V(Up);
    Parent = Up.parent;
  }
}

struct RegionFacts {
  double Work = 0;            /// its own and its nested regions' instructions
  bool HasNested = false;     /// loop or user regions inside it
  bool HasUserRegion = false; /// markers the user wrote, which keep it timed
  bool Marked = false;
};

std::vector<RegionFacts> regionFacts(const Report &R) {
  // Indexed by id, which the reader checks is the region's index.
  std::vector<RegionFacts> Facts(R.regions.size());
  for (const Region &Reg : R.regions) {
    Facts[Reg.id].Work += double(Reg.counts.instructions);
    forEachAncestor(R, Reg, [&](const Region &Up) {
      Facts[Up.id].Work += double(Reg.counts.instructions);
      Facts[Up.id].HasNested = true;
      Facts[Up.id].HasUserRegion |= Reg.kind == "user";
    });
  }
  bool Sampled = R.timing != "exact";
  for (const Region &Reg : R.regions) {
    RegionFacts &F = Facts[Reg.id];
    if (Reg.kind != "function")
      F.Marked = true;
    else if (Sampled)
      F.Marked = F.HasNested || Reg.inclusiveSeconds > Reg.selfSeconds;
    else
      F.Marked = F.HasNested || Reg.inclusiveSeconds > 0;
  }
  return Facts;
}

/// A function with user regions stays timed whatever a filter says (the
/// pass's rule 0, docs/pass.md): no rule is written for it.
bool isCandidate(const Region &Reg, const RegionFacts &Facts) {
  return Reg.kind == "loop" || (Reg.kind == "function" && !Facts.HasUserRegion);
}

/// A name as a glob that matches it alone.
std::string literalGlob(const std::string &Name) {
  std::string Glob;
  for (char C : Name) {
    if (std::string_view("*?[]{}\\").find(C) != std::string_view::npos)
      Glob += '\\';
    Glob += C;
  }
  return Glob;
}

std::string percent(double Part, double Whole) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.1f%%", Whole > 0 ? 100 * Part / Whole : 0.0);
  return Text;
}

} // namespace

double defaultEntryCost(const Report &R) {
  return R.timing == "exact" ? ExactEntryCost : SampledEntryCost;
}

MarkerFilter chooseUnmarkedRegions(const Report &R, const MarkerFilterOptions &Options) {
  if (!(Options.budget >= 0 && Options.budget < 1))
    throw ReportError("the markers' budget must be a share from 0 to below 1");
  if (!(Options.entryCost >= 0) || !std::isfinite(Options.entryCost))
    throw ReportError("the cost of an entry must be a number of instructions, 0 or more");
  MarkerFilter Filter;
  Filter.entryCost = Options.entryCost > 0 ? Options.entryCost : defaultEntryCost(R);
  Filter.runInstructions = double(R.totalCounts.instructions);
  std::vector<RegionFacts> Facts = regionFacts(R);
  auto Cost = [&](const Region &Reg) { return double(Reg.calls) * Filter.entryCost; };

  std::vector<const Region *> Candidates;
  for (const Region &Reg : R.regions) {
    if (!Facts[Reg.id].Marked)
      continue;
    Filter.markersBefore += Cost(Reg);
    if (isCandidate(Reg, Facts[Reg.id]) && Reg.calls > 0)
      Candidates.push_back(&Reg);
  }
  // The dearest markers first: a region entered once costs nothing worth
  // its time, whatever it did.
  auto Waste = [&](const Region *Reg) { return Cost(*Reg) / std::max(Facts[Reg->id].Work, 1.0); };
  std::sort(Candidates.begin(), Candidates.end(), [&](const Region *A, const Region *B) {
    return Cost(*A) != Cost(*B) ? Cost(*A) > Cost(*B) : A->id < B->id;
  });

  std::vector<bool> Unmarked(R.regions.size(), false);
  double Left = Filter.markersBefore;
  double Allowed = Options.budget * Filter.runInstructions;
  for (const Region *Reg : Candidates) {
    if (Left <= Allowed)
      break;
    if (Unmarked[Reg->id] || Waste(Reg) <= Options.budget)
      continue;
    size_t Function = functionOf(R, Reg->id);
    if (Function != NoRegion && Function != Reg->id && Unmarked[Function])
      continue;
    Unmarked[Reg->id] = true;
    Left -= Cost(*Reg);
    if (Reg->kind == "function")
      // Its loops and user regions go with its markers.
      for (const Region &Inner : R.regions)
        if (!Unmarked[Inner.id] && functionOf(R, Inner.id) == Reg->id && &Inner != Reg) {
          Unmarked[Inner.id] = true;
          Left -= Cost(Inner);
        }
    Filter.unmarked.push_back({Reg, Cost(*Reg), Facts[Reg->id].Work});
  }
  // A loop chosen before its function was: the function's rule covers it.
  std::erase_if(Filter.unmarked, [&](const UnmarkedRegion &U) {
    size_t Function = functionOf(R, U.region->id);
    return Function != NoRegion && Function != U.region->id && Unmarked[Function];
  });
  Filter.markersAfter = std::max(Left, 0.0);
  return Filter;
}

std::string markerCostNote(const Report &R) {
  // A share of the run, and a millisecond or so of it: a short run's few
  // entries are not worth a second build whatever their share.
  constexpr double WorthSaying = 0.05, WorthInstructions = 1e6;
  MarkerFilter Filter = chooseUnmarkedRegions(R, {});
  if (Filter.markersBefore < WorthInstructions ||
      Filter.markersBefore < WorthSaying * Filter.runInstructions)
    return "";
  return "region markers: an estimated " + percent(Filter.markersBefore, Filter.runInstructions) +
         " of the counted instructions (energy-report filter unmarks the dearest)";
}

std::string markerFilterSummary(const MarkerFilter &Filter) {
  size_t N = Filter.unmarked.size();
  return std::to_string(N) + (N == 1 ? " region" : " regions") + " to unmark: markers ~" +
         percent(Filter.markersBefore, Filter.runInstructions) + " of the run's instructions, " +
         percent(Filter.markersAfter, Filter.runInstructions) + " after";
}

std::string markerFilterText(const MarkerFilter &Filter, const Report &R) {
  std::ostringstream Out;
  Out << "energypass-filter 2\n"
      << "# Written by energy-report filter from " << R.origin << " ("
      << (R.programPath.empty() ? "unknown program" : R.programPath) << ").\n"
      << "# Markers estimated at " << Filter.entryCost << " instructions per region entry ("
      << R.timing << " timing); the run counted " << formatCount(uint64_t(Filter.runInstructions))
      << " instructions.\n"
      << "# " << markerFilterSummary(Filter) << ".\n"
      << "# Build with energycc --energy-filter=THIS_FILE: counts stay exact; the regions below\n"
      << "# lose their own time (a loop's goes to the region around it, a function's is found\n"
      << "# by the samples' program counters).\n";
  for (const UnmarkedRegion &U : Filter.unmarked) {
    const Region &Reg = *U.region;
    Out << "# " << formatCount(Reg.calls) << (Reg.calls == 1 ? " entry, " : " entries, ")
        << formatCount(uint64_t(U.workInstructions / double(Reg.calls))) << " instructions each"
        << ": markers ~" << percent(U.markerInstructions, U.workInstructions) << " of its work\n"
        << (Reg.kind == "loop" ? "exclude loop " : "unmark function ") << literalGlob(Reg.name)
        << "\n";
  }
  return Out.str();
}

} // namespace energy::report
