//===- ExternalMeter.cpp - Parsing and integrating a wall meter's log -----===//
#include "meters/ExternalMeter.h"

#include "support/Formats.h"
#include "support/ReportKeys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace energy::meters {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool parseDouble(std::string_view s, double &value) {
  s = trim(s);
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

// Power at time t on the segment between samples a and b (linear).
double powerAt(const PowerSample &a, const PowerSample &b, double t) {
  return a.watts + (b.watts - a.watts) * (t - a.time) / (b.time - a.time);
}

} // namespace

bool parsePowerCsv(std::string_view text, PowerLog &log, std::string &error) {
  log.samples.clear();
  size_t lineNo = 0;
  bool firstData = true;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = trim(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++lineNo;
    if (line.empty() || line.front() == '#')
      continue;
    size_t comma = line.find(',');
    PowerSample s{};
    bool ok = comma != std::string_view::npos && parseDouble(line.substr(0, comma), s.time) &&
              parseDouble(line.substr(comma + 1), s.watts);
    if (!ok && firstData && log.samples.empty()) {
      firstData = false; // a header such as "timestamp,watts"
      continue;
    }
    firstData = false;
    if (!ok) {
      error = "line " + std::to_string(lineNo) + ": expected 'timestamp,watts', got '" +
              std::string(line) + "'";
      return false;
    }
    if (s.watts < 0) {
      error = "line " + std::to_string(lineNo) + ": negative power " + std::to_string(s.watts);
      return false;
    }
    if (!log.samples.empty() && s.time <= log.samples.back().time) {
      error = "line " + std::to_string(lineNo) + ": timestamp does not increase";
      return false;
    }
    log.samples.push_back(s);
  }
  if (log.samples.size() < 2) {
    error = "fewer than two samples: cannot integrate power";
    return false;
  }
  return true;
}

bool loadPowerCsv(const std::string &path, PowerLog &log, std::string &error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read power log '" + path + "'";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  if (!parsePowerCsv(text.str(), log, error)) {
    error = path + ": " + error;
    return false;
  }
  return true;
}

std::optional<double> integrateEnergy(const PowerLog &log, double t0, double t1) {
  const auto &s = log.samples;
  if (s.size() < 2 || t1 < t0 || t0 < s.front().time || t1 > s.back().time)
    return std::nullopt;
  // First segment whose end is after t0.
  auto it = std::upper_bound(s.begin(), s.end(), t0,
                             [](double t, const PowerSample &p) { return t < p.time; });
  size_t i = it == s.begin() ? 0 : static_cast<size_t>(it - s.begin()) - 1;
  double joules = 0;
  for (; i + 1 < s.size() && s[i].time < t1; ++i) {
    double a = std::max(t0, s[i].time), b = std::min(t1, s[i + 1].time);
    if (b <= a)
      continue;
    joules += 0.5 * (powerAt(s[i], s[i + 1], a) + powerAt(s[i], s[i + 1], b)) * (b - a);
  }
  return joules;
}

bool joinExternalMeter(nlohmann::json &timeline, const PowerLog &log, const std::string &name,
                       std::string &error) {
  nlohmann::json doc = timeline;
  // Checked without nlohmann's typed accessors, which throw on a member of
  // another type: no exception may cross this API.
  auto declared = doc.is_object() ? doc.find("format") : doc.end();
  if (!doc.is_object() || declared == doc.end() || !declared->is_string() ||
      *declared != format::Timeline.Name) {
    error = std::string("not an ") + format::Timeline.Name + " document";
    return false;
  }
  auto version = doc.find("version");
  bool known = version != doc.end() && version->is_number_integer() &&
               version->get<long long>() >= format::Timeline.OldestReadable &&
               version->get<long long>() <= format::Timeline.Version;
  if (!known) {
    error = "timeline version " + (version == doc.end() ? std::string("(none)") : version->dump()) +
            " is not supported (this reader knows " + std::to_string(format::Timeline.Version) +
            ")";
    return false;
  }
  // A document of the right format and version can still be malformed;
  // nlohmann reports that by exception, which must not cross this API.
  try {
    namespace key = report_key;
    double epoch = doc.value(key::timeline::StartEpoch, 0.0);
    doc[key::timeline::Meters].push_back(
        {{key::meters::Name, name}, {key::meters::Domain, "external"}});
    for (auto &interval : doc[key::timeline::Intervals]) {
      std::optional<double> joules =
          integrateEnergy(log, epoch + interval.value(key::intervals::Start, 0.0),
                          epoch + interval.value(key::intervals::End, 0.0));
      interval[key::intervals::Energy].push_back(joules ? nlohmann::json(*joules)
                                                        : nlohmann::json(nullptr));
    }
  } catch (const nlohmann::json::exception &e) {
    error = std::string("malformed timeline: ") + e.what();
    return false;
  }
  timeline = std::move(doc);
  return true;
}

} // namespace energy::meters
