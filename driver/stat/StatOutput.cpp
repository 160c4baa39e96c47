//===- StatOutput.cpp - perf stat's text, CSV, and energy-stat's JSON -----===//
#include "StatOutput.h"
#include "support/Formats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <linux/perf_event.h>

namespace energy::stat {

using namespace energy::meters;

namespace {

constexpr const char *kNotSupported = "<not supported>";

// perf's line: the count right-aligned in 18 columns, the unit in at least 5
// (one space after a longer one), then the name padded to 32 before a comment.
void printLine(FILE *out, const std::string &value, const std::string &unit,
               const std::string &name, const std::string &comment) {
  int unitWidth = unit.size() < 5 ? 5 : static_cast<int>(unit.size()) + 1;
  if (comment.empty()) {
    std::fprintf(out, "%18s %-*s%s\n", value.c_str(), unitWidth, unit.c_str(), name.c_str());
    return;
  }
  std::fprintf(out, "%18s %-*s%-32s # %s\n", value.c_str(), unitWidth, unit.c_str(), name.c_str(),
               comment.c_str());
}

std::string formatted(const char *format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string countText(const EventResult &e, double value) {
  if (e.unit() == "msec" || !e.spec.unit.empty())
    return formatted("%.2f", value);
  return formatted("%.0f", value);
}

bool isTaskClock(const EventSpec &spec) {
  return spec.type == PERF_TYPE_SOFTWARE && spec.config == PERF_COUNT_SW_TASK_CLOCK;
}

// perf's shadow metric: CPUs utilized for task-clock, a rate for counts.
std::pair<double, std::string> metricOf(const EventResult &e, double value, double elapsed) {
  if (isTaskClock(e.spec))
    return {value / 1e3 / elapsed, "CPUs utilized"};
  if (!e.unit().empty() || elapsed <= 0)
    return {NAN, ""};
  double rate = value / elapsed;
  if (rate >= 1e9)
    return {rate / 1e9, "G/sec"};
  if (rate >= 1e6)
    return {rate / 1e6, "M/sec"};
  if (rate >= 1e3)
    return {rate / 1e3, "K/sec"};
  return {rate, "/sec"};
}

std::string commentOf(const EventResult &e, double value, double elapsed) {
  auto [metric, unit] = metricOf(e, value, elapsed);
  std::string comment;
  if (!std::isnan(metric))
    comment = formatted("%8.3f", metric) + " " + unit;
  if (e.value.running > 0 && e.value.running < e.value.enabled)
    comment += formatted("  (%.2f%%)", 100.0 * static_cast<double>(e.value.running) /
                                           static_cast<double>(e.value.enabled));
  return comment;
}

bool anyEnergyUsed(const StatResult &r) {
  for (const Source &s : r.sources)
    if (s.kind == "energy" && s.used)
      return true;
  return false;
}

std::string commandText(const std::vector<std::string> &command) {
  std::string text;
  for (const std::string &a : command)
    text += (text.empty() ? "" : " ") + a;
  return text;
}

} // namespace

void printText(FILE *out, const StatResult &r) {
  std::fprintf(out, "\n Performance counter stats for '%s':\n\n", commandText(r.command).c_str());
  for (const EventResult &e : r.events) {
    std::optional<double> v = e.printable();
    if (!v) {
      printLine(out, e.status == CounterStatus::Counting ? "<not counted>" : statusText(e.status),
                e.unit(), e.spec.name, "");
      continue;
    }
    printLine(out, countText(e, *v), e.unit(), e.spec.name, commentOf(e, *v, r.elapsedSeconds));
  }
  std::fprintf(out, "\n Energy:\n");
  for (const MeterResult &m : r.meters)
    printLine(out, m.joules ? formatted("%.2f", *m.joules) : "<not counted>", "Joules", m.name,
              m.joules && r.elapsedSeconds > 0 ? formatted("%8.3f W", *m.joules / r.elapsedSeconds)
                                               : "");
  if (r.external)
    printLine(out, r.external->joules ? formatted("%.2f", *r.external->joules) : "<not counted>",
              "Joules", "external:" + r.external->path, r.external->detail);
  if (!anyEnergyUsed(r) && !(r.external && r.external->joules))
    printLine(out, kNotSupported, "Joules", "energy", "no energy meter here; see below");
  else if (auto total = r.totalJoules(); total && r.primaryMeters.size() > 1)
    printLine(out, formatted("%.2f", *total), "Joules", "energy (total)", "");
  std::fprintf(out, "\n");
  for (const Source &s : r.sources)
    if (!s.used)
      std::fprintf(out, " # %s: %s\n", s.name.c_str(), s.detail.c_str());
  std::fprintf(out, "\n %17.9f seconds time elapsed\n\n", r.elapsedSeconds);
  std::fprintf(out, " %17.9f seconds user\n", r.userSeconds);
  std::fprintf(out, " %17.9f seconds sys\n\n", r.systemSeconds);
}

void printCsv(FILE *out, const std::string &sep, const StatResult &r) {
  const char *s = sep.c_str();
  for (const EventResult &e : r.events) {
    std::optional<double> v = e.printable();
    if (!v) {
      const char *what =
          e.status == CounterStatus::Counting ? "<not counted>" : statusText(e.status);
      std::fprintf(out, "%s%s%s%s%s%s0%s100.00%s%s\n", what, s, e.unit().c_str(), s,
                   e.spec.name.c_str(), s, s, s, s);
      continue;
    }
    auto [metric, metricUnit] = metricOf(e, *v, r.elapsedSeconds);
    double pct = e.value.enabled ? 100.0 * static_cast<double>(e.value.running) /
                                       static_cast<double>(e.value.enabled)
                                 : 100.0;
    std::fprintf(
        out, "%s%s%s%s%s%s%llu%s%.2f%s%s%s%s\n", countText(e, *v).c_str(), s, e.unit().c_str(), s,
        e.spec.name.c_str(), s, static_cast<unsigned long long>(e.value.running), s, pct, s,
        std::isnan(metric) ? "" : formatted("%.3f", metric).c_str(), s, metricUnit.c_str());
  }
  auto elapsedNs = static_cast<unsigned long long>(r.elapsedSeconds * 1e9);
  for (const MeterResult &m : r.meters)
    std::fprintf(out, "%s%sJoules%s%s%s%llu%s100.00%s%s\n",
                 m.joules ? formatted("%.2f", *m.joules).c_str() : "<not counted>", s, s,
                 m.name.c_str(), s, elapsedNs, s, s, s);
  if (r.external && r.external->joules)
    std::fprintf(out, "%.2f%sJoules%sexternal:%s%s%llu%s100.00%s%s\n", *r.external->joules, s, s,
                 r.external->path.c_str(), s, elapsedNs, s, s, s);
  if (!anyEnergyUsed(r) && !(r.external && r.external->joules))
    std::fprintf(out, "%s%sJoules%senergy%s0%s100.00%s%s\n", kNotSupported, s, s, s, s, s, s);
}

void printIntervalHeader(FILE *out, const std::string &sep) {
  if (sep.empty())
    std::fprintf(out, "#           time             counts unit events\n");
}

void printInterval(FILE *out, const std::string &sep, const IntervalView &v,
                   const std::vector<EventSpec> &events, const std::vector<std::string> &meters) {
  auto line = [&](const std::string &value, const std::string &unit, const std::string &name) {
    if (!sep.empty()) {
      std::fprintf(out, "%.9f%s%s%s%s%s%s\n", v.tEnd(), sep.c_str(), value.c_str(), sep.c_str(),
                   unit.c_str(), sep.c_str(), name.c_str());
      return;
    }
    int unitWidth = unit.size() < 5 ? 5 : static_cast<int>(unit.size()) + 1;
    std::fprintf(out, "%16.9f %18s %-*s%s\n", v.tEnd(), value.c_str(), unitWidth, unit.c_str(),
                 name.c_str());
  };
  for (size_t e = 0; e < events.size(); ++e) {
    EventResult r;
    r.spec = events[e];
    double value = v.process()[e];
    if (std::isnan(value)) {
      line("<not counted>", r.unit(), r.spec.name);
      continue;
    }
    double shown = r.unit() == "msec" ? value / 1e6 : value * r.spec.scale;
    line(countText(r, shown), r.unit(), r.spec.name);
  }
  for (size_t m = 0; m < meters.size(); ++m)
    line(std::isnan(v.energy()[m]) ? "<not counted>" : formatted("%.4f", v.energy()[m]), "Joules",
         meters[m]);
  std::fflush(out);
}

std::string resultJson(const StatResult &r) {
  using nlohmann::json;
  json events = json::array(), meters = json::array(), sources = json::array();
  for (const EventResult &e : r.events) {
    std::optional<double> v = e.printable();
    const char *status = v                                             ? "counted"
                         : e.status == CounterStatus::NotSupported     ? "not supported"
                         : e.status == CounterStatus::PermissionDenied ? "not permitted"
                                                                       : "not counted";
    events.push_back({{"name", e.spec.name},
                      {"value", v ? json(*v) : json(nullptr)},
                      {"unit", e.unit()},
                      {"status", status},
                      {"user_only", e.userOnly},
                      {"raw", e.value.valid ? json(e.value.raw) : json(nullptr)},
                      {"time_enabled_ns", e.value.enabled},
                      {"time_running_ns", e.value.running}});
  }
  for (size_t i = 0; i < r.meters.size(); ++i) {
    const MeterResult &m = r.meters[i];
    bool primary =
        std::find(r.primaryMeters.begin(), r.primaryMeters.end(), i) != r.primaryMeters.end();
    meters.push_back({{"name", m.name},
                      {"domain", m.domain},
                      {"source", m.source},
                      {"primary", primary},
                      {"joules", m.joules ? json(*m.joules) : json(nullptr)}});
  }
  for (const Source &s : r.sources)
    sources.push_back({{"name", s.name},
                       {"kind", s.kind},
                       {"present", s.present},
                       {"used", s.used},
                       {"detail", s.detail}});
  std::optional<double> total = r.totalJoules();
  json doc = {{"format", energy::format::EnergyStat.Name},
              {"version", energy::format::EnergyStat.Version},
              {"command", r.command},
              {"exit_status", r.exitStatus},
              {"elapsed_s", r.elapsedSeconds},
              {"user_s", r.userSeconds},
              {"sys_s", r.systemSeconds},
              {"events", std::move(events)},
              {"meters", std::move(meters)},
              {"energy_j", total ? json(*total) : json(nullptr)},
              {"sources", std::move(sources)},
              {"external_meter", nullptr},
              {"timeline", nullptr}};
  if (r.external)
    doc["external_meter"] = {
        {"path", r.external->path},
        {"joules", r.external->joules ? json(*r.external->joules) : json(nullptr)},
        {"detail", r.external->detail}};
  if (!r.timeline.is_null())
    doc["timeline"] = r.timeline;
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace energy::stat
