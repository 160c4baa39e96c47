//===- meters/EnergyMeter.h - Energy meters and their discovery ---*- C++ -*-===//
//
// An EnergyMeter reports the joules a domain (a RAPL package, DRAM, a GPU)
// consumed since it was opened. Meters are discovered by the functions below,
// each of which also returns the Source line explaining what it found or why
// nothing is there. Readings are differenced from hardware counters, never
// extrapolated; wrapping counters (powercap's energy_uj wraps at
// max_energy_range_uj) are unwrapped at each read, so a meter must be read
// more often than it wraps (minutes at full power; the sampler reads every
// 20 ms).
//
// Thread-safety: a meter must not be read by two threads at once; MeterSet
// serialises its reads.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_METERS_ENERGYMETER_H
#define ENERGY_METERS_ENERGYMETER_H

#include "meters/Sources.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace energy::meters {

class EnergyMeter {
public:
  EnergyMeter(std::string name, std::string source)
      : meterName(std::move(name)), sourceName(std::move(source)) {}
  virtual ~EnergyMeter() = default;
  /// "rapl:package-0", "rapl:package-0:dram", "power/energy-pkg/", "nvml:gpu0".
  const std::string &name() const { return meterName; }
  /// The Source::name it belongs to.
  const std::string &source() const { return sourceName; }
  /// The domain's kind: package, core, uncore, dram, psys or gpu.
  virtual std::string domain() const = 0;
  /// Joules since the meter was opened. Allocation-free; false on a read error.
  virtual bool read(double &joules) = 0;

private:
  std::string meterName;
  std::string sourceName;
};

/// Unwraps a counter that wraps to zero after `range` (max_energy_range_uj).
class WrapCounter {
public:
  explicit WrapCounter(uint64_t range = 0) : range(range) {}
  void start(uint64_t raw) {
    last = raw;
    total = 0;
  }
  /// Total advanced since start(); a smaller raw value means one wrap.
  uint64_t advance(uint64_t raw) {
    total += raw >= last ? raw - last : range - last + raw;
    last = raw;
    return total;
  }

private:
  uint64_t range;
  uint64_t last = 0;
  uint64_t total = 0;
};

struct MeterDiscovery {
  std::vector<std::unique_ptr<EnergyMeter>> meters;
  Source source;
};

/// RAPL zones under SYSFS/class/powercap (intel-rapl:*, amd-rapl:*).
MeterDiscovery discoverPowercap(const ProbeOptions &options);
/// RAPL zones of one powercap directory: discoverPowercap's reader, for a
/// tool pointed at a powercap tree of its own (energy-train --powercap-root).
MeterDiscovery discoverPowercapZones(const std::string &powercapDir, FileOpener &files);
/// perf's power PMU: SYSFS/bus/event_source/devices/power/events/energy-*.
MeterDiscovery discoverPerfPower(const ProbeOptions &options);
/// NVIDIA GPUs through NVML, loaded with dlopen.
MeterDiscovery discoverNvml(const ProbeOptions &options);

/// The meters whose energies add up without double counting: psys when there
/// is one, otherwise packages and DRAM; RAPL from powercap before the perf
/// PMU; plus every GPU.
std::vector<size_t> primaryMeters(const std::vector<std::unique_ptr<EnergyMeter>> &meters);

/// kernel.perf_event_paranoid, or INT_MIN when unreadable.
int perfEventParanoid(const ProbeOptions &options);

} // namespace energy::meters

#endif
