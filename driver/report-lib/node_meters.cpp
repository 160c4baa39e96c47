//===- node_meters.cpp - A node's meters counted once per job -------------===//
#include "energy/report/node_meters.h"

#include "support/ReportKeys.h"

#include <algorithm>

namespace energy::report {

namespace {

using nlohmann::json;
namespace key = report_key;

/// A number of the document, or none when absent or null.
std::optional<double> numberAt(const json &Object, const char *Key) {
  auto It = Object.find(Key);
  if (It == Object.end() || !It->is_number())
    return std::nullopt;
  return It->get<double>();
}

double threadsCpuSeconds(const json &Doc) {
  double Seconds = 0.0;
  for (const json &Thread : Doc.value(key::document::ThreadBreakdown, json::array()))
    Seconds += numberAt(Thread, key::thread_breakdown::CpuTime).value_or(0.0);
  return Seconds;
}

struct NodeTotals {
  double joules = 0.0;     // the largest measured total of its ranks
  double cpuSeconds = 0.0; // its ranks' CPU time
  size_t ranks = 0;
};

std::map<std::string, NodeTotals> nodeTotals(const std::vector<RankMeter> &Ranks) {
  std::map<std::string, NodeTotals> Nodes;
  for (const RankMeter &R : Ranks) {
    NodeTotals &N = Nodes[R.node];
    N.joules = std::max(N.joules, R.measuredJoules);
    N.cpuSeconds += R.cpuSeconds;
    ++N.ranks;
  }
  return Nodes;
}

/// Scales `Key` of an energy_j object by Factor; returns the change.
double scale(json &Energy, const char *Key, double Factor) {
  std::optional<double> Value = numberAt(Energy, Key);
  if (!Value)
    return 0.0;
  Energy[Key] = *Value * Factor;
  return *Value * Factor - *Value;
}

void addTo(json &Energy, const char *Key, double Change) {
  if (std::optional<double> Value = numberAt(Energy, Key))
    Energy[Key] = std::max(0.0, *Value + Change);
}

void scaleRegion(json &Region, const std::map<uint64_t, double> &Factors) {
  if (!Region.contains(key::region::ByRank) || !Region.contains(key::region::Energy))
    return;
  double Measured = 0.0, Idle = 0.0;
  for (json &Entry : Region[key::region::ByRank]) {
    auto Factor = Factors.find(Entry.at(key::by_rank::Rank).get<uint64_t>());
    if (Factor == Factors.end() || !Entry.contains(key::by_rank::Energy))
      continue;
    json &Energy = Entry[key::by_rank::Energy];
    Measured += scale(Energy, key::energy_j::Measured, Factor->second);
    Idle += scale(Energy, key::energy_j::MeasuredIdle, Factor->second);
  }
  addTo(Region[key::region::Energy], key::energy_j::Measured, Measured);
  addTo(Region[key::region::Energy], key::energy_j::MeasuredIdle, Idle);
}

} // namespace

std::optional<RankMeter> rankMeter(const json &Doc) {
  auto Job = Doc.find(key::document::Job);
  if (Job == Doc.end() || !Job->contains(key::job::Rank))
    return std::nullopt;
  const json &Energy = Doc.at(key::document::Totals).at(key::totals::Energy);
  std::optional<double> Measured = numberAt(Energy, key::energy_j::Measured);
  if (!Measured)
    return std::nullopt;
  RankMeter R;
  R.rank = Job->at(key::job::Rank).get<uint64_t>();
  R.node =
      Job->value(key::job::Node, Doc.at(key::document::Machine).value(key::machine::Hostname, ""));
  R.measuredJoules = *Measured;
  R.measuredIdleJoules = numberAt(Energy, key::energy_j::MeasuredIdle);
  R.cpuSeconds = threadsCpuSeconds(Doc);
  return R;
}

std::map<uint64_t, double> nodeShareFactors(const std::vector<RankMeter> &Ranks) {
  std::map<std::string, NodeTotals> Nodes = nodeTotals(Ranks);
  std::map<uint64_t, double> Factors;
  for (const RankMeter &R : Ranks) {
    const NodeTotals &N = Nodes.at(R.node);
    // Without any CPU time read, the node's ranks share it equally.
    double Share = N.cpuSeconds > 0 ? R.cpuSeconds / N.cpuSeconds : 1.0 / double(N.ranks);
    Factors[R.rank] = R.measuredJoules > 0 ? N.joules * Share / R.measuredJoules : 1.0;
  }
  return Factors;
}

void countNodeMetersOnce(json &JobReport, const std::vector<RankMeter> &Ranks) {
  if (Ranks.empty())
    return;
  std::map<uint64_t, double> Factors = nodeShareFactors(Ranks);
  for (json &Region : JobReport[key::document::Regions])
    scaleRegion(Region, Factors);
  double Measured = 0.0, Idle = 0.0;
  bool IdleKnown = true;
  for (const RankMeter &R : Ranks) {
    double Factor = Factors.at(R.rank);
    Measured += R.measuredJoules * (Factor - 1.0);
    IdleKnown = IdleKnown && R.measuredIdleJoules;
    Idle += R.measuredIdleJoules.value_or(0.0) * (Factor - 1.0);
  }
  json &Totals = JobReport[key::document::Totals][key::totals::Energy];
  addTo(Totals, key::energy_j::Measured, Measured);
  if (IdleKnown)
    addTo(Totals, key::energy_j::MeasuredIdle, Idle);
}

} // namespace energy::report
