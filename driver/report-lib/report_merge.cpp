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

#include "support/Formats.h"
#include "support/ReportKeys.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace energy::report {

namespace {

using nlohmann::json;
namespace key = report_key;

/// Keys that describe how something was measured rather than count it: two
/// processes sampled at 1000 Hz were sampled at 1000 Hz, not 2000.
bool describesMeasurement(const std::string &Key) {
  return Key == key::timing::RateHz || Key == key::timing::Period ||
         Key == key::footprint::SampleOneIn || Key == key::footprint::LineBytes;
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
      else if (Key == key::diagnostics::MaxDepth)
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
  json Uncertainty = Into.value(key::time_s::Uncertainty, json());
  json FromUncertainty = From.value(key::time_s::Uncertainty, json());
  addValues(Into, From);
  if (Uncertainty.is_object() && FromUncertainty.is_object())
    for (const char *Key : {key::time_s::Inclusive, key::time_s::Self})
      Into[key::time_s::Uncertainty][Key] =
          inQuadrature(Uncertainty.value(Key, 0.0), FromUncertainty.value(Key, 0.0));
}

void addRegion(json &Into, const json &From) {
  Into[key::region::Calls] =
      Into[key::region::Calls].get<uint64_t>() + From[key::region::Calls].get<uint64_t>();
  addTimes(Into[key::region::Time], From[key::region::Time]);
  for (const char *Section :
       {key::region::Counts, key::region::Energy, key::region::Counters, key::region::Footprint})
    if (From.contains(Section))
      addValues(Into[Section], From[Section]);
}

/// What one rank did in a region, for a job report's `by_rank`.
json rankEntry(const json &Region, uint64_t Rank) {
  json Entry = {{key::by_rank::Rank, Rank},
                {key::by_rank::Calls, Region[key::region::Calls]},
                {key::by_rank::Self, Region[key::region::Time][key::time_s::Self]},
                {key::by_rank::Counts, Region[key::region::Counts]}};
  if (Region.contains(key::region::Energy))
    Entry[key::by_rank::Energy] = Region[key::region::Energy];
  return Entry;
}

/// Adds the rank's (or, from a job report, the ranks') share of a region
/// to the merged region's `by_rank`; `Fresh`: Into is From's copy.
void addByRank(json &Into, const json &From, std::optional<uint64_t> Rank, bool Fresh) {
  if (From.contains(key::region::ByRank)) {
    if (!Fresh)
      for (const json &Entry : From[key::region::ByRank])
        Into[key::region::ByRank].push_back(Entry);
  } else if (Rank) {
    Into[key::region::ByRank].push_back(rankEntry(From, *Rank));
  }
}

/// The rank a report describes, when it is one rank's report.
std::optional<uint64_t> rankOf(const json &Doc) {
  if (!Doc.contains(key::document::Job) || !Doc[key::document::Job].contains(key::job::Rank))
    return std::nullopt;
  return Doc[key::document::Job][key::job::Rank].get<uint64_t>();
}

/// A sampled call path has no entry count; one with none has none merged.
void addCallNode(json &Into, const json &From) {
  namespace Node = key::call_tree;
  if (Into[Node::Calls].is_null() || From[Node::Calls].is_null())
    Into[Node::Calls] = nullptr;
  else
    Into[Node::Calls] = Into[Node::Calls].get<uint64_t>() + From[Node::Calls].get<uint64_t>();
  addTimes(Into[Node::Time], From[Node::Time]);
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
/// (`at`: the reader leaves a merged input's processes' start times unchecked.)
std::string processIdentity(const json &Process, const std::string &Host) {
  return Process.value(key::processes::Hostname, Host) + "/" +
         std::to_string(Process.at(key::program::Pid).get<long long>()) + "/" +
         Process.at(key::program::StartTime).get<std::string>();
}

json processEntry(const json &Program, const std::string &Host, const std::string &Origin) {
  json Entry = {{key::processes::Hostname, Host}, {key::processes::Report, Origin}};
  for (const char *Key : {key::program::Path, key::program::Argv, key::program::Pid,
                          key::program::StartTime, key::program::WallTime})
    Entry[Key] = Program[Key];
  return Entry;
}

/// A timeline with the regions its threads were in renumbered by Map (null
/// for a region Map does not know).
json renumberedTimeline(json Timeline, const std::vector<size_t> &Map) {
  for (json &Interval : Timeline[key::timeline::Intervals])
    for (json &Thread : Interval[key::intervals::Threads])
      if (json &Region = Thread[key::threads::Region]; Region.is_number_unsigned())
        Region = Region.get<size_t>() < Map.size() ? json(Map[Region.get<size_t>()]) : json();
  return Timeline;
}

} // namespace

void ReportMerger::add(const json &Doc, const std::string &Origin) {
  // parseReport() leaves out sections that only merging reads (modules,
  // counters, diagnostics, processes' start times): a damaged one is the
  // input's fault.
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
    for (const char *Key : {key::document::Machine, key::document::Model, key::document::Threads,
                            key::document::ThreadsInstrumented, key::document::ThreadsNotBrokenDown,
                            key::document::Totals, key::document::Diagnostics})
      if (Doc.contains(Key))
        Skeleton[Key] = Doc[Key];
  } else {
    for (const char *Key :
         {key::document::Threads, key::document::ThreadsInstrumented,
          key::document::ThreadsNotBrokenDown, key::document::Totals, key::document::Diagnostics})
      if (Doc.contains(Key))
        addValues(Skeleton[Key], Doc[Key]);
    if (Skeleton[key::document::Model].is_null())
      Skeleton[key::document::Model] = Doc[key::document::Model];
  }
  addSources(Doc[key::document::Sources]);
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
  for (json Thread : Doc.value(key::document::ThreadBreakdown, json::array())) {
    if (!Thread.contains(key::thread_breakdown::Pid))
      Thread[key::thread_breakdown::Pid] = Doc.at(key::document::Program).at(key::program::Pid);
    ThreadBreakdown.push_back(std::move(Thread));
  }
}

void ReportMerger::addProgram(const json &Doc, const std::string &Origin) {
  const json &Program = Doc[key::document::Program];
  std::string Host = Doc[key::document::Machine][key::machine::Hostname].get<std::string>();
  // A merged input brings the processes it lists rather than itself.
  if (Program.contains(key::program::Processes))
    for (const json &Process : Program[key::program::Processes])
      addProcess(Process, Process.value(key::processes::Report, Origin), Origin);
  else
    addProcess(processEntry(Program, Host, Origin), Origin, Origin);
  double Wall = Program[key::program::WallTime].get<double>();
  LongestWall = std::max(LongestWall, Wall);
  std::optional<double> Start = epochSeconds(Program[key::program::StartTime].get<std::string>());
  StartsKnown = StartsKnown && Start;
  if (Added == 0 || (Start && *Start < FirstStart)) {
    Earliest = Program;
    FirstStart = Start.value_or(0);
  }
  if (Start)
    LastEnd = Added == 0 ? *Start + Wall : std::max(LastEnd, *Start + Wall);
}

void ReportMerger::addProcess(json Process, const std::string &Report, const std::string &Input) {
  std::string Identity = processIdentity(Process, Process.value(key::processes::Hostname, ""));
  auto [It, New] = ProcessInput.emplace(Identity, Input);
  if (!New)
    throw ReportError(Input + ": holds process " +
                      std::to_string(Process.at(key::program::Pid).get<long long>()) +
                      " (started " + Process.at(key::program::StartTime).get<std::string>() +
                      "), which " + It->second +
                      " holds too; merging both would count it twice, leave "
                      "one out");
  Process[key::processes::Report] = Report;
  Processes.push_back(std::move(Process));
}

void ReportMerger::addSources(const json &From) {
  namespace Key = key::sources;
  for (const json &Source : From) {
    auto Same = std::find_if(Sources.begin(), Sources.end(),
                             [&](const json &S) { return S[Key::Name] == Source[Key::Name]; });
    if (Same == Sources.end()) {
      Sources.push_back(Source);
      continue;
    }
    // Present or used in any process is present or used in the merged run;
    // the detail is that of the first process where it was present.
    if (!(*Same)[Key::Present].get<bool>() && Source[Key::Present].get<bool>())
      (*Same)[Key::Detail] = Source[Key::Detail];
    addValues((*Same)[Key::Present], Source[Key::Present]);
    addValues((*Same)[Key::Used], Source[Key::Used]);
  }
}

// A job report merges rank reports (or job reports) of one job: the same
// launcher and id; each rank once, since one rank is one process.
void ReportMerger::addJob(const json &Doc) {
  namespace Key = key::job;
  const json *From = Doc.contains(key::document::Job) ? &Doc[key::document::Job] : nullptr;
  if (Added == 0 && From)
    Job = {{Key::Launcher, (*From)[Key::Launcher]},
           {Key::Id, (*From)[Key::Id]},
           {Key::Size, (*From)[Key::Size]}};
  if (Job.is_null())
    return;
  if (!From || (*From)[Key::Launcher] != Job[Key::Launcher] || (*From)[Key::Id] != Job[Key::Id] ||
      (*From)[Key::Size] != Job[Key::Size]) {
    Job = nullptr;
    return;
  }
  if (From->contains(Key::RanksMerged))
    for (const json &Rank : (*From)[Key::RanksMerged])
      Ranks.insert(Rank.get<uint64_t>());
  else
    Ranks.insert((*From)[Key::Rank].get<uint64_t>());
  if (std::optional<RankMeter> Meter = rankMeter(Doc))
    RankMeters.push_back(std::move(*Meter));
  // A job report merged again brings energies whose nodes it counted once.
  if (From->contains(Key::NodeMeters))
    Job[Key::NodeMeters] = (*From)[Key::NodeMeters];
}

void ReportMerger::addTiming(const json &Doc) {
  // Version 1 reports have no `timing`: they were timed exactly.
  namespace Key = key::timing;
  json Timing = Doc.value(key::document::Timing, json{{Key::Mode, "exact"}});
  if (Added == 0) {
    Skeleton[key::document::Timing] = Timing;
    return;
  }
  json &Into = Skeleton[key::document::Timing];
  std::string Mode = Into[Key::Mode].get<std::string>();
  json Trigger = Into.value(Key::Trigger, json());
  addValues(Into, Timing);
  if (Timing[Key::Mode] != Mode)
    Into[Key::Mode] = "mixed";
  // Processes whose threads got different triggers (docs/runtime.md).
  if (Timing.contains(Key::Trigger) && Trigger.is_string() && Timing[Key::Trigger] != Trigger)
    Into[Key::Trigger] = "task-clock and cpu-timer";
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
      M.entry[key::modules::Hash] = Hash;
      return I;
    }
  }
  Modules.push_back(
      {json{{key::modules::Source, Source}, {key::modules::Hash, Hash}}, Source, Hash, 0});
  return Modules.size() - 1;
}

size_t ReportMerger::moduleIndex(const json &Entry) {
  // `at`: the reader does not validate `modules`.
  namespace Key = key::modules;
  size_t I =
      moduleIndex(Entry.at(Key::Source).get<std::string>(), Entry.value(Key::Hash, std::string()));
  Module &M = Modules[I];
  if (!M.entry.contains(Key::Regions)) {
    std::string Hash = M.hash;
    M.entry = Entry;
    M.entry[Key::Hash] = Hash;
    return I;
  }
  // The same module in several processes: its table is the same; it was
  // timed only if every process timed it, unloaded if any process did.
  if (Entry.contains(Key::Timed))
    M.entry[Key::Timed] = M.entry.value(Key::Timed, true) && Entry[Key::Timed].get<bool>();
  if (Entry.contains(Key::Unloaded))
    M.entry[Key::Unloaded] =
        M.entry.value(Key::Unloaded, false) || Entry[Key::Unloaded].get<bool>();
  return I;
}

std::vector<size_t> ReportMerger::moduleOfEachRegion(const json &Doc) {
  const json &Input = Doc[key::document::Regions];
  std::vector<size_t> Of(Input.size());
  // Regions are numbered densely in module order, each module listing its
  // regions less those not run: that ties a region to its module's hash.
  size_t Covered = 0;
  for (const json &Entry : Doc.value(key::document::Modules, json::array())) {
    uint64_t Regions = Entry.value(key::modules::Regions, uint64_t(0));
    size_t Listed =
        Regions - std::min(Regions, Entry.value(key::modules::RegionsNotRun, uint64_t(0)));
    size_t Index = moduleIndex(Entry);
    for (size_t R = Covered; R < Covered + Listed && R < Of.size(); ++R)
      Of[R] = Index;
    Covered += Listed;
  }
  if (Covered == Input.size())
    return Of;
  // Version 1, or tables that do not add up: match regions by source only.
  for (size_t R = 0; R < Input.size(); ++R)
    Of[R] = moduleIndex(Input[R][key::region::Module].get<std::string>(), "");
  return Of;
}

std::vector<size_t> ReportMerger::addRegions(const json &Doc) {
  std::vector<size_t> ModuleOf = moduleOfEachRegion(Doc);
  std::optional<uint64_t> Rank = rankOf(Doc);
  const json &Input = Doc[key::document::Regions];
  std::vector<size_t> Merged(Input.size());
  for (size_t I = 0; I < Input.size(); ++I) {
    const json &Region = Input[I];
    auto Key = std::make_tuple(ModuleOf[I], Region[key::region::Name].get<std::string>(),
                               Region[key::region::Kind].get<std::string>());
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
    if (Input[I][key::region::Parent].is_number() && !Regions[Merged[I]].parent)
      Regions[Merged[I]].parent = Merged[Input[I][key::region::Parent].get<size_t>()];
  return Merged;
}

json ReportMerger::callTreeResult(const std::vector<size_t> &Id) const {
  json Tree = json::array();
  for (size_t N = 0; N < CallTree.size(); ++N) {
    json Node = CallTree[N].node;
    Node[key::call_tree::Id] = N;
    Node[key::call_tree::Region] = Id[CallTree[N].region];
    Node[key::call_tree::Parent] = CallTree[N].parent ? json(*CallTree[N].parent) : json();
    Tree.push_back(std::move(Node));
  }
  return Tree;
}

void ReportMerger::addCallTree(const json &Doc, const std::vector<size_t> &RegionIndex) {
  namespace Key = key::call_tree;
  AnyCallTree |= Doc.contains(key::document::CallTree);
  const json &Nodes = Doc.value(key::document::CallTree, json::array());
  // A parent's id is smaller than its children's, so every node's parent
  // path is merged before the node itself.
  std::vector<size_t> Merged(Nodes.size());
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const json &Node = Nodes[I];
    std::optional<size_t> Parent;
    if (Node[Key::Parent].is_number())
      Parent = Merged[Node[Key::Parent].get<size_t>()];
    size_t Region = RegionIndex[Node[Key::Region].get<size_t>()];
    auto [It, New] = NodeByPath.emplace(std::make_pair(Parent, Region), CallTree.size());
    Merged[I] = It->second;
    if (New)
      CallTree.push_back({Node, Parent, Region});
    else
      addCallNode(CallTree[It->second].node, Node);
  }
}

json ReportMerger::result() const {
  json Out = {{key::document::Format, format::Report.Name},
              {key::document::Version, format::Report.Version}};
  Out[key::document::Program] = Earliest;
  // Without every start time, the longest process is the best bound known.
  Out[key::document::Program][key::program::WallTime] =
      StartsKnown ? LastEnd - FirstStart : LongestWall;
  Out[key::document::Machine] = Skeleton.at(key::document::Machine);
  Out[key::document::Sources] = Sources;
  Out[key::document::Model] = Skeleton.at(key::document::Model);
  Out[key::document::Threads] = Skeleton.at(key::document::Threads);
  for (const char *Key : {key::document::ThreadsInstrumented, key::document::ThreadsNotBrokenDown})
    if (Skeleton.contains(Key))
      Out[Key] = Skeleton[Key];
  Out[key::document::ThreadBreakdown] = ThreadBreakdown;
  Out[key::document::Timing] = Skeleton.at(key::document::Timing);
  if (!Job.is_null()) {
    Out[key::document::Job] = Job;
    Out[key::document::Job][key::job::RanksMerged] = Ranks;
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
  Out[key::document::Program][key::program::Processes] = processesResult(Id);
  json OutModules = json::array();
  uint64_t NotRun = 0;
  for (const Module &M : Modules) {
    json Entry = M.entry;
    uint64_t Total = std::max<uint64_t>(Entry.value(key::modules::Regions, uint64_t(0)), M.listed);
    Entry[key::modules::Regions] = Total;
    Entry[key::modules::RegionsNotRun] = Total - M.listed;
    NotRun += Total - M.listed;
    OutModules.push_back(std::move(Entry));
  }
  Out[key::document::Modules] = std::move(OutModules);
  json OutRegions = json::array();
  for (size_t R : Order) {
    json Region = Regions[R].region;
    Region[key::region::Id] = Id[R];
    Region[key::region::Parent] = Regions[R].parent ? json(Id[*Regions[R].parent]) : json();
    OutRegions.push_back(std::move(Region));
  }
  Out[key::document::Regions] = std::move(OutRegions);
  Out[key::document::RegionsNotRun] = NotRun;
  Out[key::document::Totals] = Skeleton.at(key::document::Totals);
  if (AnyCallTree)
    Out[key::document::CallTree] = callTreeResult(Id);
  if (Skeleton.contains(key::document::Diagnostics))
    Out[key::document::Diagnostics] = Skeleton.at(key::document::Diagnostics);
  if (!Job.is_null() && !RankMeters.empty()) {
    countNodeMetersOnce(Out, RankMeters);
    Out[key::document::Job][key::job::NodeMeters] = "once";
  }
  if (AnyLines)
    Out[key::document::Lines] = linesResult(Id);
  return Out;
}

void ReportMerger::addLines(const json &Doc, const std::vector<size_t> &RegionIndex) {
  if (!Doc.contains(key::document::Lines))
    return;
  AnyLines = true;
  const json &Given = Doc[key::document::Lines];
  for (const json &Line : Given.is_object() ? lineObjects(Given) : Given) {
    size_t Region = RegionIndex[Line[key::line::Region].get<size_t>()];
    auto Key = std::make_tuple(Region, Line[key::line::File].get<std::string>(),
                               Line[key::line::Line].get<uint64_t>(),
                               Line.value(key::line::InlinedAt, json::array()).dump());
    auto [It, New] = LineByKey.emplace(Key, Lines.size());
    if (New) {
      Lines.push_back({Line, Region});
      continue;
    }
    // A line's energy is the reader's to compute, from the merged region's:
    // a version 3 line's written share (`energy_j`) is not kept.
    addValues(Lines[It->second].line[key::line::Counts], Line[key::line::Counts]);
  }
}

json ReportMerger::linesResult(const std::vector<size_t> &Id) const {
  json Out = json::array();
  for (const MergedLine &L : Lines) {
    json Line = L.line;
    Line[key::line::Region] = Id[L.region];
    Out.push_back(std::move(Line));
  }
  return lineTable(Out);
}

void ReportMerger::addProcessTimelines(const json &Doc, size_t FirstProcess,
                                       const std::vector<size_t> &RegionIndex) {
  if (Doc[key::document::Program].contains(key::program::Processes)) {
    for (size_t P = FirstProcess; P < Processes.size(); ++P)
      if (Processes[P].contains(key::processes::Timeline))
        Processes[P][key::processes::Timeline] =
            renumberedTimeline(Processes[P][key::processes::Timeline], RegionIndex);
    return;
  }
  if (Doc.contains(key::document::Timeline) && Doc[key::document::Timeline].is_object())
    Processes[FirstProcess][key::processes::Timeline] =
        renumberedTimeline(Doc[key::document::Timeline], RegionIndex);
  if (std::optional<uint64_t> Rank = rankOf(Doc))
    Processes[FirstProcess][key::processes::Rank] = *Rank;
}

json ReportMerger::processesResult(const std::vector<size_t> &Id) const {
  json Out = Processes;
  for (json &Process : Out)
    if (Process.contains(key::processes::Timeline))
      Process[key::processes::Timeline] = renumberedTimeline(Process[key::processes::Timeline], Id);
  return Out;
}

} // namespace energy::report
