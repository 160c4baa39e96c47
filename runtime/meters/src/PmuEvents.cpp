//===- PmuEvents.cpp - sysfs PMU events: pmu/terms/ ------------------------===//
//
// Resolves events of dynamic PMUs (power/energy-pkg/, msr/tsc/,
// cpu/event=0x3c,umask=0/) the way perf does: the PMU's type from
// bus/event_source/devices/PMU/type, term names from format/ (which bits of
// config, config1 or config2 they fill), aliases from events/, and the
// energy scale and unit from events/NAME.scale and events/NAME.unit.
//
//===----------------------------------------------------------------------===//
#include "meters/Events.h"
#include "meters/SysfsFiles.h"

#include <charconv>
#include <cstdlib>

namespace energy::meters {
namespace {

std::vector<std::string_view> splitOn(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(sep, start);
    if (end == std::string_view::npos)
      end = text.size();
    if (end > start)
      parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

bool parseNumber(std::string_view text, uint64_t &value) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    base = 16;
  }
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// A format file says where a term's value goes: "config:0-7,21" or "config1:0-15".
bool depositTerm(const std::string &format, uint64_t value, EventSpec &out) {
  size_t colon = format.find(':');
  if (colon == std::string::npos)
    return false;
  std::string_view field = std::string_view(format).substr(0, colon);
  uint64_t *target = field == "config"    ? &out.config
                     : field == "config1" ? &out.config1
                     : field == "config2" ? &out.config2
                                          : nullptr;
  if (!target)
    return false;
  for (std::string_view range : splitOn(std::string_view(format).substr(colon + 1), ',')) {
    size_t dash = range.find('-');
    uint64_t lo = 0, hi = 0;
    if (!parseNumber(range.substr(0, dash), lo))
      return false;
    hi = lo;
    if (dash != std::string_view::npos && !parseNumber(range.substr(dash + 1), hi))
      return false;
    for (uint64_t bit = lo; bit <= hi && bit < 64; ++bit, value >>= 1)
      if (value & 1)
        *target |= uint64_t{1} << bit;
  }
  return true;
}

class PmuResolver {
public:
  PmuResolver(std::string dir, std::string_view spec) : dir(std::move(dir)), spec(spec) {}

  bool applyTerm(std::string_view term, EventSpec &out, std::string &error) {
    size_t eq = term.find('=');
    std::string key(term.substr(0, eq));
    uint64_t value = 1;
    if (eq != std::string_view::npos && !parseNumber(term.substr(eq + 1), value)) {
      error = "bad value in term '" + std::string(term) + "' of event '" + spec + "'";
      return false;
    }
    std::string format;
    if (readTextFile(realFileOpener(), dir + "/format/" + key, format) == 0)
      return depositTerm(format, value, out) || fail(error, "unreadable format of '" + key);
    std::string alias;
    if (eq == std::string_view::npos &&
        readTextFile(realFileOpener(), dir + "/events/" + key, alias) == 0) {
      readAliasExtras(key, out);
      for (std::string_view aliasTerm : splitOn(alias, ','))
        if (!applyTerm(aliasTerm, out, error))
          return false;
      return true;
    }
    return fail(error, "PMU has no term or event '" + key);
  }

private:
  void readAliasExtras(const std::string &key, EventSpec &out) {
    std::string text;
    if (readTextFile(realFileOpener(), dir + "/events/" + key + ".scale", text) == 0)
      out.scale = std::strtod(text.c_str(), nullptr);
    if (readTextFile(realFileOpener(), dir + "/events/" + key + ".unit", text) == 0)
      out.unit = text;
  }

  bool fail(std::string &error, const std::string &what) {
    error = "event '" + spec + "': " + what + "' (see " + dir + ")";
    return false;
  }

  std::string dir;
  std::string spec;
};

} // namespace

bool lookupPmuEvent(std::string_view spec, const std::string &sysfsRoot, EventSpec &out,
                    std::string &error) {
  size_t first = spec.find('/');
  size_t last = spec.rfind('/');
  if (first == std::string_view::npos || first == last || first == 0) {
    error = "bad PMU event '" + std::string(spec) + "': write it as pmu/event/ or pmu/term=value/";
    return false;
  }
  std::string pmu(spec.substr(0, first));
  std::string dir = sysfsRoot + "/bus/event_source/devices/" + pmu;
  std::string text;
  uint64_t type = 0;
  if (readTextFile(realFileOpener(), dir + "/type", text) != 0 || !parseNumber(text, type)) {
    error = "unknown PMU '" + pmu + "' in event '" + std::string(spec) + "' (no " + dir +
            "/type; `ls " + sysfsRoot + "/bus/event_source/devices` lists them)";
    return false;
  }
  out.type = static_cast<uint32_t>(type);
  PmuResolver resolver(dir, spec);
  for (std::string_view term : splitOn(spec.substr(first + 1, last - first - 1), ','))
    if (!resolver.applyTerm(term, out, error))
      return false;
  if (readTextFile(realFileOpener(), dir + "/cpumask", text) == 0) {
    std::vector<int> cpus = parseCpuList(text);
    if (!cpus.empty())
      out.cpu = cpus.front();
  }
  return true;
}

} // namespace energy::meters
