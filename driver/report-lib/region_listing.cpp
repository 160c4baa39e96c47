//===- region_listing.cpp - The per-region listing of `show` --------------===//
#include "energy/report/region_listing.h"

#include "support/Formats.h"

#include "csv/CsvText.h"

#include "energy/report/checkpoint.h"
#include "energy/report/marker_filter.h"
#include "energy/report/metrics.h"
#include "energy/report/text_table.h"
#include "energy/report/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace energy::report {

namespace {

std::vector<const Region *> selectRegions(const Report &R, const ListingOptions &Options) {
  std::vector<const Region *> Sorted = sortRegions(R, Options.sort);
  if (!Options.includeIdle)
    std::erase_if(Sorted, [](const Region *Reg) { return Reg->neverRan(); });
  if (Options.top != 0 && Sorted.size() > Options.top)
    Sorted.resize(Options.top);
  return Sorted;
}

// Length of the longest common prefix of A and B that ends with '/'.
size_t sharedDirectoryLength(const std::string &A, const std::string &B) {
  size_t Length = 0;
  for (size_t I = 0; I < A.size() && I < B.size() && A[I] == B[I]; ++I)
    if (A[I] == '/')
      Length = I + 1;
  return Length;
}

// The directory (ending in '/') that every listed region's file is under, so
// the table can show short paths; empty when there is none worth stripping.
std::string commonDirectory(const std::vector<const Region *> &Regions) {
  if (Regions.empty())
    return "";
  const std::string &First = Regions.front()->file;
  size_t Length = First.rfind('/') == std::string::npos ? 0 : First.rfind('/') + 1;
  for (const Region *Reg : Regions)
    Length = std::min(Length, sharedDirectoryLength(First, Reg->file));
  std::string Common = First.substr(0, Length);
  return Common == "/" ? "" : Common;
}

std::string location(const Region &Reg, const std::string &Directory) {
  std::string File = Reg.file.substr(Directory.size());
  if (Reg.line == 0)
    return File;
  return File + ":" + std::to_string(Reg.line);
}

std::string commandLine(const Report &R) {
  std::string Line = R.argv.empty() ? R.programPath : R.argv.front();
  for (size_t I = 1; I < R.argv.size(); ++I)
    Line += " " + R.argv[I];
  return Line;
}

std::string energySource(const Report &R) {
  if (R.hasMeasuredEnergy()) {
    for (const Source &S : R.sources)
      if (S.kind == "energy" && S.used)
        return "energy measured (" + S.name + ")";
    return "energy measured";
  }
  if (!R.model)
    return "no energy model in the report";
  return "energy modelled by " + R.model->name;
}

std::string orDash(const std::optional<double> &V, std::string (*Format)(double)) {
  return V ? Format(*V) : "-";
}

// The whole program: self times and energies add up over regions, so the row
// holds their sums and the rates they imply; inclusive times do not add up.
std::vector<std::string> summaryCells(const Report &R, bool Measured) {
  Region All;
  All.energy.modelledJoules = totalModelledJoules(R);
  std::optional<double> MeasuredJoules, IdleJoules;
  for (const Region &Reg : R.regions) {
    All.calls += Reg.calls;
    All.selfSeconds += Reg.selfSeconds;
    All.flops += Reg.flops;
    All.counts.bytesLoaded += Reg.counts.bytesLoaded;
    All.counts.bytesStored += Reg.counts.bytesStored;
    if (Reg.energy.measuredJoules)
      MeasuredJoules = MeasuredJoules.value_or(0) + *Reg.energy.measuredJoules;
    if (Reg.energy.measuredIdleJoules)
      IdleJoules = IdleJoules.value_or(0) + *Reg.energy.measuredIdleJoules;
  }
  RegionMetrics M = computeMetrics(All, All.energy.modelledJoules);
  std::vector<std::string> Cells = {"all " + std::to_string(R.regions.size()) + " regions",
                                    "",
                                    formatCount(All.calls),
                                    "-",
                                    formatSeconds(All.selfSeconds),
                                    orDash(M.flopsPerSecond, formatFlopRate),
                                    orDash(M.flopsPerByte, formatRatio),
                                    formatJoules(All.energy.modelledJoules),
                                    formatShare(All.energy.modelledJoules > 0 ? 1.0 : 0.0)};
  if (Measured)
    Cells.insert(Cells.end() - 1, orDash(MeasuredJoules, formatJoules));
  if (IdleJoules)
    Cells.insert(Cells.end() - 1, formatJoules(*IdleJoules));
  if (R.timing == "sampled")
    Cells.insert(Cells.begin() + 5, "");
  return Cells;
}

/// Beneath the regions, when several threads ran instrumented code: what
/// each did, and how unevenly (the most instructions over the mean).
void printThreadBreakdown(const Report &R, std::ostream &OS) {
  std::vector<const ThreadRow *> Ran;
  for (const ThreadRow &T : R.threadBreakdown)
    if (T.instrumented)
      Ran.push_back(&T);
  if (Ran.size() < 2)
    return;
  std::sort(Ran.begin(), Ran.end(), [](const ThreadRow *A, const ThreadRow *B) {
    return A->instructions > B->instructions;
  });
  bool Merged = R.processCount() > 1;
  std::vector<Column> Columns = {{"thread", Align::Right},       {"name", Align::Left},
                                 {"CPU time", Align::Right},     {"region time", Align::Right},
                                 {"instructions", Align::Right}, {"FLOPs", Align::Right},
                                 {"share", Align::Right}};
  if (Merged)
    Columns.insert(Columns.begin(), {"process", Align::Right});
  TextTable Table(std::move(Columns));
  uint64_t Total = 0;
  for (const ThreadRow *T : Ran)
    Total += T->instructions;
  for (const ThreadRow *T : Ran) {
    std::vector<std::string> Cells = {
        std::to_string(T->tid),
        T->name,
        orDash(T->cpuSeconds, formatSeconds),
        formatSeconds(T->regionSeconds),
        formatCount(T->instructions),
        formatCount(T->flops),
        formatShare(Total ? double(T->instructions) / double(Total) : 0.0)};
    if (Merged)
      Cells.insert(Cells.begin(), std::to_string(T->pid));
    Table.addRow(std::move(Cells));
  }
  double Mean = double(Total) / double(Ran.size());
  OS << '\n'
     << Ran.size() << " threads ran instrumented code; imbalance (most instructions over the mean) "
     << formatRatio(Mean > 0 ? double(Ran.front()->instructions) / Mean : 1.0) << '\n';
  Table.print(OS);
}

void printTable(const Report &R, const ListingOptions &Options, std::ostream &OS) {
  bool Measured = R.hasMeasuredEnergy();
  std::vector<Column> Columns = {
      {"region", Align::Left},     {"location", Align::Left},           {"calls", Align::Right},
      {"incl time", Align::Right}, {"self time", Align::Right},         {"FLOP rate", Align::Right},
      {"FLOP/B", Align::Right},    {"energy (modelled)", Align::Right}, {"share", Align::Right}};
  // Measured energy includes the machine's idle power while a region was on
  // top, whether it ran or waited: the idle part beside it.
  bool Idle = Measured && std::any_of(R.regions.begin(), R.regions.end(), [](const Region &Reg) {
                return Reg.energy.measuredIdleJoules.has_value();
              });
  if (Measured)
    Columns.insert(Columns.end() - 1, {"energy (measured)", Align::Right});
  if (Idle)
    Columns.insert(Columns.end() - 1, {"of which idle", Align::Right});
  // A sampled self time is an estimate: its standard deviation beside it.
  bool Sampled = R.timing == "sampled";
  if (Sampled)
    Columns.insert(Columns.begin() + 5, {"±", Align::Right});
  TextTable Table(std::move(Columns));

  double Total = totalModelledJoules(R);
  std::vector<const Region *> Listed = selectRegions(R, Options);
  std::string Directory = commonDirectory(Listed);
  for (const Region *Reg : Listed) {
    RegionMetrics M = computeMetrics(*Reg, Total);
    std::vector<std::string> Cells = {elideName(Reg->demangled, Options.nameWidth),
                                      elidePath(location(*Reg, Directory), Options.locationWidth),
                                      formatCount(Reg->calls),
                                      formatSeconds(Reg->inclusiveSeconds),
                                      formatSeconds(Reg->selfSeconds),
                                      orDash(M.flopsPerSecond, formatFlopRate),
                                      orDash(M.flopsPerByte, formatRatio),
                                      formatJoules(Reg->energy.modelledJoules),
                                      formatShare(M.energyShare)};
    if (Measured)
      Cells.insert(Cells.end() - 1, orDash(Reg->energy.measuredJoules, formatJoules));
    if (Idle)
      Cells.insert(Cells.end() - 1, orDash(Reg->energy.measuredIdleJoules, formatJoules));
    if (Sampled)
      Cells.insert(Cells.begin() + 5, orDash(Reg->selfUncertainty, formatSeconds));
    Table.addRow(std::move(Cells));
  }
  Table.setSummaryRow(summaryCells(R, Measured));

  OS << listingHeader(R, Options);
  if (!Directory.empty())
    OS << " | files in " << Directory;
  OS << '\n';
  Table.print(OS);
  printThreadBreakdown(R, OS);
}

// Keys in the order of the table's columns, for people reading the JSON.
using ojson = nlohmann::ordered_json;

ojson toJson(const std::optional<double> &V) { return V ? ojson(*V) : ojson(nullptr); }

ojson regionJson(const Region &Reg, const RegionMetrics &M) {
  return {{"id", Reg.id},
          {"name", Reg.name},
          {"demangled", Reg.demangled},
          {"kind", Reg.kind},
          {"file", Reg.file},
          {"line", Reg.line},
          {"calls", Reg.calls},
          {"inclusive_s", Reg.inclusiveSeconds},
          {"self_s", Reg.selfSeconds},
          {"self_uncertainty_s", toJson(Reg.selfUncertainty)},
          {"flops", Reg.flops},
          {"bytes_loaded", Reg.counts.bytesLoaded},
          {"bytes_stored", Reg.counts.bytesStored},
          {"flop_per_s", toJson(M.flopsPerSecond)},
          {"flop_per_byte", toJson(M.flopsPerByte)},
          {"energy_j",
           {{"modelled", Reg.energy.modelledJoules},
            {"measured", toJson(Reg.energy.measuredJoules)},
            {"measured_idle", toJson(Reg.energy.measuredIdleJoules)}}},
          {"energy_share", M.energyShare}};
}

void printJson(const Report &R, const ListingOptions &Options, std::ostream &OS) {
  double Total = totalModelledJoules(R);
  ojson Regions = ojson::array();
  for (const Region *Reg : selectRegions(R, Options))
    Regions.push_back(regionJson(*Reg, computeMetrics(*Reg, Total)));
  ojson Doc = {{"format", format::Show.Name},
               {"version", format::Show.Version},
               {"report", R.origin},
               {"program", R.programPath},
               {"argv", R.argv},
               {"wall_time_s", R.wallSeconds},
               {"energy", R.hasMeasuredEnergy() ? "measured" : "modelled"},
               {"model", R.model ? ojson(R.model->name) : ojson(nullptr)},
               {"sort", std::string(sortKeyName(Options.sort))},
               {"regions_total", R.regions.size()},
               {"energy_total_j", Total},
               {"regions", std::move(Regions)}};
  OS << Doc.dump(2) << '\n';
}

// Full precision, so that a script reading the CSV gets the report's values.
std::string number(double V) {
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%.17g", V);
  return Buf;
}

std::string optionalNumber(const std::optional<double> &V) { return V ? number(*V) : ""; }

void printCsv(const Report &R, const ListingOptions &Options, std::ostream &OS) {
  csv::writeRecord(OS, {"id", "name", "demangled", "kind", "file", "line", "calls", "inclusive_s",
                        "self_s", "flops", "bytes_loaded", "bytes_stored", "flop_per_s",
                        "flop_per_byte", "energy_modelled_j", "energy_measured_j", "energy_share"});
  double Total = totalModelledJoules(R);
  for (const Region *Reg : selectRegions(R, Options)) {
    RegionMetrics M = computeMetrics(*Reg, Total);
    csv::writeRecord(OS, {std::to_string(Reg->id), Reg->name, Reg->demangled, Reg->kind, Reg->file,
                          std::to_string(Reg->line), std::to_string(Reg->calls),
                          number(Reg->inclusiveSeconds), number(Reg->selfSeconds),
                          std::to_string(Reg->flops), std::to_string(Reg->counts.bytesLoaded),
                          std::to_string(Reg->counts.bytesStored), optionalNumber(M.flopsPerSecond),
                          optionalNumber(M.flopsPerByte), number(Reg->energy.modelledJoules),
                          optionalNumber(Reg->energy.measuredJoules), number(M.energyShare)});
  }
}

} // namespace

std::optional<ListingFormat> parseListingFormat(const std::string &Name) {
  if (Name == "table")
    return ListingFormat::Table;
  if (Name == "csv")
    return ListingFormat::Csv;
  if (Name == "json")
    return ListingFormat::Json;
  return std::nullopt;
}

/// Said once, not per region: code built without -g has no lines, so its
/// loops are named by their place in their function (docs/pass.md).
static std::string withoutDebugInfo(const Report &R) {
  size_t Loops = std::count_if(R.regions.begin(), R.regions.end(), [](const Region &Reg) {
    return Reg.kind == "loop" && Reg.line == 0;
  });
  return Loops ? " | " + std::to_string(Loops) +
                     " loops without debug info (built without -g): named by their place in "
                     "their function"
               : "";
}

/// Said when the markers cost enough to be worth a second build.
static std::string markerCost(const Report &R) {
  std::string Note = markerCostNote(R);
  return Note.empty() ? "" : " | " + Note;
}

/// Said when the samples stand for much less CPU time than the sampled
/// threads ran: a thread that blocks the sampling signal (a library that
/// starts its workers with every signal blocked, as liblzma does) takes no
/// samples, and its regions show calls but no time, which would otherwise
/// read as regions that cost nothing. Contention loses a few percent
/// (docs/runtime.md), so only a fifth or more, and 20 periods or more, is
/// said.
static std::string samplingGap(const Report &R) {
  if (R.timing != "sampled" || !R.sampledCpuSeconds || !R.timedCpuSeconds || R.sampleRateHz <= 0)
    return "";
  double Sampled = *R.sampledCpuSeconds, Timed = *R.timedCpuSeconds;
  if (Sampled >= 0.8 * Timed || (Timed - Sampled) * R.sampleRateHz < 20)
    return "";
  return " | samples cover only " + formatShare(Sampled / Timed) + " of the sampled threads' CPU " +
         "time (" + formatSeconds(Sampled) + " of " + formatSeconds(Timed) +
         "): threads that block the sampling signal (started with every signal blocked) take "
         "no samples, so their regions show no time";
}

std::string listingHeader(const Report &R, const ListingOptions &Options) {
  size_t Idle = Options.includeIdle
                    ? 0
                    : std::count_if(R.regions.begin(), R.regions.end(),
                                    [](const Region &Reg) { return Reg.neverRan(); });
  size_t Shown = R.regions.size() - Idle;
  if (Options.top != 0)
    Shown = std::min(Shown, Options.top);
  // Times are summed over threads, so say how many there were.
  std::string Threads =
      (R.processCount() > 1 ? " | " + std::to_string(R.processCount()) + " processes" : "") +
      (R.threads > 1 ? " | " + std::to_string(R.threads) + " threads" : "") +
      (R.threads > 1 && R.threadsInstrumented
           ? ", " + std::to_string(*R.threadsInstrumented) + " ran instrumented code"
           : "");
  std::string Timing =
      R.timing == "sampled"
          ? " | times: CPU, sampled at " + formatCount(uint64_t(R.sampleRateHz)) + " Hz"
      : R.timing == "mixed"
          ? " | times: mixed, CPU time of sampled processes and wall time of exact ones"
          : "";
  std::string Checkpoint = checkpointNote(R);
  return (Checkpoint.empty() ? "" : Checkpoint + " | ") + "program " + commandLine(R) + " | wall " +
         formatSeconds(R.wallSeconds) + Threads + Timing + " | " + energySource(R) + " | " +
         std::to_string(Shown) + " of " + std::to_string(R.regions.size()) + " regions by " +
         std::string(sortKeyName(Options.sort)) +
         (Idle ? " (" + std::to_string(Idle) + " never ran; --all lists them)" : "") +
         (R.regionsNotRun ? " | " + std::to_string(R.regionsNotRun) +
                                " regions of functions that never ran not written"
                          : "") +
         samplingGap(R) + withoutDebugInfo(R) + markerCost(R);
}

void printListing(const Report &R, const ListingOptions &Options, ListingFormat Format,
                  std::ostream &OS) {
  switch (Format) {
  case ListingFormat::Table:
    printTable(R, Options, OS);
    return;
  case ListingFormat::Csv:
    printCsv(R, Options, OS);
    return;
  case ListingFormat::Json:
    printJson(R, Options, OS);
    return;
  }
}

} // namespace energy::report
