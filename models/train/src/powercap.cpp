//===- powercap.cpp - RAPL energy from the powercap tree ------------------===//
#include "energy/train/powercap.h"
#include "energy/train/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>

namespace energy::train {

namespace fs = std::filesystem;

namespace {

std::string readLine(const std::string &Path) {
  std::ifstream In(Path);
  require(static_cast<bool>(In),
          Path + ": cannot read (" + std::strerror(errno) +
              "); energy_uj is root-only on recent kernels: run as root or "
              "make it readable (chmod o+r)");
  std::string Line;
  std::getline(In, Line);
  return Line;
}

uint64_t readCounter(const std::string &Path) {
  std::string Text = readLine(Path);
  try {
    size_t Used = 0;
    uint64_t V = std::stoull(Text, &Used);
    if (Used == Text.size())
      return V;
  } catch (const std::exception &) {
  }
  throw TrainError(Path + ": '" + Text + "' is not a counter value");
}

} // namespace

PowercapMeter PowercapMeter::open(const std::string &Root) {
  PowercapMeter M;
  // Package zones are intel-rapl:N; their sub-zones (core, uncore, dram) are
  // intel-rapl:N:M and are already included in the package's energy.
  static const std::regex Package("intel-rapl:[0-9]+");
  std::error_code Ec;
  for (const auto &Entry : fs::directory_iterator(Root, Ec)) {
    std::string Name = Entry.path().filename().string();
    if (!std::regex_match(Name, Package) ||
        !fs::exists(Entry.path() / "energy_uj"))
      continue;
    PowercapZone Z;
    Z.path = Entry.path().string();
    Z.name = fs::exists(Entry.path() / "name") ? readLine(Z.path + "/name") : Name;
    Z.maxRangeMicrojoules =
        fs::exists(Entry.path() / "max_energy_range_uj")
            ? readCounter(Z.path + "/max_energy_range_uj")
            : 0;
    M.Zones.push_back(Z);
  }
  require(!M.Zones.empty(),
          "no RAPL energy meter: " + Root +
              " has no intel-rapl:N zone with energy_uj (virtual machines and "
              "non-Intel CPUs often lack it); collect on a machine with RAPL, "
              "pass --powercap-root DIR, or import measured data with "
              "energy-train import");
  std::sort(M.Zones.begin(), M.Zones.end(),
            [](const PowercapZone &A, const PowercapZone &B) { return A.path < B.path; });
  return M;
}

std::vector<uint64_t> PowercapMeter::read() const {
  std::vector<uint64_t> V;
  for (const PowercapZone &Z : Zones)
    V.push_back(readCounter(Z.path + "/energy_uj"));
  return V;
}

double PowercapMeter::joulesBetween(const std::vector<uint64_t> &Before,
                                    const std::vector<uint64_t> &After) const {
  double Joules = 0.0;
  for (size_t I = 0; I < Zones.size(); ++I) {
    uint64_t Delta = After[I] >= Before[I]
                         ? After[I] - Before[I]
                         : Zones[I].maxRangeMicrojoules - Before[I] + After[I];
    Joules += static_cast<double>(Delta) * 1e-6;
  }
  return Joules;
}

} // namespace energy::train
