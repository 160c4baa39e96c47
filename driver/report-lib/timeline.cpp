//===- timeline.cpp - Reading a report's timeline and summing it by region ===//
//
// Validation follows the report reader: envelope first (format, version),
// then every key the tools use with its documented type, naming the key path
// of anything wrong. Keys the tools do not use are not checked.
//
//===----------------------------------------------------------------------===//
#include "energy/report/timeline.h"

#include "energy/report/report_error.h"

#include "report_view.h"

#include "document/Envelope.h"

#include "support/ReportKeys.h"

namespace energy::report {

namespace {

namespace key = report_key;

const document::Refusals NotATimeline = {
    .NotThisFormat = "{path} is not an energypass-timeline; re-run the program with a matching "
                     "runtime",
    .WrongFormat = "{path} is not an energypass-timeline; re-run the program with a matching "
                   "runtime",
    .UnsupportedVersion = "unsupported timeline version {found} (this energy-report reads "
                          "{versions}); use a matching energy-report",
};

std::vector<std::optional<double>> nullableNumbers(const View &Array, size_t Expected) {
  size_t N = Array.arraySize();
  if (N != Expected)
    Array.reject("has " + std::to_string(N) + " values where " + std::to_string(Expected) +
                 " were expected");
  std::vector<std::optional<double>> Values;
  for (size_t I = 0; I < N; ++I) {
    View E = Array.element(I);
    Values.push_back(E.json().is_null() ? std::nullopt : std::optional(E.nonNegative()));
  }
  return Values;
}

TimelineThreadEntry parseThreadEntry(const View &Node, size_t Events) {
  TimelineThreadEntry Entry;
  Entry.thread = Node[key::threads::Thread].unsignedInteger();
  if (auto Region = Node.nullable(key::threads::Region))
    Entry.region = Region->unsignedInteger();
  Entry.counters = nullableNumbers(Node[key::threads::Counters], Events);
  return Entry;
}

TimelineInterval parseInterval(const View &Node, const Timeline &T) {
  TimelineInterval I;
  I.start = Node[key::intervals::Start].nonNegative();
  I.end = Node[key::intervals::End].nonNegative();
  if (I.end < I.start)
    Node.reject("ends before it starts");
  I.energy = nullableNumbers(Node[key::intervals::Energy], T.meters.size());
  View Threads = Node[key::intervals::Threads];
  for (size_t K = 0, N = Threads.arraySize(); K < N; ++K)
    I.threads.push_back(parseThreadEntry(Threads.element(K), T.events.size()));
  return I;
}

} // namespace

Timeline parseTimeline(const nlohmann::json &Json, const std::string &Origin) {
  View Doc(Json, Origin, ReportWording, key::document::Timeline);
  document::checkEnvelope(Doc, format::Timeline, NotATimeline);
  Timeline T;
  T.period = Doc[key::timeline::Period].nonNegative();
  if (auto Start = Doc.optional(key::timeline::StartEpoch))
    T.startEpochSeconds = Start->nonNegative();
  if (auto Threads = Doc.optional(key::timeline::Threads))
    for (const View &Thread : Threads->elements())
      T.threadIds[Thread[key::threads::Thread].unsignedInteger()] =
          Thread[key::threads::Tid].unsignedInteger();
  T.events = Doc[key::timeline::Events].strings();
  for (const View &Meter : Doc[key::timeline::Meters].elements())
    T.meters.push_back({Meter[key::meters::Name].string(), Meter[key::meters::Domain].string()});
  View Intervals = Doc[key::timeline::Intervals];
  for (size_t I = 0, N = Intervals.arraySize(); I < N; ++I)
    T.intervals.push_back(parseInterval(Intervals.element(I), T));
  return T;
}

std::map<uint64_t, RegionCounters> regionCounters(const Timeline &T) {
  std::map<uint64_t, RegionCounters> ByRegion;
  std::map<uint64_t, std::vector<bool>> Counted;
  for (const TimelineInterval &I : T.intervals)
    for (const TimelineThreadEntry &E : I.threads) {
      if (!E.region)
        continue;
      RegionCounters &R = ByRegion[*E.region];
      std::vector<bool> &Seen = Counted[*E.region];
      Seen.resize(T.events.size());
      R.seconds += I.end - I.start;
      for (size_t K = 0; K < T.events.size(); ++K)
        if (E.counters[K]) {
          R.values[T.events[K]] += *E.counters[K];
          Seen[K] = true;
        }
    }
  for (auto &[Id, R] : ByRegion)
    for (size_t K = 0; K < T.events.size(); ++K)
      if (!Counted[Id][K])
        R.uncounted.push_back(T.events[K]);
  return ByRegion;
}

} // namespace energy::report
