//===- reader.cpp - Reading and validating report files -------------------===//
//
// Checks, in order: the file can be read, is complete JSON, is an
// energypass-report of a version this build knows, and has every documented
// key with its documented type. Checking the envelope first means that a
// report of another version gets the "unsupported version" message, not a
// confusing complaint about some key that version renamed.
//
//===----------------------------------------------------------------------===//
#include "energy/report/reader.h"

#include "energy/report/line_table.h"
#include "report_view.h"

#include "document/Envelope.h"

#include "support/ReportKeys.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

namespace energy::report {

namespace {

using nlohmann::json;
namespace key = report_key;

static_assert(std::size(key::counts::Precisions) == ENERGY_NUM_PRECISIONS &&
              std::size(key::counts::FlopKinds) == ENERGY_NUM_FLOP_KINDS &&
              std::size(key::counts::Widths) == ENERGY_NUM_WIDTHS);

std::string readWholeFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw ReportError(Path + ": cannot open (" + std::strerror(errno) + "); check the path given");
  std::stringstream Text;
  Text << In.rdbuf();
  if (In.bad())
    throw ReportError(Path + ": cannot read (" + std::strerror(errno) + ")");
  return Text.str();
}

bool onlyWhitespace(const std::string &Text) {
  return Text.find_first_not_of(" \t\r\n") == std::string::npos;
}

json parseJson(const std::string &Text, const std::string &Path) {
  if (onlyWhitespace(Text))
    throw ReportError(Path + ": empty file; the program may have died before "
                             "writing its report, re-run it");
  try {
    return json::parse(Text);
  } catch (const json::parse_error &E) {
    // The parser stops one byte past the end when the input ran out.
    if (E.byte > Text.size())
      throw ReportError(Path +
                        ": truncated JSON (the document ends early, at "
                        "byte " +
                        std::to_string(Text.size()) +
                        "); the program was probably killed while writing "
                        "it, re-run it");
    throw ReportError(Path + ": not JSON (syntax error at byte " + std::to_string(E.byte) +
                      "); expected an energypass-report file");
  } catch (const json::out_of_range &) {
    // A number such as 1e999 that no double holds: never written by the
    // runtime, so the file was damaged.
    throw ReportError(Path + ": a number in the file is out of range; the "
                             "report is damaged, re-run the program");
  }
}

const document::Refusals NotAReport = {
    .NotThisFormat = "not an EnergyPass report (no \"format\" key); expected a file written by a "
                     "program built with energycc",
    .WrongFormat = "not an EnergyPass report (format is \"{found}\", expected \"{expected}\")",
    .UnsupportedVersion = "unsupported report version {found} (this energy-report reads "
                          "{versions}); re-run the program with a matching runtime",
};

// Reads {name: value} for a fixed set of names into Out, each value by Read.
template <typename T, size_t N>
void readNamed(const View &Object, const char *const (&Names)[N], T *Out, T (View::*Read)() const) {
  Object.expectObject();
  for (size_t I = 0; I < N; ++I)
    Out[I] = (Object[Names[I]].*Read)();
}

// Reads {name: count} for a fixed set of names into Out.
template <size_t N>
void readNamedCounts(const View &Object, const char *const (&Names)[N], uint64_t *Out) {
  readNamed(Object, Names, Out, &View::unsignedInteger);
}

/// The FLOP breakdowns of a `counts` object (or of a `lines` row) into A.
void readFlopBreakdowns(const View &Counts, model::Activity &A) {
  uint64_t Unused[ENERGY_NUM_FLOP_KINDS];
  readNamedCounts(Counts[key::counts::FlopsByPrecision], key::counts::Precisions, Unused);
  readNamedCounts(Counts[key::counts::FlopsByKind], key::counts::FlopKinds, Unused);
  readNamedCounts(Counts[key::counts::FlopsByWidth], key::counts::Widths, A.flopsByWidth.data());
  View Detail = Counts[key::counts::FlopsDetail];
  Detail.expectObject();
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
    readNamedCounts(Detail[key::counts::Precisions[P]], key::counts::FlopKinds, A.flops[P].data());
}

/// Whether the FLOP breakdowns of a `counts` object may be left out when it
/// did no floating-point work: a line's, since version 4.
enum class Breakdowns { Required, OmittedWhenZero };

model::Activity readCounts(const View &Counts, uint64_t &Flops,
                           Breakdowns Rule = Breakdowns::Required) {
  model::Activity A;
  A.blocks = Counts[key::counts::Blocks].unsignedInteger();
  A.instructions = Counts[key::counts::Instructions].unsignedInteger();
  A.branches = Counts[key::counts::Branches].unsignedInteger();
  A.calls = Counts[key::counts::Calls].unsignedInteger();
  A.bytesLoaded = Counts[key::counts::BytesLoaded].unsignedInteger();
  A.bytesStored = Counts[key::counts::BytesStored].unsignedInteger();
  Flops = Counts[key::counts::Flops].unsignedInteger();
  if (Rule == Breakdowns::OmittedWhenZero && Flops == 0 &&
      !Counts.optional(key::counts::FlopsDetail))
    return A;
  readFlopBreakdowns(Counts, A);
  return A;
}

Energy readEnergy(const View &Node) {
  Energy E;
  E.modelledJoules = Node[key::energy_j::Modelled].nonNegative();
  if (auto Measured = Node.nullable(key::energy_j::Measured))
    E.measuredJoules = Measured->nonNegative();
  if (auto Idle = Node.optional(key::energy_j::MeasuredIdle))
    E.measuredIdleJoules = Idle->nonNegative();
  return E;
}

RankShare readRankShare(const View &Node) {
  RankShare S;
  S.rank = Node[key::by_rank::Rank].unsignedInteger();
  S.calls = Node[key::by_rank::Calls].unsignedInteger();
  S.selfSeconds = Node[key::by_rank::Self].nonNegative();
  S.counts = readCounts(Node[key::by_rank::Counts], S.flops);
  S.counts.seconds = S.selfSeconds;
  if (auto Energy = Node.optional(key::by_rank::Energy))
    S.energy = readEnergy(*Energy);
  return S;
}

/// `counters.self`, without the events that no thread could count (null).
std::map<std::string, double> readSelfCounters(const View &Counters) {
  View Self = Counters[key::counters::Self];
  std::map<std::string, double> Values;
  for (const std::string &Event : Self.memberNames())
    if (auto Count = Self.nullable(Event))
      Values[Event] = Count->nonNegative();
  return Values;
}

Region readRegion(const View &Node, size_t Index, size_t NumRegions) {
  Region R;
  View Id = Node[key::region::Id];
  R.id = Id.unsignedInteger();
  if (R.id != Index)
    Id.fail("key " + Id.path() + " is " + std::to_string(R.id) + " but the region is at index " +
            std::to_string(Index));
  R.name = Node[key::region::Name].string();
  R.demangled = Node[key::region::Demangled].string();
  R.file = Node[key::region::File].string();
  R.line = Node[key::region::Line].unsignedInteger();
  View Kind = Node[key::region::Kind];
  R.kind = Kind.string();
  if (auto Hash = Node.optional(key::region::BodyHash))
    R.bodyHash = Hash->string();
  if (R.kind != "function" && R.kind != "loop" && R.kind != "user" && R.kind != "mpi")
    Kind.fail("key " + Kind.path() + " is \"" + R.kind +
              "\", expected function, loop, user or mpi");
  if (auto Parent = Node.nullable(key::region::Parent)) {
    R.parent = Parent->unsignedInteger();
    if (*R.parent >= NumRegions || *R.parent == R.id)
      Parent->fail("key " + Parent->path() + " names region " + std::to_string(*R.parent) +
                   ", which does not exist");
  }
  R.module = Node[key::region::Module].string();
  R.calls = Node[key::region::Calls].unsignedInteger();
  View Time = Node[key::region::Time];
  R.inclusiveSeconds = Time[key::time_s::Inclusive].nonNegative();
  R.selfSeconds = Time[key::time_s::Self].nonNegative();
  if (auto Uncertainty = Time.optional(key::time_s::Uncertainty))
    R.selfUncertainty = (*Uncertainty)[key::time_s::Self].nonNegative();
  R.counts = readCounts(Node[key::region::Counts], R.flops);
  R.counts.seconds = R.selfSeconds;
  R.energy = readEnergy(Node[key::region::Energy]);
  if (auto Footprint = Node.optional(key::region::Footprint))
    R.footprintBytes = (*Footprint)[key::footprint::Bytes].unsignedInteger();
  if (auto Counters = Node.optional(key::region::Counters))
    R.selfCounters = readSelfCounters(*Counters);
  if (auto ByRank = Node.optional(key::region::ByRank))
    for (size_t I = 0, N = ByRank->arraySize(); I < N; ++I)
      R.byRank.push_back(readRankShare(ByRank->element(I)));
  return R;
}

InlineSite readInlineSite(const View &Node) {
  return {Node[key::inlined_at::File].string(), Node[key::inlined_at::Line].unsignedInteger(),
          Node[key::inlined_at::Function].string()};
}

/// A line's share of its region's modelled energy, as the runtime wrote it
/// before version 4: the region's energy times the line's part of the
/// region's modelled cost of work. None without an analytic model's
/// joules per operation, or for a region whose work costs nothing.
std::optional<double> lineEnergy(const RegionLine &Line, const Region &Owner,
                                 const std::optional<ModelInfo> &Model) {
  if (!Model || !Model->workJoules)
    return std::nullopt;
  double RegionWork = Model->workJoules->of(Owner.counts);
  if (!(RegionWork > 0))
    return std::nullopt;
  return Owner.energy.modelledJoules * Model->workJoules->of(Line.counts) / RegionWork;
}

std::vector<InlineSite> readInlineChain(const View &Chain) {
  std::vector<InlineSite> Sites;
  for (size_t I = 0, N = Chain.arraySize(); I < N; ++I)
    Sites.push_back(readInlineSite(Chain.element(I)));
  return Sites;
}

/// A line's `region`: one the report has.
uint64_t readLineRegion(const View &Node, size_t NumRegions) {
  uint64_t Region = Node.unsignedInteger();
  if (Region >= NumRegions)
    Node.fail("key " + Node.path() + " names region " + std::to_string(Region) +
              ", but the report has " + std::to_string(NumRegions));
  return Region;
}

/// An index into one of the `lines` tables (`files`, `inline_chains`).
size_t readTableIndex(const View &Node, size_t Size, const char *Table) {
  uint64_t Index = Node.unsignedInteger();
  if (Index >= Size)
    Node.fail("key " + Node.path() + " is " + std::to_string(Index) + ", but lines." + Table +
              " has " + std::to_string(Size) + " entries");
  return Index;
}

RegionLine readRegionLine(const View &Node, const std::vector<Region> &Regions,
                          const std::optional<ModelInfo> &Model) {
  RegionLine L;
  L.file = Node[key::line::File].string();
  L.line = Node[key::line::Line].unsignedInteger();
  if (auto Chain = Node.optional(key::line::InlinedAt))
    L.inlinedAt = readInlineChain(*Chain);
  L.region = readLineRegion(Node[key::line::Region], Regions.size());
  L.counts = readCounts(Node[key::line::Counts], L.flops, Breakdowns::OmittedWhenZero);
  // Before version 4 the runtime wrote each line's energy; since, readers
  // compute it.
  if (!Node.optional(key::line::Energy))
    L.energyJoules = lineEnergy(L, Regions[L.region], Model);
  else if (auto Energy = Node.nullable(key::line::Energy))
    L.energyJoules = Energy->nonNegative();
  return L;
}

/// The tables a version 7 `lines` row indexes.
struct LineTables {
  std::vector<std::string> Files;
  std::vector<std::vector<InlineSite>> Chains;
};

LineTables readLineTables(const View &Lines) {
  View Columns = Lines[key::lines::Columns];
  size_t N = Columns.arraySize();
  bool Known = N == NumLineColumns;
  for (size_t I = 0; Known && I < N; ++I)
    Known = Columns.element(I).string() == LineColumns[I];
  if (!Known)
    Columns.fail("key " + Columns.path() +
                 " does not list the columns this energy-report reads (docs/formats/report.md, "
                 "Lines); the report was written by another runtime, re-run the program");
  LineTables T;
  View Files = Lines[key::lines::Files];
  for (size_t I = 0, Size = Files.arraySize(); I < Size; ++I)
    T.Files.push_back(Files.element(I).string());
  View Chains = Lines[key::lines::InlineChains];
  for (size_t I = 0, Size = Chains.arraySize(); I < Size; ++I)
    T.Chains.push_back(readInlineChain(Chains.element(I)));
  return T;
}

/// A row of a version 7 `lines` table (LineColumns).
RegionLine readLineRow(const View &Row, const LineTables &Tables,
                       const std::vector<Region> &Regions, const std::optional<ModelInfo> &Model) {
  size_t N = Row.arraySize();
  if (N != NumLineColumns && N != NumLineColumns + 1)
    Row.fail("key " + Row.path() + " has " + std::to_string(N) + " elements, expected " +
             std::to_string(NumLineColumns) + " or, with FLOP breakdowns, " +
             std::to_string(NumLineColumns + 1));
  RegionLine L;
  L.region = readLineRegion(Row.element(0), Regions.size());
  L.file = Tables.Files[readTableIndex(Row.element(1), Tables.Files.size(), key::lines::Files)];
  L.line = Row.element(2).unsignedInteger();
  if (!Row.element(3).json().is_null())
    L.inlinedAt =
        Tables
            .Chains[readTableIndex(Row.element(3), Tables.Chains.size(), key::lines::InlineChains)];
  uint64_t Counts[NumLineColumns - FirstCountColumn];
  for (size_t C = FirstCountColumn; C < NumLineColumns; ++C)
    Counts[C - FirstCountColumn] = Row.element(C).unsignedInteger();
  model::Activity &A = L.counts;
  A.blocks = Counts[0];
  A.instructions = Counts[1];
  A.branches = Counts[2];
  A.calls = Counts[3];
  A.bytesLoaded = Counts[4];
  A.bytesStored = Counts[5];
  L.flops = Counts[6];
  if (N > NumLineColumns)
    readFlopBreakdowns(Row.element(NumLineColumns), A);
  L.energyJoules = lineEnergy(L, Regions[L.region], Model);
  return L;
}

/// `lines`: an object per line before version 7, a table since.
std::vector<RegionLine> readLines(const View &Lines, long long Version,
                                  const std::vector<Region> &Regions,
                                  const std::optional<ModelInfo> &Model) {
  std::vector<RegionLine> Out;
  if (Version < 7) {
    for (size_t I = 0, N = Lines.arraySize(); I < N; ++I)
      Out.push_back(readRegionLine(Lines.element(I), Regions, Model));
    return Out;
  }
  LineTables Tables = readLineTables(Lines);
  View Rows = Lines[key::lines::Rows];
  for (size_t I = 0, N = Rows.arraySize(); I < N; ++I)
    Out.push_back(readLineRow(Rows.element(I), Tables, Regions, Model));
  return Out;
}

Source readSource(const View &Node) {
  Source S;
  S.name = Node[key::sources::Name].string();
  S.kind = Node[key::sources::Kind].string();
  S.present = Node[key::sources::Present].boolean();
  S.used = Node[key::sources::Used].boolean();
  S.detail = Node[key::sources::Detail].string();
  return S;
}

ThreadRow readThreadRow(const View &Node) {
  ThreadRow T;
  if (auto Pid = Node.optional(key::thread_breakdown::Pid))
    T.pid = Pid->integer();
  T.tid = Node[key::thread_breakdown::Tid].integer();
  T.name = Node[key::thread_breakdown::Name].string();
  T.instrumented = Node[key::thread_breakdown::Instrumented].boolean();
  if (auto Cpu = Node.nullable(key::thread_breakdown::CpuTime))
    T.cpuSeconds = Cpu->nonNegative();
  T.regionSeconds = Node[key::thread_breakdown::RegionTime].nonNegative();
  T.instructions = Node[key::thread_breakdown::Instructions].unsignedInteger();
  T.flops = Node[key::thread_breakdown::Flops].unsignedInteger();
  T.bytes = Node[key::thread_breakdown::Bytes].unsignedInteger();
  return T;
}

model::OperationEnergies readWorkJoules(const View &Work) {
  model::OperationEnergies J;
  J.Instruction = Work[key::work_joules::Instruction].nonNegative();
  J.Branch = Work[key::work_joules::Branch].nonNegative();
  J.ByteLoaded = Work[key::work_joules::ByteLoaded].nonNegative();
  J.ByteStored = Work[key::work_joules::ByteStored].nonNegative();
  View Flop = Work[key::work_joules::Flop];
  Flop.expectObject();
  for (int P = 0; P < ENERGY_NUM_PRECISIONS; ++P)
    readNamed(Flop[key::counts::Precisions[P]], key::counts::FlopKinds, J.Flop[P],
              &View::nonNegative);
  return J;
}

std::optional<ModelInfo> readModel(const View &Doc) {
  auto Node = Doc.nullable(key::document::Model);
  if (!Node)
    return std::nullopt;
  ModelInfo M;
  M.name = (*Node)[key::model::Name].string();
  M.kind = (*Node)[key::model::Kind].string();
  M.version = (*Node)[key::model::Version].integer();
  M.path = (*Node)[key::model::Path].string();
  if (auto Work = Node->optional(key::model::WorkJoules))
    M.workJoules = readWorkJoules(*Work);
  return M;
}

/// A merged report's process, as the merge wrote it; errors in its timeline
/// name the process's entry.
MergedProcess readMergedProcess(const View &Node, size_t Index, const std::string &Origin) {
  MergedProcess P;
  P.programPath = Node[key::program::Path].string();
  P.argv = Node[key::program::Argv].strings();
  P.pid = Node[key::program::Pid].integer();
  if (auto Report = Node.ifPresent(key::processes::Report))
    P.report = Report->string();
  if (auto Rank = Node.ifPresent(key::processes::Rank))
    P.rank = Rank->unsignedInteger();
  if (auto Timeline = Node.ifPresent(key::processes::Timeline))
    P.timeline = parseTimeline(Timeline->json(),
                               Origin + ": program.processes[" + std::to_string(Index) + "]");
  return P;
}

void readProgram(const View &Program, Report &R) {
  R.programPath = Program[key::program::Path].string();
  R.argv = Program[key::program::Argv].strings();
  R.pid = Program[key::program::Pid].integer();
  R.startTime = Program[key::program::StartTime].string();
  R.wallSeconds = Program[key::program::WallTime].nonNegative();
  if (auto Processes = Program.ifPresent(key::program::Processes)) {
    R.mergedProcesses.emplace();
    for (size_t I = 0, N = Processes->arraySize(); I < N; ++I)
      R.mergedProcesses->push_back(readMergedProcess(Processes->element(I), I, R.origin));
  }
}

uint64_t readRank(const View &Rank, uint64_t Size) {
  uint64_t Value = Rank.unsignedInteger();
  if (Value >= Size)
    Rank.fail("key " + Rank.path() + " is " + std::to_string(Value) + " but the job has " +
              std::to_string(Size) + " ranks");
  return Value;
}

JobInfo readJob(const View &Job) {
  JobInfo J;
  J.launcher = Job[key::job::Launcher].string();
  if (auto Id = Job.nullable(key::job::Id))
    J.id = Id->string();
  J.size = Job[key::job::Size].unsignedInteger();
  if (auto Merged = Job.optional(key::job::RanksMerged)) {
    for (size_t I = 0, N = Merged->arraySize(); I < N; ++I)
      J.ranksMerged.push_back(readRank(Merged->element(I), J.size));
    return J;
  }
  J.rank = readRank(Job[key::job::Rank], J.size);
  if (auto Local = Job.nullable(key::job::LocalRank))
    J.localRank = Local->unsignedInteger();
  J.node = Job[key::job::Node].string();
  return J;
}

/// `call_tree`: each node's region one the report has, each parent an
/// earlier node, so that a path is found by walking up.
std::vector<CallTreeNode> readCallTree(const View &Tree, size_t NumRegions) {
  namespace Key = key::call_tree;
  std::vector<CallTreeNode> Nodes;
  for (size_t I = 0, N = Tree.arraySize(); I < N; ++I) {
    View Node = Tree.element(I);
    if (Node[Key::Id].unsignedInteger() != I)
      Node[Key::Id].reject("is not the node's index " + std::to_string(I));
    CallTreeNode C;
    C.region = Node[Key::Region].unsignedInteger();
    if (C.region >= NumRegions)
      Node[Key::Region].reject("names region " + std::to_string(C.region) +
                               ", which does not exist");
    if (auto Parent = Node.nullable(Key::Parent)) {
      C.parent = Parent->unsignedInteger();
      if (*C.parent >= I)
        Parent->reject("is not an earlier node");
    }
    // Null in a sampled report: samples see paths, not entries.
    if (auto Calls = Node.nullable(Key::Calls))
      C.calls = Calls->unsignedInteger();
    C.inclusiveSeconds = Node[Key::Time][key::time_s::Inclusive].nonNegative();
    C.selfSeconds = Node[Key::Time][key::time_s::Self].nonNegative();
    Nodes.push_back(C);
  }
  return Nodes;
}

void readMachine(const View &Machine, Report &R) {
  R.hostname = Machine[key::machine::Hostname].string();
  R.cpuModel = Machine[key::machine::CpuModel].string();
  R.logicalCpus = Machine[key::machine::LogicalCpus].integer();
}

} // namespace

bool Report::hasMeasuredEnergy() const {
  for (const Source &S : sources)
    if (S.kind == "energy" && S.used)
      return true;
  return totalEnergy.measuredJoules.has_value();
}

Report parseReport(const json &Json, const std::string &Origin) {
  View Doc(Json, Origin, ReportWording);
  document::checkEnvelope(Doc, format::Report, NotAReport);

  Report R;
  R.origin = Origin;
  R.version = Doc[key::document::Version].integer();
  readProgram(Doc[key::document::Program], R);
  if (auto Job = Doc.optional(key::document::Job))
    R.job = readJob(*Job);
  if (auto Checkpoint = Doc.optional(key::document::Checkpoint))
    R.checkpointPeriodSeconds = (*Checkpoint)[key::checkpoint::PeriodS].nonNegative();
  if (auto Snapshot = Doc.optional(key::document::Snapshot))
    R.snapshotRequestedBy = (*Snapshot)[key::snapshot::RequestedBy].string();
  if (auto Signal = Doc.optional(key::document::EndedBySignal))
    R.endedBySignal = Signal->string();
  if (auto Recovered = Doc.optional(key::document::Recovered))
    R.recoveredFrom = (*Recovered)[key::recovered::From].string();
  readMachine(Doc[key::document::Machine], R);
  View Sources = Doc[key::document::Sources];
  for (size_t I = 0, N = Sources.arraySize(); I < N; ++I)
    R.sources.push_back(readSource(Sources.element(I)));
  R.model = readModel(Doc);
  R.threads = Doc[key::document::Threads].integer();
  if (auto Instrumented = Doc.optional(key::document::ThreadsInstrumented))
    R.threadsInstrumented = Instrumented->integer();
  if (auto Breakdown = Doc.optional(key::document::ThreadBreakdown))
    for (size_t I = 0, N = Breakdown->arraySize(); I < N; ++I)
      R.threadBreakdown.push_back(readThreadRow(Breakdown->element(I)));
  if (auto Timing = Doc.optional(key::document::Timing)) {
    View Mode = (*Timing)[key::timing::Mode];
    R.timing = Mode.string();
    // `mixed`: a merge of sampled and exact processes' reports.
    if (R.timing != "sampled" && R.timing != "exact" && R.timing != "mixed")
      Mode.fail("key " + Mode.path() + " is \"" + R.timing +
                "\", expected sampled, exact or mixed");
    if (R.timing == "sampled") {
      R.sampleRateHz = (*Timing)[key::timing::RateHz].nonNegative();
      if (auto Sampled = Timing->optional(key::timing::SampledCpuTime))
        R.sampledCpuSeconds = Sampled->nonNegative();
      if (auto Timed = Timing->optional(key::timing::TimedCpuTime))
        R.timedCpuSeconds = Timed->nonNegative();
    }
  }
  View Regions = Doc[key::document::Regions];
  size_t NumRegions = Regions.arraySize();
  R.regions.reserve(NumRegions);
  for (size_t I = 0; I < NumRegions; ++I)
    R.regions.push_back(readRegion(Regions.element(I), I, NumRegions));
  if (auto NotRun = Doc.optional(key::document::RegionsNotRun))
    R.regionsNotRun = NotRun->unsignedInteger();
  View Totals = Doc[key::document::Totals];
  R.totalCounts = readCounts(Totals[key::totals::Counts], R.totalFlops);
  R.totalEnergy = readEnergy(Totals[key::totals::Energy]);
  if (auto Lines = Doc.optional(key::document::Lines))
    R.lines = readLines(*Lines, R.version, R.regions, R.model);
  if (auto Timeline = Doc.optional(key::document::Timeline))
    R.timeline = parseTimeline(Timeline->json(), Origin);
  if (auto Tree = Doc.ifPresent(key::document::CallTree))
    R.callTree = readCallTree(*Tree, R.regions.size());
  return R;
}

Report parseReportText(const std::string &Text, const std::string &Origin) {
  return parseReport(parseJson(Text, Origin), Origin);
}

json readReportJson(const std::string &Path) { return parseJson(readWholeFile(Path), Path); }

Report readReport(const std::string &Path) { return parseReport(readReportJson(Path), Path); }

} // namespace energy::report
