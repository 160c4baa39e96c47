//===- energy/report/report_merge.h - Many processes' reports as one ------===//
//
// A program that forks, a test suite or `make -j` leaves one report per
// process. ReportMerger folds them, one at a time, into one report of the same
// format (version 2; docs/formats/report.md, Merged reports): regions matched
// by identity, counts, calls, times and energy summed, call trees merged by
// path, `program.processes` listing what went in. It keeps only the merged
// document, never the inputs, so merging many reports costs one report's
// memory plus the regions they add.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_REPORT_REPORT_MERGE_H
#define ENERGY_REPORT_REPORT_MERGE_H

#include "energy/report/node_meters.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace energy::report {

class ReportMerger {
public:
  /// Adds one report that parseReport() has validated, call tree and
  /// processes included; `Origin` is its file, recorded in
  /// `program.processes`. Throws ReportError, naming Origin, when a section
  /// only the merge reads is damaged or when it holds a process already added
  /// (merging it again would count it twice); the merger is then unusable.
  void add(const nlohmann::json &Doc, const std::string &Origin);

  /// The merged report; at least one report must have been added.
  nlohmann::json result() const;

private:
  struct Module {
    nlohmann::json entry; // the first input's modules[] entry, made cumulative
    std::string source;
    std::string hash;  // empty: only version-1 reports, which have none, had it
    size_t listed = 0; // merged regions of this module
  };
  struct MergedRegion {
    nlohmann::json region;
    size_t module = 0;
    std::optional<size_t> parent; // a merged region index
  };
  struct CallNode {
    nlohmann::json node;
    std::optional<size_t> parent; // a merged node index
    size_t region = 0;            // a merged region index
  };
  struct MergedLine {
    nlohmann::json line;
    size_t region = 0; // a merged region index
  };

  void addDocument(const nlohmann::json &Doc, const std::string &Origin);
  std::vector<size_t> moduleOfEachRegion(const nlohmann::json &Doc);
  size_t moduleIndex(const nlohmann::json &Entry);
  size_t moduleIndex(const std::string &Source, const std::string &Hash);
  std::vector<size_t> addRegions(const nlohmann::json &Doc);
  void addCallTree(const nlohmann::json &Doc, const std::vector<size_t> &RegionIndex);
  /// The merged `call_tree`, its regions numbered by `Id`.
  nlohmann::json callTreeResult(const std::vector<size_t> &Id) const;
  void addProgram(const nlohmann::json &Doc, const std::string &Origin);
  /// Process came from the file `Report`, and was read from `Input` (the
  /// same file, or a merged report holding it).
  void addProcess(nlohmann::json Process, const std::string &Report, const std::string &Input);
  void addSources(const nlohmann::json &Sources);
  void addThreadBreakdown(const nlohmann::json &Doc);
  void addTiming(const nlohmann::json &Doc);
  void addJob(const nlohmann::json &Doc);
  void addLines(const nlohmann::json &Doc, const std::vector<size_t> &RegionIndex);
  /// Keeps each process's timeline (and rank) in its `program.processes`
  /// entry, from FirstProcess on, its regions renumbered as merged.
  void addProcessTimelines(const nlohmann::json &Doc, size_t FirstProcess,
                           const std::vector<size_t> &RegionIndex);
  /// `program.processes` with their timelines' regions numbered by `Id`.
  nlohmann::json processesResult(const std::vector<size_t> &Id) const;
  /// `lines` with merged regions numbered by `Id`.
  nlohmann::json linesResult(const std::vector<size_t> &Id) const;

  size_t Added = 0;
  nlohmann::json Skeleton; // format, machine, model, threads, totals, ...
  nlohmann::json Earliest; // `program` of the earliest started process
  double FirstStart = 0.0, LastEnd = 0.0, LongestWall = 0.0;
  bool StartsKnown = true;
  nlohmann::json Processes = nlohmann::json::array();
  nlohmann::json ThreadBreakdown = nlohmann::json::array();
  std::map<std::string, std::string> ProcessInput; // identity -> input file
  std::vector<nlohmann::json> Sources;
  std::vector<Module> Modules;
  std::vector<MergedRegion> Regions;
  std::map<std::tuple<size_t, std::string, std::string>, size_t> RegionByIdentity;
  std::vector<CallNode> CallTree;
  /// Whether any input had a `call_tree`: the merged report has one only
  /// then, since an empty one would say every region ran outside it.
  bool AnyCallTree = false;
  std::map<std::pair<std::optional<size_t>, size_t>, size_t> NodeByPath;
  /// Whether any input had `lines`; they are keyed by merged region, file,
  /// line and inlining chain (as JSON text).
  bool AnyLines = false;
  std::vector<MergedLine> Lines;
  std::map<std::tuple<size_t, std::string, uint64_t, std::string>, size_t> LineByKey;
  /// The job every input is a rank (or merged ranks) of; null once an input
  /// is of no job or of another one.
  nlohmann::json Job;
  std::set<uint64_t> Ranks; // the job's ranks merged so far
  /// The meters of the ranks merged from their own reports, whose node's
  /// energy the job report counts once (node_meters.h).
  std::vector<RankMeter> RankMeters;
};

} // namespace energy::report

#endif
