//===- Probe.cpp - Finding out which counter sources work here ------------===//
//
// Each probe opens one real event (or, with createEvents off, asks about one
// that no PMU has, which creates none) and says, in one line, what it found
// or why it failed and how to enable it. The usual failures: a VM without a virtual
// PMU (ENOENT/EOPNOTSUPP for every hardware event), perf_event_paranoid too
// high (EACCES), and rdpmc switched off in SYSFS/bus/event_source/devices/cpu/rdpmc.
//
//===----------------------------------------------------------------------===//
#include "meters/Counters.h"
#include "meters/EnergyMeter.h"
#include "meters/Sources.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <linux/perf_event.h>

namespace energy::meters {
namespace {

std::string paranoidText(const ProbeOptions &options) {
  int level = perfEventParanoid(options);
  return level == INT_MIN ? "unreadable" : std::to_string(level);
}

std::string failureDetail(const ProbeOptions &options, const char *event, int error,
                          bool hardware) {
  std::string what = std::string("perf_event_open(") + event + ") failed: " + std::strerror(error);
  switch (error) {
  case EACCES:
  case EPERM:
    return what + "; kernel.perf_event_paranoid=" + paranoidText(options) +
           " forbids it: `sudo sysctl kernel.perf_event_paranoid=2` (own threads, user mode) "
           "or 1, or grant CAP_PERFMON";
  case ENOENT:
  case EOPNOTSUPP:
  case ENODEV:
  case EINVAL:
    return hardware ? what + "; no hardware PMU (a VM without a virtual PMU: enable it in the "
                             "hypervisor, e.g. KVM `-cpu host,pmu=on`, VMware 'virtualize CPU "
                             "performance counters')"
                    : what + "; the kernel lacks this software event";
  case ENOSYS:
    return what + "; the kernel has no perf_event_open (CONFIG_PERF_EVENTS off, or seccomp)";
  default:
    return what;
  }
}

EventSpec genericEvent(const char *name) {
  EventSpec spec;
  spec.name = name;
  lookupGenericEvent(name, spec);
  return spec;
}

/// perf_event_open of an event of `type` with a config past every PMU's
/// table, on the calling thread, user mode: 0 if a kernel took it after all
/// (the event is closed again), else the errno. No event is created.
int askWithoutCreating(const ProbeOptions &options, uint32_t type, uint64_t config) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = type;
  attr.config = config;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  PerfSys &sys = options.perf ? *options.perf : linuxPerfSys();
  int fd = sys.open(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0)
    return -fd;
  sys.close(fd);
  return 0;
}

/// The source that perf_event_open's answer about an event no PMU has
/// makes: present, saying Found, or why not.
Source sourceFromAnswer(const ProbeOptions &options, const char *name, bool present, int error,
                        const char *found, bool hardware) {
  return Source{name, "counters", present, false,
                present ? std::string(found)
                        : failureDetail(options, hardware ? "a hardware event" : "a software event",
                                        error, hardware)};
}

Source askHardwareCounters(const ProbeOptions &options) {
  int error = askWithoutCreating(options, PERF_TYPE_HARDWARE, PERF_COUNT_HW_MAX);
  // A CPU PMU rejects the config it has no entry for; with none, no PMU
  // takes the event at all.
  return sourceFromAnswer(options, "perf-hardware", error == EINVAL || error == 0, error,
                          "a CPU PMU answers perf_event_open (asked without opening an "
                          "event; ENERGY_REGION_EVENTS opens them)",
                          true);
}

Source askSoftwareCounters(const ProbeOptions &options) {
  int error = askWithoutCreating(options, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_MAX);
  // The software PMU rejects a config it has no entry for: the call itself
  // is allowed.
  return sourceFromAnswer(options, "perf-software",
                          error == ENOENT || error == EINVAL || error == 0, error,
                          "perf_event_open is allowed: task-clock, cs, migrations, page-faults, "
                          "cpu-clock count (asked without opening an event)",
                          false);
}

} // namespace

Source probeHardwareCounters(const ProbeOptions &options) {
  if (!options.createEvents)
    return askHardwareCounters(options);
  Source source{"perf-hardware", "counters", false, false, ""};
  CounterSet set({genericEvent("cycles")}, options.perf ? *options.perf : linuxPerfSys());
  CounterOptions counting;
  counting.mapPages = false;
  if (set.open(counting) == 1) {
    source.present = true;
    source.detail = "the CPU's PMU counts cycles";
    if (set.fellBackToUser(0))
      source.detail +=
          " (user mode only: kernel.perf_event_paranoid=" + paranoidText(options) + ")";
    return source;
  }
  source.detail = failureDetail(options, "cycles", set.openError(0), true);
  return source;
}

Source probeSoftwareCounters(const ProbeOptions &options) {
  if (!options.createEvents)
    return askSoftwareCounters(options);
  Source source{"perf-software", "counters", false, false, ""};
  CounterSet set({genericEvent("task-clock")}, options.perf ? *options.perf : linuxPerfSys());
  CounterOptions counting;
  counting.mapPages = false;
  if (set.open(counting) == 1) {
    source.present = true;
    source.detail = "task-clock, cs, migrations, page-faults, cpu-clock count";
    return source;
  }
  source.detail = failureDetail(options, "task-clock", set.openError(0), false);
  return source;
}

Source probeRdpmc(const ProbeOptions &options, bool hardwarePresent) {
  Source source{"rdpmc", "counters", false, false, ""};
  if (!hardwarePresent) {
    source.detail = "no hardware counters to read with rdpmc; region boundaries use read(2)";
    return source;
  }
  if (!options.createEvents) {
    source.detail = "not probed: it takes opening a hardware event, which per-region counters "
                    "(ENERGY_REGION_EVENTS) do";
    return source;
  }
  CounterSet set({genericEvent("instructions")}, options.perf ? *options.perf : linuxPerfSys());
  set.open(CounterOptions{});
  CounterValue value;
  set.readSelf(&value); // schedules the event so that the page says where it is
  if (set.rdpmcUsable()) {
    source.present = true;
    source.detail = "cap_user_rdpmc set: region boundaries read counters in user space";
    return source;
  }
  std::string text;
  FileOpener &files = options.files ? *options.files : realFileOpener();
  std::string knob = sysfsRoot(options.sysfsRoot) + "/bus/event_source/devices/cpu/rdpmc";
  readTextFile(files, knob, text);
  source.detail = "the kernel does not allow rdpmc (" + knob + "=" + (text.empty() ? "?" : text) +
                  "; `echo 1 | sudo tee " + knob +
                  "` allows it for tasks with counters open); region boundaries use read(2)";
  return source;
}

} // namespace energy::meters
