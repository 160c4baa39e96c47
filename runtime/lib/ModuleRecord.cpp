//===- ModuleRecord.cpp - Registration, merging and retirement of a module ===//
#include "ModuleRecord.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace energy::rt {

namespace {

/// Checks what the runtime will dereference, so that a corrupt or foreign
/// descriptor is refused at registration instead of crashing later.
const char *descriptorProblem(const energy_module &D) {
  if (D.num_regions && !D.regions)
    return "regions table missing";
  if (D.num_blocks && !D.blocks)
    return "blocks table missing";
  if (D.num_dynamic && !D.dynamic)
    return "dynamic-counter table missing";
  if ((D.num_counters || D.num_dynamic) && !D.thread_counters)
    return "thread counter getter missing";
  if (D.num_terms && !D.terms)
    return "count terms table missing";
  if (!D.num_terms && D.num_counters != D.num_blocks)
    return "counters without count terms";
  if (D.num_lines && (!D.lines || !D.line_files))
    return "line table missing";
  // The line table's entries are checked where they are read, at report
  // time (lineCounts()): SQLite's 40 thousand would cost every run a million
  // instructions at start-up. Its inline sites are few, and a chain that
  // did not end would not end a walk.
  if (D.num_inline_sites && !D.inline_sites)
    return "inline sites table missing";
  // A site's caller comes before it, so every chain ends.
  for (uint32_t I = 0; I < D.num_inline_sites; ++I)
    if (D.inline_sites[I].file >= D.num_line_files ||
        (D.inline_sites[I].caller != ENERGY_NO_SITE && D.inline_sites[I].caller >= I))
      return "inline site names a file or caller that does not exist";
  // Count terms are checked where they are read (blockCount(),
  // regionCounts()), as line entries are: walking Lua's 11,600 here cost a
  // quarter of a million instructions at every start.
  return nullptr;
}

} // namespace

ModuleRecord::ModuleRecord(energy_module *D, uint32_t Ordinal, uint32_t RegionBase)
    : Ordinal(Ordinal), RegionBase(RegionBase), NumRegions(D->num_regions),
      NumBlocks(D->num_blocks), NumDynamic(D->num_dynamic), NumCounters(D->num_counters),
      NumTerms(D->num_terms), Hash(D->hash),
      Timing(D->timing == ENERGY_TIMING_SAMPLED ? ENERGY_TIMING_SAMPLED : ENERGY_TIMING_EXACT),
      Continuous((D->flags & ENERGY_MODULE_CONTINUOUS) != 0), Source(D->source ? D->source : ""),
      Regions(D->regions), Blocks(D->blocks), Dynamic(D->dynamic), Terms(D->terms),
      Lines(D->num_lines ? D->lines : nullptr), NumLines(D->num_lines), LineFiles(D->line_files),
      NumLineFiles(D->num_line_files), InlineSites(D->num_inline_sites ? D->inline_sites : nullptr),
      NumInlineSites(D->num_inline_sites), RegionBodyHashes(D->region_body_hashes), Desc(D) {}

ModuleRecord *ModuleRecord::create(energy_module *Desc, uint32_t Ordinal, uint32_t RegionBase,
                                   std::string &Problem) noexcept {
  if (const char *Bad = descriptorProblem(*Desc)) {
    Problem = Bad;
    return nullptr;
  }
  try {
    auto *R = new ModuleRecord(Desc, Ordinal, RegionBase);
    R->Counts.assign(size_t(R->NumCounters) + R->NumDynamic, 0);
    R->Totals.assign(R->NumRegions, RegionTotals{});
    R->FunctionRegion.reset(new uint8_t[R->NumRegions ? R->NumRegions : 1]);
    for (uint32_t I = 0; I < R->NumRegions; ++I)
      R->FunctionRegion[I] = Desc->regions[I].kind == ENERGY_REGION_FUNCTION ||
                             Desc->regions[I].kind == ENERGY_REGION_MPI;
    R->planFrames();
    return R;
  } catch (const std::bad_alloc &) {
    Problem = "out of memory";
    return nullptr;
  }
}

/// Each region's function, and each sampled function's slots for its nested
/// regions: its deepest nesting, counted as the pass counts it (abi.h).
void ModuleRecord::planFrames() {
  size_t N = NumRegions ? NumRegions : 1;
  InnerSlots.reset(new uint16_t[N]());
  FrameOf.reset(new uint32_t[N]());
  for (uint32_t R = 0; R < NumRegions; ++R) {
    uint32_t Function = FrameOf[R] = functionOf(R);
    if (Timing != ENERGY_TIMING_SAMPLED || Function == R)
      continue;
    uint32_t Nesting = 0;
    for (uint32_t Up = R; Up != Function && Nesting < ENERGY_REGION_STACK_SLACK - 1;
         Up = Regions[Up].parent)
      ++Nesting;
    InnerSlots[Function] = std::max<uint16_t>(InnerSlots[Function], uint16_t(Nesting));
  }
}

void ModuleRecord::addCounters(const uint64_t *C) noexcept {
  if (!C)
    return;
  for (size_t I = 0, N = Counts.size(); I < N; ++I)
    Counts[I] += C[I];
}

uint64_t *ModuleRecord::callingThreadCounters() const noexcept {
  if (!Desc || Counts.empty())
    return nullptr;
  return Desc->thread_counters();
}

const char *ModuleRecord::keep(const char *Text) {
  if (!Text)
    return nullptr;
  return OwnedStrings.emplace_back(Text).c_str();
}

void ModuleRecord::identifyObject() noexcept {
  if (Desc && !Object.Known)
    Object = loadedObjectAt(Desc);
}

void ModuleRecord::retire() noexcept {
  if (!Desc)
    return;
  identifyObject();
  try {
    OwnedRegions.assign(Regions, Regions + NumRegions);
    for (energy_region &R : OwnedRegions) {
      R.name = keep(R.name);
      R.demangled = keep(R.demangled);
      R.file = keep(R.file);
    }
    OwnedBlocks.assign(Blocks, Blocks + NumBlocks);
    OwnedDynamic.assign(Dynamic, Dynamic + NumDynamic);
    OwnedTerms.assign(Terms, Terms + NumTerms);
    retireLineTable();
    Source = keep(Source);
    Regions = OwnedRegions.data();
    Blocks = OwnedBlocks.data();
    Dynamic = OwnedDynamic.data();
    Terms = OwnedTerms.data();
  } catch (const std::bad_alloc &) {
    forget();
  }
  Desc = nullptr;
}

void ModuleRecord::retireLineTable() {
  OwnedLines.assign(Lines, Lines + NumLines);
  for (uint32_t F = 0; F < NumLineFiles; ++F)
    OwnedLineFiles.push_back(keep(LineFiles[F]));
  OwnedInlineSites.assign(InlineSites, InlineSites + NumInlineSites);
  for (energy_inline_site &Site : OwnedInlineSites)
    Site.function = keep(Site.function);
  if (RegionBodyHashes)
    OwnedBodyHashes.assign(RegionBodyHashes, RegionBodyHashes + NumRegions);
  Lines = OwnedLines.data();
  LineFiles = OwnedLineFiles.data();
  InlineSites = OwnedInlineSites.data();
  RegionBodyHashes = RegionBodyHashes ? OwnedBodyHashes.data() : nullptr;
}

void ModuleRecord::forget() noexcept {
  Source = "<unloaded module>";
  Regions = nullptr;
  Blocks = nullptr;
  Dynamic = nullptr;
  Terms = nullptr;
  Lines = nullptr;
  NumLines = 0;
  InlineSites = nullptr;
  NumInlineSites = 0;
  RegionBodyHashes = nullptr;
  Desc = nullptr;
}

void ModuleRecord::resetTotals() noexcept {
  std::fill(Counts.begin(), Counts.end(), 0);
  std::fill(Totals.begin(), Totals.end(), RegionTotals{});
  std::fill(CounterTotals.begin(), CounterTotals.end(), 0.0);
}

void ModuleRecord::addRegionCounters(uint32_t Region, const double *Values,
                                     unsigned Stride) noexcept {
  if (!Values || !Stride || Region >= NumRegions)
    return;
  if (CounterTotals.empty()) {
    try {
      CounterTotals.assign(size_t(NumRegions) * Stride, 0.0);
    } catch (const std::bad_alloc &) {
      return;
    }
    CounterStride = Stride;
  }
  if (Stride != CounterStride)
    return;
  double *Into = &CounterTotals[size_t(Region) * Stride];
  for (unsigned I = 0; I < Stride; ++I)
    Into[I] += Values[I];
}

} // namespace energy::rt
