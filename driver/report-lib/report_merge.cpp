//===- report_merge.cpp - Folding many processes' reports into one --------===//
//
// Works on the documents rather than on the validated Report, so that every
// key the runtime writes (every count, counter, footprint and diagnostic)
// survives into the merged file, which every tool then reads like any report.
// The rules are in docs/formats/report.md, Merged reports.
//
//===----------------------------------------------------------------------===//
#include "energy/report/report_merge.h"

#include "energy/report/line_table.h"
#include "energy/report/reader.h"
#include "energy/report/report_error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace energy::report {

namespace {

using nlohmann::json;

/// Keys that describe how something was measured rather than count it: two
/// processes sampled at 1000 Hz were sampled at 1000 Hz, not 2000.
bool describesMeasurement(const std::string &Key) {
  return Key == "rate_hz" || Key == "period_s" || Key == "sample_one_in" || Key == "line_bytes";
}

/// Adds `From` into `Into`: numbers add (integers stay exact integers),
/// objects add key by key, a flag is set when either input set it, and null
/// (not measured) gives way to a value. Strings and arrays keep the first.
void addValues(json &Into, const json &From) {
  if (From.is_null())
    return;
  if (Into.is_null()) {
    Into = From;
    return;
  }
  if (Into.is_object() && From.is_object()) {
    for (const auto &[Key, Value] : From.items()) {
      if (!Into.contains(Key))
        Into[Key] = Value;
      else if (Key == "max_depth")
        Into[Key] = std::max(Into[Key].get<uint64_t>(), Value.get<uint64_t>());
      else if (!describesMeasurement(Key))
        addValues(Into[Key], Value);
    }
  } else if (Into.is_number_unsigned() && From.is_number_unsigned()) {
    Into = Into.get<uint64_t>() + From.get<uint64_t>();
  } else if (Into.is_number_integer() && From.is_number_integer()) {
    Into = Into.get<int64_t>() + From.get<int64_t>();
  } else if (Into.is_number() && From.is_number()) {
    Into = Into.get<double>() + From.get<double>();
  } else if (Into.is_boolean() && From.is_boolean()) {
    Into = Into.get<bool>() || From.get<bool>();
  }
}

/// One standard deviation of a sum of independent estimates.
double inQuadrature(double A, double B) { return std::sqrt(A * A + B * B); }

/// `time_s` of a region or call path: times and sample periods add; the
/// processes' sampling errors are independent, so uncertainties add in
/// quadrature.
void addTimes(json &Into, const json &From) {
  json Uncertainty = Into.value("uncertainty", json());
  json FromUncertainty = From.value("uncertainty", json());
  addValues(Into, From);
  if (Uncertainty.is_object() && FromUncertainty.is_object())
    for (const char *Key : {"inclusive", "self"})
      Into["uncertainty"][Key] =
          inQuadrature(Uncertainty.value(Key, 0.0), FromUncertainty.value(Key, 0.0));
}

void addRegion(json &Into, const json &From) {
  Into["calls"] = Into["calls"].get<uint64_t>() + From["calls"].get<uint64_t>();
  addTimes(Into["time_s"], From["time_s"]);
  for (const char *Section : {"counts", "energy_j", "counters", "footprint"})
    if (From.contains(Section))
      addValues(Into[Section], From[Section]);
}

/// What one rank did in a region, for a job report's `by_rank`.
json rankEntry(const json &Region, uint64_t Rank) {
  json Entry = {{"rank", Rank},
                {"calls", Region["calls"]},
                {"self_s", Region["time_s"]["self"]},
                {"counts", Region["counts"]}};
  if (Region.contains("energy_j"))
    Entry["energy_j"] = Region["energy_j"];
  return Entry;
}

/// Adds the rank's (or, from a job report, the ranks') share of a region
/// to the merged region's `by_rank`; `Fresh`: Into is From's copy.
void addByRank(json &Into, const json &From, std::optional<uint64_t> Rank, bool Fresh) {
  if (From.contains("by_rank")) {
    if (!Fresh)
      for (const json &Entry : From["by_rank"])
        Into["by_rank"].push_back(Entry);
  } else if (Rank) {
    Into["by_rank"].push_back(rankEntry(From, *Rank));
  }
}

/// The rank a report describes, when it is one rank's report.
std::optional<uint64_t> rankOf(const json &Doc) {
  if (!Doc.contains("job") || !Doc["job"].contains("rank"))
    return std::nullopt;
  return Doc["job"]["rank"].get<uint64_t>();
}

/// A sampled call path has no entry count; one with none has none merged.
void addCallNode(json &Into, const json &From) {
  if (Into["calls"].is_null() || From["calls"].is_null())
    Into["calls"] = nullptr;
  else
    Into["calls"] = Into["calls"].get<uint64_t>() + From["calls"].get<uint64_t>();
  addTimes(Into["time_s"], From["time_s"]);
}

/// Seconds since the epoch of the runtime's ISO 8601 UTC start_time
/// (2026-11-30T00:00:00Z, perhaps with fractional seconds); nullopt if not.
std::optional<double> epochSeconds(const std::string &Iso) {
  std::tm T{};
  double Seconds = 0;
  if (std::sscanf(Iso.c_str(), "%d-%d-%dT%d:%d:%lf", &T.tm_year, &T.tm_mon, &T.tm_mday, &T.tm_hour,
                  &T.tm_min, &Seconds) != 6)
    return std::nullopt;
  T.tm_year -= 1900;
  T.tm_mon -= 1;
  return double(timegm(&T)) + Seconds;
}

/// Two reports describe the same process when host, pid and start agree.
/// (`at`: a merged input's processes are not validated by the reader.)
std::string processIdentity(const json &Process, const std::string &Host) {
  return Process.value("hostname", Host) + "/" +
         std::to_string(Process.at("pid").get<long long>()) + "/" +
         Process.at("start_time").get<std::string>();
}

json processEntry(const json &Program, const std::string &Host, const std::string &Origin) {
  return {{"path", Program["path"]},
          {"argv", Program["argv"]},
          {"pid", Program["pid"]},
          {"start_time", Program["start_time"]},
          {"wall_time_s", Program["wall_time_s"]},
          {"hostname", Host},
          {"report", Origin}};
}

/// A timeline with the regions its threads were in renumbered by Map (null
/// for a region Map does not know).
json renumberedTimeline(json Timeline, const std::vector<size_t> &Map) {
  for (json &Interval : Timeline["intervals"])
    for (json &Thread : Interval["threads"])
      if (json &Region = Thread["region"]; Region.is_number_unsigned())
        Region = Region.get<size_t>() < Map.size() ? json(Map[Region.get<size_t>()]) : json();
  return Timeline;
}

} // namespace

void ReportMerger::add(const json &Doc, const std::string &Origin) {
  // parseReport() leaves out sections that only merging reads (modules,
  // processes, counters, diagnostics): a damaged one is the input's fault.
  try {
    addDocument(Doc, Origin);
  } catch (const json::exception &E) {
    throw ReportError(Origin + ": a section the merge reads is damaged (" + E.what() +
                      "); re-run the program or leave the file out");
  }
}

void ReportMerger::addDocument(const json &Doc, const std::string &Origin) {
  size_t FirstProcess = Processes.size();
  addProgram(Doc, Origin);
  if (Added == 0) {
    Skeleton = json::object();
    for (const char *Key : {"machine", "model", "threads", "threads_instrumented",
                            "threads_not_broken_down", "totals", "diagnostics"})
      if (Doc.contains(Key))
        Skeleton[Key] = Doc[Key];
  } else {
    for (const char *Key :
         {"threads", "threads_instrumented", "threads_not_broken_down", "totals", "diagnostics"})
      if (Doc.contains(Key))
        addValues(Skeleton[Key], Doc[Key]);
    if (Skeleton["model"].is_null())
      Skeleton["model"] = Doc["model"];
  }
  addSources(Doc["sources"]);
  addThreadBreakdown(Doc);
  addTiming(Doc);
  addJob(Doc);
  std::vector<size_t> RegionIndex = addRegions(Doc);
  addCallTree(Doc, RegionIndex);
  addLines(Doc, RegionIndex);
  addProcessTimelines(Doc, FirstProcess, RegionIndex);
  ++Added;
}

// Each thread keeps the process it ran in (an input merged already names
// its own).
void ReportMerger::addThreadBreakdown(const json &Doc) {
  for (json Thread : Doc.value("thread_breakdown", json::array())) {
    if (!Thread.contains("pid"))
      Thread["pid"] = Doc.at("program").at("pid");
    ThreadBreakdown.push_back(std::move(Thread));
  }
}

void ReportMerger::addProgram(const json &Doc, const std::string &Origin) {
  const json &Program = Doc["program"];
  std::string Host = Doc["machine"]["hostname"].get<std::string>();
  // A merged input brings the processes it lists rather than itself.
  if (Program.contains("processes"))
    for (const json &Process : Program["processes"])
      addProcess(Process, Process.value("report", Origin), Origin);
  else
    addProcess(processEntry(Program, Host, Origin), Origin, Origin);
  double Wall = Program["wall_time_s"].get<double>();
  LongestWall = std::max(LongestWall, Wall);
  std::optional<double> Start = epochSeconds(Program["start_time"].get<std::string>());
  StartsKnown = StartsKnown && Start;
  if (Added == 0 || (Start && *Start < FirstStart)) {
    Earliest = Program;
    FirstStart = Start.value_or(0);
  }
  if (Start)
    LastEnd = Added == 0 ? *Start + Wall : std::max(LastEnd, *Start + Wall);
}

void ReportMerger::addProcess(json Process, const std::string &Report, const std::string &Input) {
  std::string Identity = processIdentity(Process, Process.value("hostname", ""));
  auto [It, New] = ProcessInput.emplace(Identity, Input);
  if (!New)
    throw ReportError(Input + ": holds process " +
                      std::to_string(Process.at("pid").get<long long>()) + " (started " +
                      Process.at("start_time").get<std::string>() + "), which " + It->second +
                      " holds too; merging both would count it twice, leave "
                      "one out");
  Process["report"] = Report;
  Processes.push_back(std::move(Process));
}

void ReportMerger::addSources(const json &From) {
  for (const json &Source : From) {
    auto Same = std::find_if(Sources.begin(), Sources.end(),
                             [&](const json &S) { return S["name"] == Source["name"]; });
    if (Same == Sources.end()) {
      Sources.push_back(Source);
      continue;
    }
    // Present or used in any process is present or used in the merged run;
    // the detail is that of the first process where it was present.
    if (!(*Same)["present"].get<bool>() && Source["present"].get<bool>())
      (*Same)["detail"] = Source["detail"];
    addValues((*Same)["present"], Source["present"]);
    addValues((*Same)["used"], Source["used"]);
  }
}

// A job report merges rank reports (or job reports) of one job: the same
// launcher and id; each rank once, since one rank is one process.
void ReportMerger::addJob(const json &Doc) {
  const json *From = Doc.contains("job") ? &Doc["job"] : nullptr;
  if (Added == 0 && From)
    Job = {{"launcher", (*From)["launcher"]}, {"id", (*From)["id"]}, {"size", (*From)["size"]}};
  if (Job.is_null())
    return;
  if (!From || (*From)["launcher"] != Job["launcher"] || (*From)["id"] != Job["id"] ||
      (*From)["size"] != Job["size"]) {
    Job = nullptr;
    return;
  }
  if (From->contains("ranks_merged"))
    for (const json &Rank : (*From)["ranks_merged"])
      Ranks.insert(Rank.get<uint64_t>());
  else
    Ranks.insert((*From)["rank"].get<uint64_t>());
  if (std::optional<RankMeter> Meter = rankMeter(Doc))
    RankMeters.push_back(std::move(*Meter));
  // A job report merged again brings energies whose nodes it counted once.
  if (From->contains("node_meters"))
    Job["node_meters"] = (*From)["node_meters"];
}

void ReportMerger::addTiming(const json &Doc) {
  // Version 1 reports have no `timing`: they were timed exactly.
  json Timing = Doc.value("timing", json{{"mode", "exact"}});
  if (Added == 0) {
    Skeleton["timing"] = Timing;
    return;
  }
  json &Into = Skeleton["timing"];
  std::string Mode = Into["mode"].get<std::string>();
  json Trigger = Into.value("trigger", json());
  addValues(Into, Timing);
  if (Timing["mode"] != Mode)
    Into["mode"] = "mixed";
  // Processes whose threads got different triggers (docs/runtime.md).
  if (Timing.contains("trigger") && Trigger.is_string() && Timing["trigger"] != Trigger)
    Into["trigger"] = "task-clock and cpu-timer";
}

size_t ReportMerger::moduleIndex(const std::string &Source, const std::string &Hash) {
  // A module of unknown hash (version 1) is taken to be the first of its
  // source; a known hash matches only itself, or a module not known yet.
  for (size_t I = 0; I < Modules.size(); ++I) {
    Module &M = Modules[I];
    if (M.source != Source)
      continue;
    if (Hash.empty() || M.hash == Hash)
      return I;
    if (M.hash.empty()) {
      M.hash = Hash;
      M.entry["hash"] = Hash;
      return I;
    }
  }
  Modules.push_back({json{{"source", Source}, {"hash", Hash}}, Source, Hash, 0});
  return Modules.size() - 1;
}

size_t ReportMerger::moduleIndex(const json &Entry) {
  // `at`: the reader does not validate `modules`.
  size_t I = moduleIndex(Entry.at("source").get<std::string>(), Entry.value("hash", std::string()));
  Module &M = Modules[I];
  if (!M.entry.contains("regions")) {
    std::string Hash = M.hash;
    M.entry = Entry;
    M.entry["hash"] = Hash;
    return I;
  }
  // The same module in several processes: its table is the same; it was
  // timed only if every process timed it, unloaded if any process did.
  if (Entry.contains("timed"))
    M.entry["timed"] = M.entry.value("timed", true) && Entry["timed"].get<bool>();
  if (Entry.contains("unloaded"))
    M.entry["unloaded"] = M.entry.value("unloaded", false) || Entry["unloaded"].get<bool>();
  return I;
}

std::vector<size_t> ReportMerger::moduleOfEachRegion(const json &Doc) {
  const json &Input = Doc["regions"];
  std::vector<size_t> Of(Input.size());
  // Regions are numbered densely in module order, each module listing its
  // regions less those not run: that ties a region to its module's hash.
  size_t Covered = 0;
  for (const json &Entry : Doc.value("modules", json::array())) {
    size_t Listed =
        Entry.value("regions", uint64_t(0)) -
        std::min(Entry.value("regions", uint64_t(0)), Entry.value("regions_not_run", uint64_t(0)));
    size_t Index = moduleIndex(Entry);
    for (size_t R = Covered; R < Covered + Listed && R < Of.size(); ++R)
      Of[R] = Index;
    Covered += Listed;
  }
  if (Covered == Input.size())
    return Of;
  // Version 1, or tables that do not add up: match regions by source only.
  for (size_t R = 0; R < Input.size(); ++R)
    Of[R] = moduleIndex(Input[R]["module"].get<std::string>(), "");
  return Of;
}

std::vector<size_t> ReportMerger::addRegions(const json &Doc) {
  std::vector<size_t> ModuleOf = moduleOfEachRegion(Doc);
  std::optional<uint64_t> Rank = rankOf(Doc);
  const json &Input = Doc["regions"];
  std::vector<size_t> Merged(Input.size());
  for (size_t I = 0; I < Input.size(); ++I) {
    const json &Region = Input[I];
    auto Key = std::make_tuple(ModuleOf[I], Region["name"].get<std::string>(),
                               Region["kind"].get<std::string>());
    auto [It, New] = RegionByIdentity.emplace(Key, Regions.size());
    Merged[I] = It->second;
    if (New) {
      Regions.push_back({Region, ModuleOf[I], std::nullopt});
      ++Modules[ModuleOf[I]].listed;
    } else {
      addRegion(Regions[It->second].region, Region);
    }
    addByRank(Regions[It->second].region, Region, Rank, New);
  }
  // Parents come after all regions of the input are placed: a parent's id
  // may be larger than its child's.
  for (size_t I = 0; I < Input.size(); ++I)
    if (Input[I]["parent"].is_number() && !Regions[Merged[I]].parent)
      Regions[Merged[I]].parent = Merged[Input[I]["parent"].get<size_t>()];
  return Merged;
}

void ReportMerger::addCallTree(const json &Doc, const std::vector<size_t> &RegionIndex) {
  const json &Nodes = Doc.value("call_tree", json::array());
  // A parent's id is smaller than its children's, so every node's parent
  // path is merged before the node itself.
  std::vector<size_t> Merged(Nodes.size());
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const json &Node = Nodes[I];
    std::optional<size_t> Parent;
    if (Node["parent"].is_number())
      Parent = Merged[Node["parent"].get<size_t>()];
    size_t Region = RegionIndex[Node["region"].get<size_t>()];
    auto [It, New] = NodeByPath.emplace(std::make_pair(Parent, Region), CallTree.size());
    Merged[I] = It->second;
    if (New)
      CallTree.push_back({Node, Parent, Region});
    else
      addCallNode(CallTree[It->second].node, Node);
  }
}

json ReportMerger::result() const {
  json Out = {{"format", ReportFormat}, {"version", ReportVersion}};
  Out["program"] = Earliest;
  // Without every start time, the longest process is the best bound known.
  Out["program"]["wall_time_s"] = StartsKnown ? LastEnd - FirstStart : LongestWall;
  Out["machine"] = Skeleton.at("machine");
  Out["sources"] = Sources;
  Out["model"] = Skeleton.at("model");
  Out["threads"] = Skeleton.at("threads");
  for (const char *Key : {"threads_instrumented", "threads_not_broken_down"})
    if (Skeleton.contains(Key))
      Out[Key] = Skeleton[Key];
  Out["thread_breakdown"] = ThreadBreakdown;
  Out["timing"] = Skeleton.at("timing");
  if (!Job.is_null()) {
    Out["job"] = Job;
    Out["job"]["ranks_merged"] = Ranks;
  }

  // Regions in module order, as every report numbers them.
  std::vector<size_t> Order(Regions.size());
  for (size_t R = 0; R < Order.size(); ++R)
    Order[R] = R;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Regions[A].module < Regions[B].module; });
  std::vector<size_t> Id(Regions.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Id[Order[I]] = I;
  Out["program"]["processes"] = processesResult(Id);
  json OutModules = json::array();
  uint64_t NotRun = 0;
  for (const Module &M : Modules) {
    json Entry = M.entry;
    uint64_t Total = std::max<uint64_t>(Entry.value("regions", uint64_t(0)), M.listed);
    Entry["regions"] = Total;
    Entry["regions_not_run"] = Total - M.listed;
    NotRun += Total - M.listed;
    OutModules.push_back(std::move(Entry));
  }
  Out["modules"] = std::move(OutModules);
  json OutRegions = json::array();
  for (size_t R : Order) {
    json Region = Regions[R].region;
    Region["id"] = Id[R];
    Region["parent"] = Regions[R].parent ? json(Id[*Regions[R].parent]) : json();
    OutRegions.push_back(std::move(Region));
  }
  Out["regions"] = std::move(OutRegions);
  Out["regions_not_run"] = NotRun;
  Out["totals"] = Skeleton.at("totals");
  json OutTree = json::array();
  for (size_t N = 0; N < CallTree.size(); ++N) {
    json Node = CallTree[N].node;
    Node["id"] = N;
    Node["region"] = Id[CallTree[N].region];
    Node["parent"] = CallTree[N].parent ? json(*CallTree[N].parent) : json();
    OutTree.push_back(std::move(Node));
  }
  Out["call_tree"] = std::move(OutTree);
  if (Skeleton.contains("diagnostics"))
    Out["diagnostics"] = Skeleton.at("diagnostics");
  if (!Job.is_null() && !RankMeters.empty()) {
    countNodeMetersOnce(Out, RankMeters);
    Out["job"]["node_meters"] = "once";
  }
  if (AnyLines)
    Out["lines"] = linesResult(Id);
  return Out;
}

void ReportMerger::addLines(const json &Doc, const std::vector<size_t> &RegionIndex) {
  if (!Doc.contains("lines"))
    return;
  AnyLines = true;
  const json &Given = Doc["lines"];
  for (const json &Line : Given.is_object() ? lineObjects(Given) : Given) {
    size_t Region = RegionIndex[Line["region"].get<size_t>()];
    auto Key =
        std::make_tuple(Region, Line["file"].get<std::string>(), Line["line"].get<uint64_t>(),
                        Line.value("inlined_at", json::array()).dump());
    auto [It, New] = LineByKey.emplace(Key, Lines.size());
    if (New) {
      Lines.push_back({Line, Region});
      continue;
    }
    // A line's energy is the reader's to compute, from the merged region's:
    // a version 3 line's written share (`energy_j`) is not kept.
    addValues(Lines[It->second].line["counts"], Line["counts"]);
  }
}

json ReportMerger::linesResult(const std::vector<size_t> &Id) const {
  json Out = json::array();
  for (const MergedLine &L : Lines) {
    json Line = L.line;
    Line["region"] = Id[L.region];
    Out.push_back(std::move(Line));
  }
  return lineTable(Out);
}

void ReportMerger::addProcessTimelines(const json &Doc, size_t FirstProcess,
                                       const std::vector<size_t> &RegionIndex) {
  if (Doc["program"].contains("processes")) {
    for (size_t P = FirstProcess; P < Processes.size(); ++P)
      if (Processes[P].contains("timeline"))
        Processes[P]["timeline"] = renumberedTimeline(Processes[P]["timeline"], RegionIndex);
    return;
  }
  if (Doc.contains("timeline") && Doc["timeline"].is_object())
    Processes[FirstProcess]["timeline"] = renumberedTimeline(Doc["timeline"], RegionIndex);
  if (std::optional<uint64_t> Rank = rankOf(Doc))
    Processes[FirstProcess]["rank"] = *Rank;
}

json ReportMerger::processesResult(const std::vector<size_t> &Id) const {
  json Out = Processes;
  for (json &Process : Out)
    if (Process.contains("timeline"))
      Process["timeline"] = renumberedTimeline(Process["timeline"], Id);
  return Out;
}

} // namespace energy::report
