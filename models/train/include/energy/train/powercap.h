//===- energy/train/powercap.h - RAPL energy from the powercap tree -------===//
//
// Linux exposes RAPL as /sys/class/powercap/intel-rapl:N (one per package)
// with energy_uj, a microjoule counter that wraps at max_energy_range_uj.
// The root is a parameter so that tests use a fake tree.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_POWERCAP_H
#define ENERGY_TRAIN_POWERCAP_H

#include <cstdint>
#include <string>
#include <vector>

namespace energy::train {

struct PowercapZone {
  std::string path; ///< the zone's directory
  std::string name; ///< its "name" file, e.g. package-0
  uint64_t maxRangeMicrojoules = 0;
};

class PowercapMeter {
public:
  /// The package zones under Root; throws TrainError when there are none.
  static PowercapMeter open(const std::string &Root);

  /// Microjoules of every zone, in zone order.
  std::vector<uint64_t> read() const;
  /// Joules used between two reads, counter wrap-around handled.
  double joulesBetween(const std::vector<uint64_t> &Before,
                       const std::vector<uint64_t> &After) const;
  const std::vector<PowercapZone> &zones() const { return Zones; }

private:
  std::vector<PowercapZone> Zones;
};

} // namespace energy::train

#endif
