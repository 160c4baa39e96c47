//===- PerfPowerMeter.cpp - RAPL energy through perf's power PMU ----------===//
//
// The kernel's RAPL perf driver exposes SYSFS/bus/event_source/devices/power
// with events/energy-pkg, energy-cores, energy-ram, energy-gpu, energy-psys,
// each with a .scale (joules per count, 2^-32 typically) and a .unit. They
// count per package, system-wide: one counter on the first CPU of each
// package (cpumask), which needs perf_event_paranoid <= 0 or CAP_PERFMON. The
// kernel accumulates the 32-bit MSR into 64 bits, so there is no wrap here.
//
//===----------------------------------------------------------------------===//
#include "meters/EnergyMeter.h"
#include "meters/Events.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace energy::meters {
namespace {

class PerfPowerMeter final : public EnergyMeter {
public:
  PerfPowerMeter(std::string name, std::string domain, PerfSys &sys, std::vector<int> fds,
                 double scale)
      : EnergyMeter(std::move(name), "perf-power"), powerDomain(std::move(domain)), sys(sys),
        fds(std::move(fds)), scale(scale), start(this->fds.size(), 0) {
    for (size_t i = 0; i < this->fds.size(); ++i)
      readCount(this->fds[i], start[i]);
  }
  ~PerfPowerMeter() override {
    for (int fd : fds)
      sys.close(fd);
  }

  std::string domain() const override { return powerDomain; }

  bool read(double &joules) override {
    uint64_t total = 0;
    for (size_t i = 0; i < fds.size(); ++i) {
      uint64_t count;
      if (!readCount(fds[i], count))
        return false;
      total += count - start[i];
    }
    joules = static_cast<double>(total) * scale;
    return true;
  }

private:
  bool readCount(int fd, uint64_t &count) {
    return sys.read(fd, &count, sizeof count) == static_cast<long>(sizeof count);
  }

  std::string powerDomain;
  PerfSys &sys;
  std::vector<int> fds;
  double scale;
  std::vector<uint64_t> start;
};

// energy-pkg -> package, energy-ram -> dram, energy-cores -> core.
std::string domainOf(const std::string &event) {
  std::string d = event.substr(event.find('-') + 1);
  if (d == "pkg")
    return "package";
  if (d == "ram")
    return "dram";
  if (d == "cores")
    return "core";
  return d;
}

std::string paranoidFix(int paranoid) {
  std::string now = paranoid == INT_MIN ? std::string("unreadable") : std::to_string(paranoid);
  return "system-wide events need kernel.perf_event_paranoid <= 0 (now " + now +
         ") or CAP_PERFMON: run as root, `sudo setcap cap_perfmon+ep BINARY`, or "
         "`sudo sysctl kernel.perf_event_paranoid=0`";
}

} // namespace

int perfEventParanoid(const ProbeOptions &options) {
  FileOpener &files = options.files ? *options.files : realFileOpener();
  std::string text;
  if (readTextFile(files, options.procRoot + "/sys/kernel/perf_event_paranoid", text) != 0 ||
      text.empty())
    return INT_MIN;
  return std::atoi(text.c_str());
}

MeterDiscovery discoverPerfPower(const ProbeOptions &options) {
  MeterDiscovery found;
  found.source = Source{"perf-power", "energy", false, false, ""};
  std::string root = sysfsRoot(options.sysfsRoot);
  std::string pmu = root + "/bus/event_source/devices/power";
  std::vector<std::string> events;
  for (const std::string &entry : listDirectory(pmu + "/events"))
    if (entry.starts_with("energy-") && entry.find('.') == std::string::npos)
      events.push_back(entry);
  if (events.empty()) {
    found.source.detail = "no " + pmu +
                          "/events/energy-*: the kernel has no RAPL perf PMU "
                          "here (a VM, or a CPU without RAPL)";
    return found;
  }
  found.source.present = true;
  FileOpener &files = options.files ? *options.files : realFileOpener();
  PerfSys &sys = options.perf ? *options.perf : linuxPerfSys();
  std::string cpumask;
  readTextFile(files, pmu + "/cpumask", cpumask);
  std::vector<int> cpus = parseCpuList(cpumask);
  if (cpus.empty())
    cpus.push_back(0);
  std::string names, failure;
  for (const std::string &event : events) {
    EventSpec spec;
    std::string error;
    if (!lookupPmuEvent("power/" + event + "/", root, spec, error)) {
      failure = error;
      continue;
    }
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = spec.type;
    attr.config = spec.config;
    std::vector<int> fds;
    for (int cpu : cpus) {
      int fd = sys.open(attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
      if (fd < 0) {
        failure = (fd == -EACCES || fd == -EPERM)
                      ? paranoidFix(perfEventParanoid(options))
                      : "perf_event_open(power/" + event + "/) failed: " + std::strerror(-fd);
        break;
      }
      fds.push_back(fd);
    }
    if (fds.size() != cpus.size()) {
      for (int fd : fds)
        sys.close(fd);
      continue;
    }
    std::string name = "power/" + event + "/";
    names += (names.empty() ? "" : ", ") + name;
    found.meters.push_back(
        std::make_unique<PerfPowerMeter>(name, domainOf(event), sys, std::move(fds), spec.scale));
  }
  found.source.used = !found.meters.empty();
  found.source.detail = found.meters.empty()
                            ? failure
                            : "counts " + names + " on " + std::to_string(cpus.size()) +
                                  " package(s)" + (failure.empty() ? "" : "; " + failure);
  return found;
}

} // namespace energy::meters
