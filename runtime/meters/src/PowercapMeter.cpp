//===- PowercapMeter.cpp - RAPL energy through the powercap tree ----------===//
//
// Each RAPL zone is a directory SYSFS/class/powercap/intel-rapl:P[:S] (AMD
// machines use the same driver and names; newer kernels may add amd-rapl or
// intel-rapl-mmio control types) with `name` (package-N, core, uncore, dram,
// psys), `energy_uj` (a wrapping microjoule counter) and
// `max_energy_range_uj` (where it wraps). Since Linux 5.10 energy_uj is
// readable by root only (CVE-2020-8694, the Platypus attack), which is the
// usual reason a present meter cannot be used.
//
//===----------------------------------------------------------------------===//
#include "meters/EnergyMeter.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace energy::meters {
namespace {

class PowercapMeter final : public EnergyMeter {
public:
  PowercapMeter(std::string name, std::string domain, int fd, uint64_t range, uint64_t first)
      : EnergyMeter(std::move(name), "rapl-powercap"), zoneDomain(std::move(domain)), fd(fd),
        counter(range) {
    counter.start(first);
  }
  ~PowercapMeter() override { ::close(fd); }

  std::string domain() const override { return zoneDomain; }

  bool read(double &joules) override {
    uint64_t raw;
    if (preadUint64(fd, raw) != 0)
      return false;
    joules = static_cast<double>(counter.advance(raw)) * 1e-6;
    return true;
  }

private:
  std::string zoneDomain;
  int fd;
  WrapCounter counter;
};

bool isRaplZone(const std::string &entry) {
  return entry.find("rapl") != std::string::npos && entry.find(':') != std::string::npos;
}

// package-0 -> package; the other names are the domain already.
std::string domainOf(const std::string &zoneName) {
  return zoneName.starts_with("package") ? "package" : zoneName;
}

struct ZoneScan {
  std::vector<std::string> denied;     // zones whose energy_uj open gave EACCES/EPERM
  std::vector<std::string> unreadable; // other errors, with the reason
};

std::string permissionFix(const std::string &powercap) {
  return "energy_uj is readable by root only since Linux 5.10 (CVE-2020-8694): run as root, "
         "or `sudo chmod a+r " +
         powercap +
         "/*rapl:*/energy_uj` until reboot, or install the "
         "udev rule in docs/meters.md (SUBSYSTEM==\"powercap\", RUN+=\"/bin/chmod a+r "
         "/sys%p/energy_uj\")";
}

std::unique_ptr<EnergyMeter> openZone(FileOpener &files, const std::string &powercap,
                                      const std::string &entry, ZoneScan &scan) {
  std::string dir = powercap + "/" + entry;
  std::string name, text;
  if (readTextFile(files, dir + "/name", name) != 0)
    return nullptr;
  std::string label = name;
  // Subzones (intel-rapl:0:1) are named after their package: rapl:package-0:dram.
  if (size_t colon = entry.rfind(':'); entry.find(':') != colon) {
    std::string parentName;
    if (readTextFile(files, powercap + "/" + entry.substr(0, colon) + "/name", parentName) == 0)
      label = parentName + ":" + name;
  }
  int fd = files.open(dir + "/energy_uj");
  if (fd == -EACCES || fd == -EPERM) {
    scan.denied.push_back(entry);
    return nullptr;
  }
  if (fd < 0) {
    scan.unreadable.push_back(entry + ": " + std::strerror(-fd));
    return nullptr;
  }
  uint64_t range = 0, first = 0;
  if (readTextFile(files, dir + "/max_energy_range_uj", text) == 0)
    range = std::strtoull(text.c_str(), nullptr, 10);
  if (int err = preadUint64(fd, first); err != 0 || range == 0) {
    scan.unreadable.push_back(entry + (err ? std::string(": ") + std::strerror(-err)
                                           : std::string(": no max_energy_range_uj")));
    ::close(fd);
    return nullptr;
  }
  return std::make_unique<PowercapMeter>("rapl:" + label, domainOf(name), fd, range, first);
}

} // namespace

MeterDiscovery discoverPowercap(const ProbeOptions &options) {
  FileOpener &files = options.files ? *options.files : realFileOpener();
  return discoverPowercapZones(sysfsRoot(options.sysfsRoot) + "/class/powercap", files);
}

MeterDiscovery discoverPowercapZones(const std::string &powercap, FileOpener &files) {
  MeterDiscovery found;
  found.source = Source{"rapl-powercap", "energy", false, false, ""};
  std::vector<std::string> zones;
  bool haveMsrZones = false;
  for (const std::string &entry : listDirectory(powercap))
    if (isRaplZone(entry)) {
      zones.push_back(entry);
      haveMsrZones |= entry.starts_with("intel-rapl:");
    }
  if (zones.empty()) {
    found.source.detail = "no RAPL zones in " + powercap +
                          ": the kernel has no RAPL driver here (a VM, or a CPU without RAPL; "
                          "on bare metal: modprobe intel_rapl_msr)";
    return found;
  }
  found.source.present = true;
  ZoneScan scan;
  std::string names;
  for (const std::string &entry : zones) {
    // intel-rapl-mmio:0 repeats the MSR package zone on some Intel parts.
    if (haveMsrZones && entry.starts_with("intel-rapl-mmio:"))
      continue;
    if (auto meter = openZone(files, powercap, entry, scan)) {
      names += (names.empty() ? "" : ", ") + meter->name();
      found.meters.push_back(std::move(meter));
    }
  }
  if (!scan.denied.empty()) {
    found.source.detail = std::to_string(scan.denied.size()) + " RAPL zone(s) in " + powercap +
                          " not readable: " + permissionFix(powercap);
  } else if (!scan.unreadable.empty()) {
    found.source.detail = "RAPL zone(s) unreadable: " + scan.unreadable.front();
  }
  if (!found.meters.empty()) {
    found.source.used = true;
    std::string read = "reads energy_uj of " + names;
    found.source.detail = found.source.detail.empty() ? read : read + "; " + found.source.detail;
  }
  return found;
}

} // namespace energy::meters
