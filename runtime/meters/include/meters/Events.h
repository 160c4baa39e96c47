//===- meters/Events.h - Event names, as perf spells them ---------*- C++ -*-===//
//
// Turns the event lists users write (`-e cycles,{instructions,branches},
// power/energy-pkg/,r003c,INST_RETIRED:ANY_P`) into perf_event_attr settings.
// Names resolve in perf's order: the generic hardware, software and cache
// names of perf(1) with optional :u/:k/:h modifiers, raw rNNN codes, sysfs PMU
// events pmu/terms/ (format and events files under the sysfs root), then
// libpfm4 names. Unknown names are an error that says what is accepted.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_EVENTS_H
#define ENERGY_METERS_EVENTS_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace energy::meters {

struct EventSpec {
  std::string name; // as the user wrote it; printed back unchanged
  uint32_t type = 0;
  uint64_t config = 0;
  uint64_t config1 = 0;
  uint64_t config2 = 0;
  bool excludeUser = false;
  bool excludeKernel = false;
  bool excludeHv = false;
  int group = -1;     // events sharing a group index are scheduled together
  double scale = 1.0; // from a PMU's events/NAME.scale (energy: joules per count)
  std::string unit;   // from events/NAME.unit, empty for plain counts
  int cpu = -1;       // PMUs that only count per CPU (cpumask), e.g. power
};

struct EventListResult {
  std::vector<EventSpec> events;
  std::string error; // empty on success; otherwise one line naming the bad event
};

/// Parses a comma-separated event list with {groups}. `sysfsRoot` replaces
/// /sys when resolving pmu/terms/ events.
EventListResult parseEventList(std::string_view list, const std::string &sysfsRoot);

/// Resolves one event name (no groups, no commas outside pmu/.../).
bool resolveEvent(std::string_view name, const std::string &sysfsRoot, EventSpec &out,
                  std::string &error);

/// The 22 events the paper's model selects, in its order.
const std::vector<std::string> &paperEvents();

/// energy-stat's default list: the paper's 22 plus task-clock and page-faults.
std::vector<std::string> defaultEvents();

/// Every generic perf name this library knows, for --list.
std::vector<std::string> genericEventNames();

/// Generic name lookup only (no sysfs, no libpfm4).
bool lookupGenericEvent(std::string_view name, EventSpec &out);

/// libpfm4 lookup; false with a reason when libpfm4 does not know the name
/// or was not built in.
bool lookupPfmEvent(std::string_view name, EventSpec &out, std::string &error);

/// sysfs PMU event `pmu/terms/`: terms are `name=value` (format fields) or an
/// alias from events/. Sets scale, unit and cpu from sysfs when present.
bool lookupPmuEvent(std::string_view spec, const std::string &sysfsRoot, EventSpec &out,
                    std::string &error);

} // namespace energy::meters

#endif
