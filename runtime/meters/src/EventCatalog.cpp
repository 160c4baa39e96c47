//===- EventCatalog.cpp - perf's generic event names and event lists ------===//
//
// The generic names are those of perf(1) (tools/perf/util/parse-events.c):
// hardware and software events by name and alias, and cache events composed
// as <cache>-<op>s / <cache>-<op>-misses. Lists are split on commas outside
// {groups} and outside pmu/.../ terms.
//
//===----------------------------------------------------------------------===//
#include "meters/Events.h"

#include <linux/perf_event.h>

#include <array>
#include <charconv>

namespace energy::meters {
namespace {

struct NamedEvent {
  std::string_view name;
  uint32_t type;
  uint64_t config;
};

constexpr std::array kFixedEvents = {
    NamedEvent{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    NamedEvent{"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    NamedEvent{"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    NamedEvent{"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
    NamedEvent{"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    NamedEvent{"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    NamedEvent{"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    NamedEvent{"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    NamedEvent{"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES},
    NamedEvent{"stalled-cycles-frontend", PERF_TYPE_HARDWARE,
               PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    NamedEvent{"idle-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    NamedEvent{"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    NamedEvent{"idle-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    NamedEvent{"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
    NamedEvent{"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
    NamedEvent{"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    NamedEvent{"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    NamedEvent{"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    NamedEvent{"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN},
    NamedEvent{"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    NamedEvent{"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    NamedEvent{"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    NamedEvent{"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    NamedEvent{"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    NamedEvent{"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS},
    NamedEvent{"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS},
    NamedEvent{"dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY},
};

constexpr std::array<std::pair<std::string_view, uint32_t>, 7> kCaches = {{
    {"L1-dcache", PERF_COUNT_HW_CACHE_L1D},
    {"L1-icache", PERF_COUNT_HW_CACHE_L1I},
    {"LLC", PERF_COUNT_HW_CACHE_LL},
    {"dTLB", PERF_COUNT_HW_CACHE_DTLB},
    {"iTLB", PERF_COUNT_HW_CACHE_ITLB},
    {"branch", PERF_COUNT_HW_CACHE_BPU},
    {"node", PERF_COUNT_HW_CACHE_NODE},
}};

// perf spells accesses in the plural ("loads") and misses with the singular
// operation ("load-misses").
constexpr std::array<std::pair<std::string_view, uint32_t>, 3> kCacheOps = {{
    {"load", PERF_COUNT_HW_CACHE_OP_READ},
    {"store", PERF_COUNT_HW_CACHE_OP_WRITE},
    {"prefetch", PERF_COUNT_HW_CACHE_OP_PREFETCH},
}};

std::string cacheEventName(std::string_view cache, std::string_view op, bool misses) {
  std::string name{cache};
  name += '-';
  name += op;
  name += misses ? "-misses" : (op == "prefetch" ? "es" : "s");
  return name;
}

// Matched piece by piece, not against each spelled-out name: the runtime
// resolves its default events in every measured process.
bool lookupCacheEvent(std::string_view name, EventSpec &out) {
  for (auto [cache, cacheId] : kCaches) {
    if (!name.starts_with(cache) || name.substr(cache.size(), 1) != "-")
      continue;
    std::string_view rest = name.substr(cache.size() + 1);
    for (auto [op, opId] : kCacheOps) {
      if (!rest.starts_with(op))
        continue;
      std::string_view suffix = rest.substr(op.size());
      bool misses = suffix == "-misses";
      if (!misses && suffix != (op == "prefetch" ? "es" : "s"))
        continue;
      uint32_t result =
          misses ? PERF_COUNT_HW_CACHE_RESULT_MISS : PERF_COUNT_HW_CACHE_RESULT_ACCESS;
      out.type = PERF_TYPE_HW_CACHE;
      out.config = cacheId | (opId << 8) | (result << 16);
      return true;
    }
  }
  return false;
}

// `cycles:u` style modifiers: u = user only, k = kernel only, h = hypervisor only.
bool applyModifiers(std::string_view mods, EventSpec &out) {
  if (mods.empty())
    return true;
  bool u = false, k = false, h = false;
  for (char c : mods) {
    if (c == 'u')
      u = true;
    else if (c == 'k')
      k = true;
    else if (c == 'h')
      h = true;
    else
      return false;
  }
  out.excludeUser = !u;
  out.excludeKernel = !k;
  out.excludeHv = !h;
  return true;
}

// rNNNN: a raw hardware event code in hex, as perf accepts it.
bool lookupRawEvent(std::string_view name, EventSpec &out) {
  if (name.size() < 2 || name[0] != 'r')
    return false;
  uint64_t code = 0;
  auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), code, 16);
  if (ec != std::errc() || end != name.data() + name.size())
    return false;
  out.type = PERF_TYPE_RAW;
  out.config = code;
  return true;
}

bool lookupGenericWithModifiers(std::string_view name, EventSpec &out) {
  size_t colon = name.rfind(':');
  std::string_view base = colon == std::string_view::npos ? name : name.substr(0, colon);
  std::string_view mods =
      colon == std::string_view::npos ? std::string_view{} : name.substr(colon + 1);
  if (!lookupGenericEvent(base, out) && !lookupRawEvent(base, out))
    return false;
  return applyModifiers(mods, out);
}

// Splits on commas that are outside {groups} and outside pmu/.../ terms.
std::vector<std::pair<std::string_view, int>> splitEventList(std::string_view list,
                                                             std::string &error) {
  std::vector<std::pair<std::string_view, int>> items;
  int groups = 0, group = -1;
  bool inTerms = false;
  size_t start = 0;
  auto flush = [&](size_t end) {
    if (end > start)
      items.emplace_back(list.substr(start, end - start), group);
    start = end + 1;
  };
  for (size_t i = 0; i < list.size(); ++i) {
    char c = list[i];
    if (c == '/') {
      inTerms = !inTerms;
    } else if (inTerms) {
      continue;
    } else if (c == '{') {
      if (group >= 0) {
        error = "nested '{' in event list '" + std::string(list) + "'";
        return {};
      }
      flush(i);
      group = groups++;
    } else if (c == '}') {
      if (group < 0) {
        error = "unmatched '}' in event list '" + std::string(list) + "'";
        return {};
      }
      flush(i);
      group = -1;
    } else if (c == ',') {
      flush(i);
    }
  }
  flush(list.size());
  if (group >= 0)
    error = "unterminated '{' in event list '" + std::string(list) + "'";
  return items;
}

} // namespace

bool lookupGenericEvent(std::string_view name, EventSpec &out) {
  for (const NamedEvent &e : kFixedEvents)
    if (e.name == name) {
      out.type = e.type;
      out.config = e.config;
      return true;
    }
  return lookupCacheEvent(name, out);
}

bool resolveEvent(std::string_view name, const std::string &sysfsRoot, EventSpec &out,
                  std::string &error) {
  out = EventSpec{};
  out.name = std::string(name);
  if (lookupGenericWithModifiers(name, out))
    return true;
  if (name.find('/') != std::string_view::npos)
    return lookupPmuEvent(name, sysfsRoot, out, error);
  std::string pfmError;
  if (lookupPfmEvent(name, out, pfmError))
    return true;
  error = "unknown event '" + std::string(name) +
          "': not a perf name (energy-stat --list), rHEX, pmu/event/ or libpfm4 name (" + pfmError +
          ")";
  return false;
}

EventListResult parseEventList(std::string_view list, const std::string &sysfsRoot) {
  EventListResult result;
  auto items = splitEventList(list, result.error);
  if (!result.error.empty())
    return result;
  if (items.empty()) {
    result.error = "empty event list";
    return result;
  }
  for (auto [name, group] : items) {
    EventSpec spec;
    if (!resolveEvent(name, sysfsRoot, spec, result.error)) {
      result.events.clear();
      return result;
    }
    spec.group = group;
    result.events.push_back(std::move(spec));
  }
  return result;
}

const std::vector<std::string> &paperEvents() {
  static const std::vector<std::string> events = {"cycles",
                                                  "instructions",
                                                  "cache-references",
                                                  "cache-misses",
                                                  "bus-cycles",
                                                  "branches",
                                                  "branch-misses",
                                                  "ref-cycles",
                                                  "stalled-cycles-backend",
                                                  "stalled-cycles-frontend",
                                                  "L1-dcache-loads",
                                                  "L1-dcache-load-misses",
                                                  "dTLB-loads",
                                                  "LLC-loads",
                                                  "LLC-load-misses",
                                                  "LLC-stores",
                                                  "cpu-clock",
                                                  "cs",
                                                  "migrations",
                                                  "L1-dcache-prefetch-misses",
                                                  "branch-load-misses",
                                                  "branch-loads"};
  return events;
}

std::vector<std::string> defaultEvents() {
  std::vector<std::string> events = {"task-clock", "page-faults"};
  events.insert(events.end(), paperEvents().begin(), paperEvents().end());
  return events;
}

std::vector<std::string> genericEventNames() {
  std::vector<std::string> names;
  for (const NamedEvent &e : kFixedEvents)
    names.emplace_back(e.name);
  for (auto [cache, id] : kCaches)
    for (auto [op, opId] : kCacheOps)
      for (bool misses : {false, true})
        names.push_back(cacheEventName(cache, op, misses));
  return names;
}

} // namespace energy::meters
